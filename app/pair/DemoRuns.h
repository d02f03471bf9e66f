#pragma once
#include <string>
#include <utility>

namespace meshdiff::pair {

// The built-in demo's run folders A and B, generated once into the user's cache folder
// (regenerated when missing or made by another meshdiff version). Throws meshdiff::Error.
std::pair<std::string, std::string> demoRunFolders();

}  // namespace meshdiff::pair
