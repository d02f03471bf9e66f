#pragma once
#include <filesystem>
#include <string>

namespace meshdiff::rerun {

// Where the shipped resources (recipes, …) are: $MESHDIFF_RESOURCE_DIR if set, else
// <dir of the executable>/../share/meshdiff when it exists (the installed layout; for the window's
// <prefix>/libexec/meshdiff/meshdiff-gui, <prefix>/share/meshdiff), else the
// source tree's resources/ compiled in. Works without a QCoreApplication (reads /proc/self/exe).
std::string resourceDirectory();

// The same choice from explicit inputs (for tests): `override` wins when non-empty, then
// `executable`'s ../share/meshdiff if it is a directory, then `compiledIn`.
std::string resolveResourceDirectory(const std::string& override, const std::filesystem::path& executable,
                                     const std::string& compiledIn);

}  // namespace meshdiff::rerun
