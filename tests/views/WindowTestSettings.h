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
    // One settings file per test process: ctest runs two window tests at a time, and one's recent
    // pairs must not land in the other's.
    QCoreApplication::setApplicationName(
        QStringLiteral("%1-%2").arg(QString::fromUtf8(applicationName)).arg(QCoreApplication::applicationPid()));
    QSettings().clear();
}

}  // namespace meshdiff::test
