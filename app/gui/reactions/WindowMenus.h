#pragma once

class QMainWindow;

namespace meshdiff::pair {
class PairSession;
}
namespace meshdiff::views {
class ErrorMapView;
class FieldTableView;
class InspectorPanel;
class ScorecardView;
}  // namespace meshdiff::views

namespace meshdiff::gui {

class AnimationController;
class DivergenceController;
class ExportsController;
class GlobeController;
class LeadsController;
class RunsController;

// What the menus act on.
struct WindowMenuTargets {
    pair::PairSession* session = nullptr;
    RunsController* runs = nullptr;
    LeadsController* leads = nullptr;
    GlobeController* globe = nullptr;
    ExportsController* exports = nullptr;
    views::ErrorMapView* map = nullptr;
    views::InspectorPanel* inspector = nullptr;
    views::FieldTableView* fields = nullptr;
    DivergenceController* divergence = nullptr;
    views::ScorecardView* scorecard = nullptr;
    AnimationController* animation = nullptr;
};

// The window's menu bar, each entry a reaction (ParaView's menu builders): File (open, recent
// pairs, swap, reload, cancel, export), View (docks, globe layers, mesh level, area-weighted
// numbers), Go (differences, leads, first divergence) and Help. The View menu lists the docks the
// window has when this is called.
void buildWindowMenus(QMainWindow* window, const WindowMenuTargets& targets);

}  // namespace meshdiff::gui
