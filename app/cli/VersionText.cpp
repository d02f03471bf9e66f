#include "cli/VersionText.h"

#include "io/LibraryVersions.h"
#ifdef MESHDIFF_HAVE_GUI
#include "about/GuiLibraryVersions.h"
#endif

namespace meshdiff::cli {

std::string versionText() {
    auto libraries = coreLibraryVersions();
#ifdef MESHDIFF_HAVE_GUI
    const auto gui = views::guiLibraryVersions();
    libraries.insert(libraries.begin(), gui.begin(), gui.end());
#endif
    std::string text = std::string("meshdiff ") + MESHDIFF_VERSION;
    for (const auto& [name, version] : libraries) {
        text += "\n  ";
        text += name;
        text += ' ';
        text += version;
    }
    return text;
}

}  // namespace meshdiff::cli
