#pragma once
#include <memory>
#include <string>

#include "fields/FieldSource.h"

namespace meshdiff {

// Fields from a GRIB 1 or 2 file, decoded by ecCodes: one message per field, level, lead and
// ensemble member, as ECMWF's ai-models plugins write them. Opening reads the keys of every
// message once (no values) and keeps where each message lies; load/loadAt decode one message.
// Names come from shortName + typeOfLevel + level (fields/GribNames.h). Leads are endStep in hours
// (plus the reference time's offset from the file's earliest one); members are the ensemble
// `number`s (none when every message is deterministic or number 0). Regular lat/lon grids only,
// scanned in any direction; all messages share one grid. Bitmap-missing points are NaN.
// load(name) takes the lead options.leadingIndex[0] and member [1] when given, else the first lead
// that has the field and the first member.
std::unique_ptr<FieldSource> openGribFieldSource(const std::string& path, const FieldSourceOptions& options = {});

}  // namespace meshdiff
