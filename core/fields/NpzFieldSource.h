#pragma once
#include <memory>
#include <string>

#include "fields/FieldSource.h"

namespace meshdiff {

// Fields from a numpy .npz: one array per field, keyed `var` or `var@level`, shaped [lat, lon]
// (leading dimensions of size 1 are squeezed; the remaining leading dimensions take
// options.leadingIndex[0], [1], … in order, 0 where none is given). Scalars and 1-D arrays are not fields.
// 1-D arrays `lat`/`lon` or `latitude`/`longitude` are the coordinates; without them the grid is
// inferred from the shape. load() reads one member only, straight into the field for stored members.
std::unique_ptr<FieldSource> openNpzFieldSource(const std::string& path, const FieldSourceOptions& options = {});

}  // namespace meshdiff
