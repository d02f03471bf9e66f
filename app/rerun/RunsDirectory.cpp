#include "rerun/RunsDirectory.h"

#include <cstdlib>

#include "rerun/ResourceDirectory.h"

namespace meshdiff::rerun {

std::string defaultRunsDirectory() {
    if (const char* dir = std::getenv("MESHDIFF_RUNS_DIR"); dir && *dir) return dir;
    if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data) return std::string(data) + "/meshdiff/reruns";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : ".") + "/.local/share/meshdiff/reruns";
}

std::string presetRecipeDirectory() { return resourceDirectory() + "/recipes"; }

}  // namespace meshdiff::rerun
