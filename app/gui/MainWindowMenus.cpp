// MainWindow's menus: File (open, recent pairs, swap, reload, cancel, export), View (docks,
// globe layers, mesh level), Go (differences) and Help.
#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>

#include "globe/GlobeView.h"
#include "gui/HelpDialog.h"
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
    exportMenu->addAction(tr("Error-&Growth Chart (PDF, SVG, PNG)…"), this, [this] { exportGrowthInteractive(false); });
    exportMenu->addAction(tr("&Per-Lead Table (CSV)…"), this, [this] { exportGrowthInteractive(true); });
    file->addSeparator();
    file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows)->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
    view->addSeparator();
    QMenu* layers = view->addMenu(tr("Globe &Layers"));
    layers->setToolTipsVisible(true);
    const std::pair<views::GlobeLayer, QString> layerNames[] = {
        {views::GlobeLayer::Coastlines, tr("Coastlines")},
        {views::GlobeLayer::Mesh, tr("Mesh")},
        {views::GlobeLayer::GridPoints, tr("Grid points")},
        {views::GlobeLayer::G2mOnlyA, tr("Edges only in A")},
        {views::GlobeLayer::G2mOnlyB, tr("Edges only in B")},
        {views::GlobeLayer::Triangles, tr("Differing triangles")},
        {views::GlobeLayer::MovedNodes, tr("Moved mesh nodes")},
        {views::GlobeLayer::ReorderedReceivers, tr("Receivers summing in another order")},
        {views::GlobeLayer::AtRisk, tr("At-risk edges and points")},
        {views::GlobeLayer::DiffNeighbourhood, tr("Near the differences (diagnosis)")},
        {views::GlobeLayer::EdgeFeatureDrift, tr("Edge-feature drift")},
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
            if (layer == views::GlobeLayer::EdgeFeatureDrift) driftLayerWanted_ = on;
            if (on && layer == views::GlobeLayer::EdgeFeatureDrift) showEdgeDriftOnGlobe();
            globe_->setLayerVisible(layer, on);
            saveSettings();
        });
    }
    QMenu* levels = view->addMenu(tr("&Mesh Level"));
    auto* levelGroup = new QActionGroup(levels);
    levelGroup->setExclusive(true);
    for (int level = 0; level <= 6; ++level) {
        QAction* action = levels->addAction(QStringLiteral("M%1").arg(level), this, [this, level] {
            scene_.meshLevel = level;
            globe_->setMeshLevel(level);
            saveSettings();
        });
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | (Qt::Key_0 + level)));
        action->setCheckable(true);
        action->setObjectName(QStringLiteral("meshLevel%1").arg(level));
        levelGroup->addAction(action);
    }
    // Marks the level in use, also after settings or a scene with fewer levels changed it.
    connect(levels, &QMenu::aboutToShow, this, [this] { markMeshLevel(); });
    view->addSeparator();
    QAction* reset = view->addAction(tr("&Reset View"), globe_, &views::GlobeView::resetView);
    reset->setObjectName(QStringLiteral("resetView"));
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    reset->setToolTip(tr("Fly back to the whole globe"));
    view->addAction(tr("&Full Screen"), this, [this] { isFullScreen() ? showNormal() : showFullScreen(); })
        ->setShortcut(QKeySequence::FullScreen);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    go->addAction(tr("&Next Difference"), this, &MainWindow::nextDifference)
        ->setShortcuts({QKeySequence::FindNext, QKeySequence(Qt::Key_N)});
    go->addAction(tr("&Previous Difference"), this, &MainWindow::previousDifference)
        ->setShortcuts({QKeySequence::FindPrevious, QKeySequence(Qt::SHIFT | Qt::Key_N)});

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide = help->addAction(tr("&User Guide and Glossary"), this, [this] {
        HelpDialog dialog(tr("meshdiff user guide"), userGuideHtml(), this);
        dialog.exec();
    });
    guide->setShortcut(QKeySequence::HelpContents);
    guide->setObjectName(QStringLiteral("helpGuide"));
    help->addAction(tr("&Keyboard Shortcuts"), this,
                    [this] {
                        HelpDialog dialog(tr("meshdiff keyboard shortcuts"), shortcutsHtml(menuBar()), this);
                        dialog.exec();
                    })
        ->setObjectName(QStringLiteral("helpShortcuts"));
    help->addSeparator();
    help->addAction(tr("&About meshdiff"), this, [this] {
        QMessageBox::about(this, tr("About meshdiff"),
                           tr("<b>meshdiff %1</b><p>Where and why two runs of a mesh-graph weather model differ.</p>")
                               .arg(QStringLiteral(MESHDIFF_VERSION)));
    });
}

void MainWindow::markMeshLevel() {
    const int available = globe_->availableMeshLevels();
    const int shown = available > 0 ? std::min(scene_.meshLevel, available - 1) : scene_.meshLevel;
    for (int level = 0; level <= 6; ++level) {
        if (auto* action = findChild<QAction*>(QStringLiteral("meshLevel%1").arg(level))) {
            action->setEnabled(available == 0 || level < available);
            action->setChecked(level == shown);
        }
    }
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
