#include "gui/WindowLauncher.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include <QApplication>
#include <QScreen>
#include <QSettings>

#include "common/Error.h"
#include "gui/MainWindow.h"
#include "gui/SettingsKeys.h"

namespace meshdiff::gui {
namespace {

bool haveDisplay() {
    return std::getenv("DISPLAY") || std::getenv("WAYLAND_DISPLAY") || std::getenv("QT_QPA_PLATFORM");
}

}  // namespace

int runWindow(int argc, char** argv, const std::vector<std::string>& runs, bool demo) {
    if (!haveDisplay()) {
        std::cerr << "meshdiff: error: no display for the window (DISPLAY is not set); use `meshdiff compare` or "
                     "`meshdiff report` on machines without one\n";
        return 2;
    }
    QApplication::setOrganizationName(QStringLiteral("meshdiff"));
    QApplication::setApplicationName(QStringLiteral("meshdiff"));
    QApplication::setApplicationVersion(QStringLiteral(MESHDIFF_VERSION));
    QApplication app(argc, argv);

    MainWindow window;
    if (!QSettings().contains(settings::kWindowGeometry)) {
        const QRect screen = window.screen()->availableGeometry();
        window.resize(std::min(1500, screen.width() * 19 / 20), std::min(950, screen.height() * 19 / 20));
    }
    window.show();
    if (demo) {
        window.openDemo();
    } else if (runs.size() >= 2) {
        window.openPair(QString::fromStdString(runs[0]), QString::fromStdString(runs[1]));
    } else if (runs.size() == 1) {
        window.setRunA(QString::fromStdString(runs[0]));
    }
    return app.exec();
}

}  // namespace meshdiff::gui
