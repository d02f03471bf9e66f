#pragma once
#include <string>

namespace meshdiff::cli {

// "meshdiff 0.1.0" and the versions of the libraries it runs with, one per line.
std::string versionText();

}  // namespace meshdiff::cli
