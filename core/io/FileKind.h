#pragma once
#include <string>

namespace meshdiff {

enum class FileKind { GraphNpz, GraphHdf5, FieldsNpz, FieldsNetcdf, MetadataJson, Grib, Unknown };

// Decides what a file holds from its content (magic bytes, keys, attributes), not its name.
// Throws meshdiff::Error when the content is of a kind meshdiff reads but damaged, or only half of
// a kind: a zip that libzip cannot open ("damaged archive"), an .npz whose member names say graph
// but that lacks graph arrays, an HDF5 file that cannot be opened or that carries graph datasets
// without meshdiff's format attribute, a file that starts with GRIB but whose first message is cut or
// is no GRIB 1/2. Unknown: content of no kind meshdiff knows (an empty file too).
FileKind sniffFileKind(const std::string& path);
std::string fileKindName(FileKind kind);

// Why sniffFileKind found no kind it knows, for a file whose name or user says it should hold one:
// "is empty", "is not a JSON object …", "is a zip archive without .npy arrays …", ….
std::string unrecognisedContentProblem(const std::string& path);

}  // namespace meshdiff
