#include "gui/DemoRuns.h"

#include "common/Error.h"

namespace meshdiff::gui {

std::pair<std::string, std::string> demoRunFolders() {
    throw Error("", "the built-in demo is not part of this build yet; run `meshdiff RUN_A RUN_B`");
}

}  // namespace meshdiff::gui
