#pragma once
#include <memory>

#include "fields/FieldSource.h"

namespace meshdiff {

// `source` with lead hours where its file gives none: the lead at index i (along the file's lead
// axis) is (i + 1) × `stepHours` hours, the first stored lead one step after the start, as a
// forecast's first output is. Leads with hours keep them.
std::unique_ptr<FieldSource> withLeadHours(std::unique_ptr<FieldSource> source, double stepHours);

}  // namespace meshdiff
