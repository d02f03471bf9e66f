#pragma once
#include "globe/layers/GlobeLayerInterface.h"

namespace meshdiff::views {

class EarthLayer;

// The selected field draped on the Earth: it gives the Earth's sphere the field's texture
// (one textured sphere draws faster than a second one on top), so it has no actors of its own.
class FieldOverlayLayer : public GlobeLayerInterface {
public:
    explicit FieldOverlayLayer(EarthLayer& earth) : earth_(earth) {}

    // Colours the Earth with scene.field while this layer is visible, else plainly.
    void build(const GlobeScene& scene) override;
    // Whether `scene` shows this layer and has a field to colour the Earth with.
    static bool drapes(const GlobeScene& scene) { return scene.isVisible(GlobeLayer::FieldOverlay) && colours(scene); }
    void addTo(vtkRenderer*) override {}
    void removeFrom(vtkRenderer*) override {}
    // Takes effect at the next build, which the field needs to be coloured.
    void setVisible(bool visible) override { visible_ = visible; }
    void restyle(const LayerStyle&) override {}
    int actorCount() const override { return 0; }

private:
    static bool colours(const GlobeScene& scene);
    EarthLayer& earth_;
    bool visible_ = true;
};

}  // namespace meshdiff::views
