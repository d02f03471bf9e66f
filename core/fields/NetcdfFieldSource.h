#pragma once
#include <memory>
#include <string>

#include "fields/FieldSource.h"

namespace meshdiff {

// Fields of a NetCDF-4 (HDF5) file, read through the HDF5 library (layout in docs/formats.md).
// Every variable whose last two dimensions are latitude, longitude is a field; a vertical level
// dimension just before latitude splits it into "name@LEVEL" fields; other leading dimensions
// (time, batch, sample...) are indexed by options.leadingIndex (0 each by default). CF packing
// (scale_factor, add_offset) is undone and _FillValue / missing_value become NaN.
// load() reads one 2-D block only. Throws meshdiff::Error.
std::unique_ptr<FieldSource> openNetcdfFieldSource(const std::string& path, const FieldSourceOptions& options = {});

}  // namespace meshdiff
