#pragma once
#include <string>
#include <utility>
#include <vector>

namespace meshdiff::views {

// (library, version) of Qt and VTK as loaded at run time.
std::vector<std::pair<std::string, std::string>> guiLibraryVersions();

}  // namespace meshdiff::views
