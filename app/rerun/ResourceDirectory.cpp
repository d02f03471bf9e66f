#include "rerun/ResourceDirectory.h"

#include <cstdlib>
#include <system_error>

namespace meshdiff::rerun {

std::string resolveResourceDirectory(const std::string& override, const std::filesystem::path& executable,
                                     const std::string& compiledIn) {
    if (!override.empty()) return override;
    if (!executable.empty()) {
        // <prefix>/bin/meshdiff, or the window's <prefix>/libexec/meshdiff/meshdiff-gui.
        for (const char* relative : {"../share/meshdiff", MESHDIFF_DATA_FROM_LIBEXEC}) {
            const auto installed = executable.parent_path() / relative;
            std::error_code error;
            if (std::filesystem::is_directory(installed, error)) {
                const auto normal = std::filesystem::weakly_canonical(installed, error);
                return (error ? installed.lexically_normal() : normal).string();
            }
        }
    }
    return compiledIn;
}

std::string resourceDirectory() {
    const char* env = std::getenv("MESHDIFF_RESOURCE_DIR");
    std::error_code error;
    const auto executable = std::filesystem::read_symlink("/proc/self/exe", error);
    return resolveResourceDirectory(env ? env : "", error ? std::filesystem::path() : executable,
                                    MESHDIFF_RESOURCE_DIR);
}

}  // namespace meshdiff::rerun
