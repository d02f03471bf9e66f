#pragma once
#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>

namespace meshdiff::test {

// A window under test keeps its settings apart from the user's, starts from the default layout
// and options, and shows no file dialogs.
inline void useFreshWindowSettings(const char* applicationName) {
    QStandardPaths::setTestModeEnabled(true);
    qputenv("MESHDIFF_NO_DIALOGS", "1");
    QCoreApplication::setOrganizationName("meshdiff-tests");
    QCoreApplication::setApplicationName(applicationName);
    QSettings().clear();
}

}  // namespace meshdiff::test
