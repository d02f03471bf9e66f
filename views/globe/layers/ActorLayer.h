#pragma once
#include <vtkSmartPointer.h>

#include <vector>

#include "globe/layers/GlobeLayerInterface.h"

class vtkActor;

namespace meshdiff::views {

// An actor's line width and point size at line scale 1; 0 leaves the actor's own.
struct ActorSizes {
    double lineWidth = 0, pointSize = 0;
};

// A layer drawn as a list of actors: keeps them, their visibility and their sizes.
class ActorLayer : public GlobeLayerInterface {
public:
    ActorLayer();
    ~ActorLayer() override;
    ActorLayer(const ActorLayer&) = delete;
    ActorLayer& operator=(const ActorLayer&) = delete;

    void addTo(vtkRenderer* renderer) override;
    void removeFrom(vtkRenderer* renderer) override;
    void setVisible(bool visible) override;
    void restyle(const LayerStyle& style) override;
    int actorCount() const override { return static_cast<int>(entries_.size()); }

    bool visible() const { return visible_; }
    vtkActor* actor(int index) const;

protected:
    void clearActors();
    void addActor(vtkSmartPointer<vtkActor> actor, ActorSizes sizes = {});

private:
    void applySizes(vtkActor* actor, ActorSizes sizes) const;

    struct Entry {
        vtkSmartPointer<vtkActor> actor;
        ActorSizes sizes;
    };
    std::vector<Entry> entries_;
    vtkRenderer* renderer_ = nullptr;
    bool visible_ = true;
    LayerStyle style_;
};

}  // namespace meshdiff::views
