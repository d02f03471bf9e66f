#include "about/GuiLibraryVersions.h"

#include <vtkVersion.h>
#include <QtGlobal>

namespace meshdiff::views {

std::vector<std::pair<std::string, std::string>> guiLibraryVersions() {
    return {{"Qt", qVersion()}, {"VTK", vtkVersion::GetVTKVersion()}};
}

}  // namespace meshdiff::views
