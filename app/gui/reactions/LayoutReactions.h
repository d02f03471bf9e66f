#pragma once
#include <optional>

#include "gui/reactions/Reaction.h"

class QDockWidget;
class QMainWindow;
class QWidget;

namespace meshdiff::pair {
class PairSession;
}

namespace meshdiff::gui {

// View ▸ Swap Globe and Map: the error map takes the middle of the window and the globe its dock,
// or back. A pair whose graphs were not read (fields only) is shown map-first, until the user
// swaps by hand.
class SwapGlobeAndMapReaction : public Reaction {
    Q_OBJECT
public:
    SwapGlobeAndMapReaction(QAction* action, QMainWindow* window, QDockWidget* mapDock, pair::PairSession* session);
    bool mapInTheMiddle() const { return mapInTheMiddle_; }
    // A session's layout: the map in the middle or not for this pair and the next ones, whatever
    // they read, until the user swaps by hand.
    void keepMapInTheMiddle(bool inTheMiddle);

protected:
    void onTriggered() override;

private:
    void swap();
    void followPair();

    QMainWindow* window_;
    QDockWidget* dock_;
    pair::PairSession* session_;
    bool swappedByHand_ = false;
    bool mapInTheMiddle_ = false;
    std::optional<bool> kept_;
};

// The docks' first sizes for the window's size (no layout saved yet): side panels of about a
// fifth of the width each (the right one a little less, so that the map's controls keep one row
// in a 1500-pixel window), the bottom dock (the map) over half the height (nearly two thirds on a
// low screen), so that the map shows cells at world size.
void sizeDocksToWindow(QMainWindow& window);

// A pair without graphs, map-first: the map gets about two thirds of the height (the globe shows
// the same field), the Diagnosis most of the right column (the Differences list is empty; its one
// line says no graphs were read) and that column about a fifth of the width for its sentences.
void giveFieldsTheRoom(QMainWindow& window);

}  // namespace meshdiff::gui
