#pragma once
#include <memory>
#include <string>
#include <vector>

#include "fields/Field.h"
#include "fields/LatLonGrid.h"

namespace meshdiff {

// A set of fields in one file, read one field at a time so that memory stays bounded.
// One source must not be used from two threads at once; two sources may.
class FieldSource {
public:
    virtual ~FieldSource() = default;
    virtual const std::string& path() const = 0;
    virtual std::vector<std::string> fieldNames() const = 0;  // in file order
    virtual const LatLonGrid& grid() const = 0;
    virtual Field load(const std::string& name) const = 0;  // throws meshdiff::Error
};

struct FieldSourceOptions {
    // Index taken along leading batch/time/sample dimensions (NetCDF); default: 0 for each.
    std::vector<std::size_t> leadingIndex;
    bool assumeLatAscending = true;  // for files without coordinates
};

// Opens an .npz or NetCDF-4/HDF5 fields file (decided by content). Throws meshdiff::Error.
std::unique_ptr<FieldSource> openFieldSource(const std::string& path, const FieldSourceOptions& options = {});

}  // namespace meshdiff
