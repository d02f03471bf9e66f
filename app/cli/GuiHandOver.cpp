#include "cli/GuiHandOver.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <system_error>

#include "cli/Command.h"
#include "io/Hdf5Preflight.h"

namespace meshdiff::cli {

std::vector<std::filesystem::path> guiExecutableCandidates(const std::filesystem::path& self,
                                                           const std::string& relativeInstallDir,
                                                           const std::string& name) {
    const auto folder = self.parent_path();
    return {folder / name, (folder / relativeInstallDir / name).lexically_normal()};
}

int handOverToGui(char** argv) {
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) {
        std::cerr << "meshdiff: error: cannot find meshdiff's own executable (/proc/self/exe: " << error.message()
                  << "), so not the window's either\n";
        return kExitError;
    }
    const auto candidates =
        guiExecutableCandidates(self, MESHDIFF_GUI_RELATIVE_INSTALL_DIR, MESHDIFF_GUI_EXECUTABLE_NAME);
    // The window starts this small program, not itself, as its HDF5 pre-flight child.
    ::setenv(kHdf5PreflightProgramVariable, self.c_str(), 1);
    std::string tried;
    for (const auto& candidate : candidates) {
        ::execv(candidate.c_str(), argv);
        const int reason = errno;  // execv returns only on failure
        tried += "\n  " + candidate.string() + ": " + std::strerror(reason);
    }
    std::cerr << "meshdiff: error: the window and `meshdiff report` are in the executable "
              << MESHDIFF_GUI_EXECUTABLE_NAME << ", which could not be started; tried:" << tried
              << "\n(reinstall meshdiff, or build the target meshdiff_gui_app)\n";
    return kExitError;
}

}  // namespace meshdiff::cli
