#include "common/Error.h"
#include "io/FileKind.h"
#include "io/GraphFiles.h"

namespace meshdiff {

LeanGraph readLeanGraph(const std::string& path) {
    if (sniffFileKind(path) == FileKind::GraphNpz) return readLeanGraphNpz(path);
    LeanGraph lean;
    lean.arrays_ = readGraph(path);
    return lean;
}

MeshGraph readGraph(const std::string& path) {
    switch (sniffFileKind(path)) {
        case FileKind::GraphNpz: return readGraphNpz(path);
        case FileKind::GraphHdf5: return readGraphHdf5(path);
        case FileKind::FieldsNpz:
        case FileKind::FieldsNetcdf:
            throw Error(path, "holds fields, not a graph (no grid→mesh / mesh→grid edges found)");
        case FileKind::MetadataJson: throw Error(path, "is run metadata (JSON), not a graph");
        case FileKind::Grib: throw Error(path, "is GRIB, not a graph");
        case FileKind::Unknown: break;
    }
    throw Error(path, "is neither an .npz nor an HDF5 graph file: " + unrecognisedContentProblem(path));
}

}  // namespace meshdiff
