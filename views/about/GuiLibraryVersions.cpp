#include "about/GuiLibraryVersions.h"

#include <QtGlobal>
#include <vtkVersion.h>

namespace meshdiff::views {

std::vector<std::pair<std::string, std::string>> guiLibraryVersions() {
    return {{"Qt", qVersion()}, {"VTK", vtkVersion::GetVTKVersion()}};
}

}  // namespace meshdiff::views
