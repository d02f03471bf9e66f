#pragma once
#include <string>
#include <vector>

#include "fieldtable/FieldRow.h"

namespace meshdiff::views {

// One top-level line of the field table: a single field, or a variable's levels folded together.
struct FieldTableEntry {
    std::string variable;
    std::vector<int> rows;  // indices into the table's rows; a group's in ascending level order
    bool isGroup() const { return rows.size() > 1; }
};

// Flat: one entry per row, in order. Grouped: each variable with two or more levels becomes one
// entry at the place of its first level; surface fields and single levels stay entries of their own.
std::vector<FieldTableEntry> fieldTableEntries(const std::vector<FieldRow>& rows, bool grouped);

// The entry's row that sorts worst first under `choice` (the first of equals).
int worstRowOf(const FieldTableEntry& entry, const std::vector<FieldRow>& rows, const MetricChoice& choice);

}  // namespace meshdiff::views
