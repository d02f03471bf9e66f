#include "gui/reactions/LayoutReactions.h"

#include <algorithm>

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>

#include "pair/LoadedPair.h"
#include "pair/PairSession.h"

namespace meshdiff::gui {

SwapGlobeAndMapReaction::SwapGlobeAndMapReaction(QAction* action, QMainWindow* window, QDockWidget* mapDock,
                                                 pair::PairSession* session)
    : Reaction(action), window_(window), dock_(mapDock), session_(session) {
    action->setObjectName(QStringLiteral("swapGlobeAndMap"));
    action->setToolTip(
        QObject::tr("Show the error map in the middle of the window and the globe in its dock, or back"));
    if (session_) {
        connect(session_, &pair::PairSession::graphsReady, this, &SwapGlobeAndMapReaction::followPair);
        connect(session_, &pair::PairSession::fieldsReady, this, &SwapGlobeAndMapReaction::followPair);
    }
}

void SwapGlobeAndMapReaction::onTriggered() {
    swappedByHand_ = true;
    swap();
}

void SwapGlobeAndMapReaction::swap() {
    QWidget* middle = window_->takeCentralWidget();
    QWidget* docked = dock_->widget();
    if (!middle || !docked) {
        if (middle) window_->setCentralWidget(middle);
        return;
    }
    // Each keeps its room: the dock gets the height the middle had, the middle what the dock had.
    const int middleHeight = middle->height(), dockFrame = dock_->height() - docked->height();
    dock_->setWidget(middle);
    window_->setCentralWidget(docked);
    window_->resizeDocks({dock_}, {middleHeight + dockFrame}, Qt::Vertical);
    middle->show();
    docked->show();
    mapInTheMiddle_ = !mapInTheMiddle_;
    dock_->setWindowTitle(mapInTheMiddle_ ? QObject::tr("Globe") : QObject::tr("Error map"));
}

void SwapGlobeAndMapReaction::keepMapInTheMiddle(bool inTheMiddle) {
    kept_ = inTheMiddle;
    swappedByHand_ = false;
    if (inTheMiddle != mapInTheMiddle_) swap();
}

void SwapGlobeAndMapReaction::followPair() {
    if (swappedByHand_ || !session_->pair()) return;
    const bool fieldsOnly = !session_->pair()->graphA && !session_->pair()->graphB;
    const bool middle = kept_.value_or(fieldsOnly);
    if (middle == mapInTheMiddle_) return;
    swap();
    if (fieldsOnly) giveFieldsTheRoom(*window_);
}

void giveFieldsTheRoom(QMainWindow& window) {
    auto* globe = window.findChild<QDockWidget*>(QStringLiteral("mapDock"));
    auto* differences = window.findChild<QDockWidget*>(QStringLiteral("differencesDock"));
    auto* diagnosis = window.findChild<QDockWidget*>(QStringLiteral("diagnosisDock"));
    if (globe) window.resizeDocks({globe}, {window.height() * 26 / 100}, Qt::Vertical);
    if (differences && diagnosis) {
        window.resizeDocks({differences, diagnosis}, {window.height() / 6, window.height() * 5 / 6}, Qt::Vertical);
        // The map is as wide as its height allows; the Diagnosis' sentences get the width it leaves.
        window.resizeDocks({diagnosis}, {std::clamp(window.width() * 22 / 100, 260, 420)}, Qt::Horizontal);
    }
}

void sizeDocksToWindow(QMainWindow& window) {
    const QSize size = window.size();
    auto* runs = window.findChild<QDockWidget*>(QStringLiteral("runsDock"));
    auto* differences = window.findChild<QDockWidget*>(QStringLiteral("differencesDock"));
    auto* map = window.findChild<QDockWidget*>(QStringLiteral("mapDock"));
    if (!runs || !differences || !map) return;
    window.resizeDocks({runs, differences},
                       {std::clamp(size.width() * 21 / 100, 280, 440), std::clamp(size.width() * 17 / 100, 260, 400)},
                       Qt::Horizontal);
    // A low screen (1366 × 768) leaves the globe a strip rather than the map a thumbnail.
    window.resizeDocks({map}, {size.height() * (size.height() < 900 ? 62 : 56) / 100}, Qt::Vertical);
}

}  // namespace meshdiff::gui
