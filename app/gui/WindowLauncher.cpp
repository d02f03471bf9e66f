#include "gui/WindowLauncher.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <utility>

#include <QApplication>
#include <QHashFunctions>
#include <QScreen>
#include <QSettings>

#include "background/StartupTrace.h"
#include "common/Error.h"
#include "gui/GlobeSceneSettings.h"
#include "gui/MainWindow.h"
#include "gui/SettingsKeys.h"
#include "gui/reactions/LayoutReactions.h"
#include "gui/session/WindowSession.h"
#include "io/Hdf5Preflight.h"
#include "pair/PairSession.h"

namespace meshdiff::gui {
namespace {

bool haveDisplay() {
    return std::getenv("DISPLAY") || std::getenv("WAYLAND_DISPLAY") || std::getenv("QT_QPA_PLATFORM");
}

}  // namespace

std::unique_ptr<MainWindow> makeWindow(const std::vector<std::string>& runs, ReportWriter reportWriter,
                                       const std::string& spreadRun, std::optional<double> leadStepHours) {
    auto* session = new PairSession;
    session->setLeadStepHours(leadStepHours);
    session->setFieldsWaitForGraphsShown(MainWindow::kFieldsWaitForGlobe);
    // The window is built while the runs are read: the mesh texture for the globe it will show.
    session->setGraphsReadWork(drawMeshTextureAhead(savedGlobeScene(QSettings())));
    if (runs.size() >= 2)
        session->openWithSpread(QString::fromStdString(runs[0]), QString::fromStdString(runs[1]),
                                QString::fromStdString(spreadRun));
    else if (runs.size() == 1) session->setRunA(QString::fromStdString(runs[0]));
    auto window = std::make_unique<MainWindow>(session);
    window->setReportWriter(std::move(reportWriter));
    return window;
}

int runWindow(int argc, char** argv, const std::vector<std::string>& runs, bool demo, ReportWriter reportWriter,
              const std::string& spreadRun, std::optional<double> leadStepHours, const std::string& sessionFile) {
    if (!haveDisplay()) {
        std::cerr << "meshdiff: error: no display for the window (DISPLAY is not set); use `meshdiff compare` or "
                     "`meshdiff report` on machines without one\n";
        return 2;
    }
    QApplication::setOrganizationName(QStringLiteral("meshdiff"));
    QApplication::setApplicationName(QStringLiteral("meshdiff"));
    QApplication::setApplicationVersion(QStringLiteral(MESHDIFF_VERSION));
    // File ▸ Export ▸ Report writes the same PDFs as `meshdiff report` (fonts listed in hash order).
    QHashSeed::setDeterministicGlobalSeed();
    const char* preflightProgram = std::getenv(kHdf5PreflightProgramVariable);
    spawnHdf5PreflightChildren(preflightProgram && *preflightProgram ? preflightProgram : "/proc/self/exe");
    QApplication app(argc, argv);
    views::traceStartup("QApplication made");
    std::optional<SessionState> session;
    try {
        if (!sessionFile.empty()) session = readSessionFile(QString::fromStdString(sessionFile));
    } catch (const Error& e) {
        std::cerr << "meshdiff: error: " << e.what() << "\n";
        return 2;
    }

    auto window =
        makeWindow(demo ? std::vector<std::string>{} : runs, std::move(reportWriter), spreadRun, leadStepHours);
    views::traceStartup("window made");
    if (!QSettings().contains(settings::kWindowGeometry)) {
        const QRect screen = window->screen()->availableGeometry();
        window->resize(std::min(1500, screen.width() * 19 / 20), std::min(950, screen.height() * 19 / 20));
        sizeDocksToWindow(*window);
    }
    window->show();
    views::traceStartup("window shown");
    if (demo) window->openDemo();
    if (session) applySession(*window, *session);
    return app.exec();
}

}  // namespace meshdiff::gui
