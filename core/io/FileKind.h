#pragma once
#include <string>

namespace meshdiff {

enum class FileKind { GraphNpz, GraphHdf5, FieldsNpz, FieldsNetcdf, MetadataJson, Unknown };

// Decides what a file holds from its content (magic bytes, keys, attributes), not its name.
FileKind sniffFileKind(const std::string& path);
std::string fileKindName(FileKind kind);

}  // namespace meshdiff
