#include <vtkActor.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

ActorLayer::ActorLayer() = default;

ActorLayer::~ActorLayer() {
    if (renderer_) removeFrom(renderer_);
}

void ActorLayer::addTo(vtkRenderer* renderer) {
    if (renderer_ == renderer) return;
    if (renderer_) removeFrom(renderer_);
    renderer_ = renderer;
    for (const Entry& entry : entries_) renderer_->AddActor(entry.actor);
}

void ActorLayer::removeFrom(vtkRenderer* renderer) {
    if (renderer_ != renderer || !renderer_) return;
    for (const Entry& entry : entries_) renderer_->RemoveActor(entry.actor);
    renderer_ = nullptr;
}

void ActorLayer::setVisible(bool visible) {
    visible_ = visible;
    for (const Entry& entry : entries_) entry.actor->SetVisibility(visible);
}

void ActorLayer::restyle(const LayerStyle& style) {
    style_ = style;
    for (const Entry& entry : entries_) applySizes(entry.actor, entry.sizes);
}

vtkActor* ActorLayer::actor(int index) const { return entries_.at(static_cast<std::size_t>(index)).actor; }

void ActorLayer::clearActors() {
    if (renderer_)
        for (const Entry& entry : entries_) renderer_->RemoveActor(entry.actor);
    entries_.clear();
}

void ActorLayer::addActor(vtkSmartPointer<vtkActor> actor, ActorSizes sizes) {
    actor->SetVisibility(visible_);
    applySizes(actor, sizes);
    if (renderer_) renderer_->AddActor(actor);
    entries_.push_back({std::move(actor), sizes});
}

void ActorLayer::applySizes(vtkActor* actor, ActorSizes sizes) const {
    if (sizes.lineWidth > 0) actor->GetProperty()->SetLineWidth(static_cast<float>(sizes.lineWidth * style_.lineScale));
    if (sizes.pointSize > 0) actor->GetProperty()->SetPointSize(static_cast<float>(sizes.pointSize * style_.lineScale));
}

}  // namespace meshdiff::views
