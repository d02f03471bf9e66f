#pragma once
#include <array>
#include <memory>
#include <utility>
#include <vector>

#include <QObject>
#include <QVariant>

#include "globe/GlobeScene.h"
#include "gui/SavedValue.h"
#include "pair/LoadedPair.h"

class QAction;
class QSettings;

namespace meshdiff::views {
class GlobeView;
}

namespace meshdiff::gui {

// The globe in the middle of the window: the scene it draws of the pair on show (graphs and
// differences, at-risk items, the field overlay, the diagnosis layers), which layers are visible
// and at which mesh level (View ▸ Globe Layers and Mesh Level, their settings), and the pairs the
// scene points into, kept alive until the globe has the next scene.
class GlobeController : public QObject {
    Q_OBJECT
public:
    static constexpr int kMeshLevels = 7;  // M0…M6

    GlobeController(views::GlobeView* globe, QObject* parent);

    views::GlobeView* view() const { return globe_; }
    views::GlobeScene& scene() { return scene_; }
    const views::GlobeScene& scene() const { return scene_; }
    void redraw();  // the globe gets the scene again

    // A new pair's graphs: nothing of the previous pair (nor of its diagnosis) stays.
    void showGraphs(std::shared_ptr<const pair::LoadedPair> pair);
    void showAtRisk(views::AtRiskItems items);
    void showFieldOverlay(views::FieldOverlay overlay);
    void followScale(const views::ColorScale& scale);  // the drape follows the map's A−B scale
    // The pair whose diagnosis layers the scene points into from now on; returns the previous one
    // (to be released once the new scene is in).
    std::shared_ptr<const pair::LoadedPair> diagnose(std::shared_ptr<const pair::LoadedPair> pair);
    const std::shared_ptr<const pair::LoadedPair>& diagnosedPair() const { return diagnosedPair_; }

    // The layer actions (reactions/GlobeReactions.h) register here.
    void setLayerAction(views::GlobeLayer layer, QAction* action);
    QAction* layerAction(views::GlobeLayer layer) const { return layerActions_[std::size_t(layer)]; }
    void setLayerVisible(views::GlobeLayer layer, bool on);  // the user's choice: saved
    // Shown or hidden by the window itself (a pair with very many drifting edges): neither saved
    // nor kept for the next pair.
    void showLayerQuietly(views::GlobeLayer layer, bool on);
    bool driftLayerWanted() const { return driftLayerWanted_; }
    void setMeshLevel(int level);
    int availableMeshLevels() const;
    int shownMeshLevel() const;  // the level chosen, or the finest the scene has
    void markMeshLevel();        // meshLevelMarked: the Mesh Level entries follow

    void restoreSettings(const SavedValue& value);  // QSettings (savedValueOf) or a session
    std::vector<std::pair<QString, QVariant>> settingsValues() const;

signals:
    void settingsChanged();
    void meshLevelMarked();

private:
    // What the globe's scene points into: the pair the views show and the one diagnosed.
    std::shared_ptr<const void> keepAlive() const;

    views::GlobeView* globe_;
    views::GlobeScene scene_;
    std::shared_ptr<const pair::LoadedPair> shownPair_;
    std::shared_ptr<const pair::LoadedPair> diagnosedPair_;
    std::array<QAction*, views::kGlobeLayerCount> layerActions_{};
    // The drift layer as the user last chose it: the window turns it off by itself for a pair with
    // very many drifting edges, which is neither saved nor kept for the next pair.
    bool driftLayerWanted_ = true;
};

}  // namespace meshdiff::gui
