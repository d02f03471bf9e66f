// MainWindow's menus: File (open, recent pairs, swap, reload, cancel, export), View (docks,
// globe layers, mesh level), Go (differences) and Help.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>

#include "globe/GlobeView.h"
#include "gui/MainWindow.h"
#include "gui/SettingsKeys.h"

namespace meshdiff::gui {

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* openA = file->addAction(tr("Open Run &A…"), this, [this] {
        QSettings settings;
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Run A folder"),
                                                              settings.value(settings::kLastFolder).toString());
        if (!dir.isEmpty()) setRunA(dir);
    });
    openA->setShortcut(QKeySequence::Open);
    QAction* openB = file->addAction(tr("Open Run &B…"), this, [this] {
        QSettings settings;
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Run B folder"),
                                                              settings.value(settings::kLastFolder).toString());
        if (!dir.isEmpty()) setRunB(dir);
    });
    openB->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    file->addAction(tr("Open Run A &File…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Run A graph or fields file"));
        if (!path.isEmpty()) setRunA(path);
    });
    file->addAction(tr("Open Run B F&ile…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Run B graph or fields file"));
        if (!path.isEmpty()) setRunB(path);
    });
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    file->addSeparator();
    QAction* swap = file->addAction(tr("&Swap A and B"), this, &MainWindow::swapRuns);
    swap->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    QAction* reloadAction = file->addAction(tr("Re&load"), this, &MainWindow::reload);
    reloadAction->setShortcut(QKeySequence::Refresh);
    QAction* cancelAction = file->addAction(tr("&Cancel Loading"), this, &MainWindow::cancelLoading);
    cancelAction->setShortcut(QKeySequence::Cancel);
    file->addSeparator();
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(tr("&Figure (Map or Globe: PNG, PDF, SVG)…"), this, &MainWindow::exportFigureInteractive)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportMenu->addAction(tr("&Data (CSV and JSON)…"), this, &MainWindow::exportDataInteractive)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportMenu->addAction(tr("&Report (HTML, Figures and Data)…"), this, &MainWindow::exportReportInteractive)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E));
    file->addSeparator();
    file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows)->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
    view->addSeparator();
    QMenu* layers = view->addMenu(tr("Globe &Layers"));
    const std::pair<views::GlobeLayer, QString> layerNames[] = {
        {views::GlobeLayer::Coastlines, tr("Coastlines")},
        {views::GlobeLayer::Mesh, tr("Mesh")},
        {views::GlobeLayer::GridPoints, tr("Grid points")},
        {views::GlobeLayer::G2mOnlyA, tr("Edges only in A")},
        {views::GlobeLayer::G2mOnlyB, tr("Edges only in B")},
        {views::GlobeLayer::Triangles, tr("Differing triangles")},
        {views::GlobeLayer::MovedNodes, tr("Moved mesh nodes")},
        {views::GlobeLayer::AtRisk, tr("At-risk edges and points")},
        {views::GlobeLayer::FieldOverlay, tr("Field A−B")},
        {views::GlobeLayer::Legend, tr("Legend")},
        {views::GlobeLayer::ColorBar, tr("Colour bar")},
    };
    for (const auto& [layer, name] : layerNames) {
        QAction* action = layers->addAction(name);
        action->setCheckable(true);
        action->setChecked(scene_.isVisible(layer));
        action->setObjectName(QStringLiteral("layer%1").arg(int(layer)));
        connect(action, &QAction::toggled, this, [this, layer = layer](bool on) {
            scene_.setVisible(layer, on);
            globe_->setLayerVisible(layer, on);
            saveSettings();
        });
    }
    QMenu* levels = view->addMenu(tr("&Mesh Level"));
    for (int level = 0; level <= 6; ++level) {
        QAction* action = levels->addAction(QStringLiteral("M%1").arg(level), this, [this, level] {
            scene_.meshLevel = level;
            globe_->setMeshLevel(level);
            saveSettings();
        });
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | (Qt::Key_0 + level)));
    }
    view->addSeparator();
    view->addAction(tr("&Full Screen"), this, [this] { isFullScreen() ? showNormal() : showFullScreen(); })
        ->setShortcut(QKeySequence::FullScreen);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    go->addAction(tr("&Next Difference"), this, &MainWindow::nextDifference)
        ->setShortcuts({QKeySequence::FindNext, QKeySequence(Qt::Key_N)});
    go->addAction(tr("&Previous Difference"), this, &MainWindow::previousDifference)
        ->setShortcuts({QKeySequence::FindPrevious, QKeySequence(Qt::SHIFT | Qt::Key_N)});

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About meshdiff"), this, [this] {
        QMessageBox::about(this, tr("About meshdiff"),
                           tr("<b>meshdiff %1</b><p>Where and why two runs of a mesh-graph weather model differ.</p>")
                               .arg(QStringLiteral(MESHDIFF_VERSION)));
    });
}

void MainWindow::fillRecentMenu() {
    recentMenu_->clear();
    const QStringList& recent = recentPairs_;
    for (const QString& entry : recent) {
        const QStringList parts = entry.split(QLatin1Char('\n'));
        if (parts.size() != 2) continue;
        recentMenu_->addAction(QStringLiteral("%1  ↔  %2").arg(parts[0], parts[1]), this,
                               [this, parts] { openPair(parts[0], parts[1]); });
    }
    if (recent.isEmpty()) recentMenu_->addAction(tr("(none)"))->setEnabled(false);
}

}  // namespace meshdiff::gui
