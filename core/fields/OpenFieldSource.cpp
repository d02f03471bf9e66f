#include "common/Error.h"
#include "fields/FieldSource.h"
#include "fields/NetcdfFieldSource.h"
#include "fields/NpzFieldSource.h"
#include "io/FileKind.h"

namespace meshdiff {

std::unique_ptr<FieldSource> openFieldSource(const std::string& path, const FieldSourceOptions& options) {
    switch (sniffFileKind(path)) {
        case FileKind::FieldsNpz: return openNpzFieldSource(path, options);
        case FileKind::FieldsNetcdf: return openNetcdfFieldSource(path, options);
        case FileKind::GraphNpz:
        case FileKind::GraphHdf5: throw Error(path, "holds a graph, not fields");
        case FileKind::MetadataJson: throw Error(path, "is run metadata (JSON), not fields");
        case FileKind::Grib: throw Error(path, "is GRIB, which meshdiff does not read; convert it to NetCDF-4");
        case FileKind::Unknown: break;
    }
    throw Error(path, "is neither an .npz nor a NetCDF-4/HDF5 file: " + unrecognisedContentProblem(path));
}

}  // namespace meshdiff
