#include "pair/DemoRuns.h"

#include <filesystem>

#include <QStandardPaths>

#include "common/Error.h"
#include "demo/Demo.h"

namespace meshdiff::pair {

std::pair<std::string, std::string> demoRunFolders() {
    namespace fs = std::filesystem;
    const fs::path cache = QStandardPaths::writableLocation(QStandardPaths::CacheLocation).toStdString();
    const fs::path folder = cache / (std::string("demo-") + MESHDIFF_VERSION);
    if (fs::exists(folder / "demo.json") && fs::exists(folder / "A") && fs::exists(folder / "B")) {
        return {(folder / "A").string(), (folder / "B").string()};
    }
    // Written beside the final place and renamed, so that an interrupted run leaves no half demo.
    const fs::path partial = cache / (std::string("demo-") + MESHDIFF_VERSION + ".partial");
    std::error_code error;
    fs::remove_all(partial, error);
    fs::create_directories(partial, error);
    if (error) throw Error(partial.string(), "cannot create the demo folder: " + error.message());
    writeDemo(DemoOptions{partial.string(), 1.0});
    fs::remove_all(folder, error);
    fs::rename(partial, folder, error);
    if (error) throw Error(folder.string(), "cannot move the demo into place: " + error.message());
    return {(folder / "A").string(), (folder / "B").string()};
}

}  // namespace meshdiff::pair
