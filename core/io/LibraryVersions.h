#pragma once
#include <string>
#include <utility>
#include <vector>

namespace meshdiff {

// (library, version) of the libraries the core runs with, read at run time where they allow it.
std::vector<std::pair<std::string, std::string>> coreLibraryVersions();

}  // namespace meshdiff
