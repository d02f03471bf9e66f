#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace meshdiff::cli {

// The window and `report` live in a second executable (meshdiff-gui), so that the command line
// starts without loading Qt Widgets/Gui and VTK (docs/architecture.md, "Two executables").

// Where meshdiff-gui may be, first to last, for the command-line executable at `self`: next to
// it (the build tree), then `relativeInstallDir` from its folder (the installed layout,
// <prefix>/bin → <prefix>/libexec/meshdiff).
std::vector<std::filesystem::path> guiExecutableCandidates(const std::filesystem::path& self,
                                                           const std::string& relativeInstallDir,
                                                           const std::string& name);

// Replaces this process with meshdiff-gui, given the same argv and environment (exit status,
// signals and standard streams stay the user's). Returns only when none of the candidates can be
// executed, after printing which paths were tried; the result is the exit status to return.
int handOverToGui(char** argv);

}  // namespace meshdiff::cli
