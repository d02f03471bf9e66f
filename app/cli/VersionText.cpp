#include "cli/VersionText.h"

#include "io/LibraryVersions.h"
#ifdef MESHDIFF_HAVE_GUI
#include "about/GuiLibraryVersions.h"
#elif defined(MESHDIFF_GUI_HANDOVER)
#include <QtGlobal>
#endif

namespace meshdiff::cli {

std::string versionText() {
    auto libraries = coreLibraryVersions();
#ifdef MESHDIFF_HAVE_GUI
    const auto gui = views::guiLibraryVersions();
    libraries.insert(libraries.begin(), gui.begin(), gui.end());
#elif defined(MESHDIFF_GUI_HANDOVER)
    // The command line does not load VTK (the window's executable does): the version it was built
    // with, which the package's dependency on VTK's soname keeps equal to the one meshdiff-gui loads.
    libraries.insert(libraries.begin(), {{"Qt", qVersion()}, {"VTK", MESHDIFF_VTK_VERSION}});
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
