#include "fields/NetcdfFieldSource.h"

#include "common/Error.h"

namespace meshdiff {

std::unique_ptr<FieldSource> openNetcdfFieldSource(const std::string& path, const FieldSourceOptions&) {
    throw Error(path, "NetCDF-4 fields are not supported yet");
}

}  // namespace meshdiff
