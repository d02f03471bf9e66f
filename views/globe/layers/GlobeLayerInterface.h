#pragma once
#include <optional>

#include "globe/GlobeScene.h"
#include "globe/layers/PickQuery.h"

class vtkRenderer;

namespace meshdiff::views {

// How layers draw, beyond their data: line widths and point sizes are multiplied by lineScale
// (exports larger than the window).
struct LayerStyle {
    double lineScale = 1;
};

// One layer of the globe: builds its actors from a scene, puts them into a renderer, shows or
// hides them, restyles them, and answers picks from the scene's data alone (no rendering).
class GlobeLayerInterface {
public:
    virtual ~GlobeLayerInterface() = default;

    // Replaces the layer's actors with those of `scene`; in the renderer it was added to, if any.
    virtual void build(const GlobeScene& scene) = 0;
    virtual void addTo(vtkRenderer* renderer) = 0;
    virtual void removeFrom(vtkRenderer* renderer) = 0;
    virtual void setVisible(bool visible) = 0;
    virtual void restyle(const LayerStyle& style) = 0;
    virtual int actorCount() const = 0;

    // The layer's item nearest the click within the tolerance, if any.
    virtual std::optional<PickCandidate> pick(const GlobeScene&, const PickQuery&) const { return std::nullopt; }
    // Items drawn under others: picked only when no other layer offers anything.
    virtual bool picksOnlyWhenNothingElseDoes() const { return false; }
};

}  // namespace meshdiff::views
