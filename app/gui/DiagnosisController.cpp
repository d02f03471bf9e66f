#include "gui/DiagnosisController.h"

#include <algorithm>
#include <string>
#include <utility>

#include <QAction>

#include "background/BackgroundWork.h"
#include "diagnosis/DiagnosisPanel.h"
#include "globe/GlobeColors.h"
#include "gui/GlobeController.h"
#include "gui/LeadsController.h"
#include "map/ErrorMapView.h"
#include "pair/PairSession.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {

DiagnosisController::DiagnosisController(pair::PairSession* session, views::DiagnosisPanel* panel,
                                         GlobeController* globe, views::ErrorMapView* map, LeadsController* leads,
                                         QObject* parent)
    : QObject(parent), session_(session), panel_(panel), globe_(globe), map_(map), leads_(leads) {
    connect(panel_, &views::DiagnosisPanel::fieldChosen, this, &DiagnosisController::fieldWanted);
    connect(session_, &pair::PairSession::selectionChanged, panel_,
            [this] { panel_->showField(session_->currentField()); });
    connect(leads_, &LeadsController::leadShown, panel_, [this] { showPanel(); });
    // A lead that will not be compared now is no longer said to be "still being compared".
    connect(leads_->rollout(), &pair::RolloutSession::cancelled, panel_, [this] { showPanel(); });
    connect(leads_->rollout(), &pair::RolloutSession::failed, panel_, [this] { showPanel(); });
    connect(panel_, &views::DiagnosisPanel::mapOutlineToggled, map_, [this](bool shown) {
        views::ErrorMapStyle style = map_->style();
        style.neighbourhood = shown;
        map_->setStyle(style);
    });
}

void DiagnosisController::showPanel() {
    const pair::LoadedPair* p = session_->pair();
    const Comparison* c = p ? &p->comparison : nullptr;
    const Diagnosis* diagnosis = c && c->diagnosis ? &*c->diagnosis : nullptr;
    const EdgeFeatureDrift* drift = c && c->edgeFeatures ? &*c->edgeFeatures : nullptr;
    const int member = leads_->currentMember();
    const pair::RolloutSession* rollout = leads_->rollout();
    if (!diagnosis || rollout->leadCount() < 2) {
        panel_->setData(views::diagnosisPanelData(diagnosis, drift, std::nullopt, member));
    } else {
        // A rollout: the shown lead's own diagnosis once that lead is compared, until then the
        // pair's (its first lead's), saying so.
        const int lead = std::max(0, leads_->currentLead());
        const QStringList labels = rollout->leadLabels();
        const auto labelOf = [&labels](std::size_t k) {
            return k < std::size_t(labels.size()) ? labels[qsizetype(k)].toStdString() : std::string();
        };
        views::DiagnosisPanelData data;
        if (const pair::RolloutLead* shown = rollout->lead(lead); shown && shown->diagnosis) {
            data = views::diagnosisPanelData(&*shown->diagnosis, drift, std::size_t(lead), member);
            data.lead = labelOf(std::size_t(lead));
        } else {
            data = views::diagnosisPanelData(diagnosis, drift, std::nullopt, member);
            data.lead = labelOf(diagnosis->shownLead);
            data.note = labelOf(std::size_t(lead)) +
                        (rollout->isLoading() ? " is still being compared" : " was not compared") +
                        ": this is the diagnosis of " + data.lead + ".";
        }
        panel_->setData(data);
    }
    panel_->showField(session_->currentField());
}

void DiagnosisController::showOnGlobe() {
    std::shared_ptr<const pair::LoadedPair> pair = session_->sharedPair();
    if (!pair || pair == globe_->diagnosedPair()) return;
    const Comparison& c = pair->comparison;
    const DiffPlaces* places = pair->places ? &*pair->places : nullptr;
    const EdgeFeatureDrift* drift = c.edgeFeatures ? &*c.edgeFeatures : nullptr;
    if (!places && !drift) return;
    // The globe may still draw the previous scene: the old pair goes once the new scene is in.
    auto previous = globe_->diagnose(std::move(pair));
    // The places came with the graphs; a new scene only for what is to be drawn now.
    views::GlobeScene& scene = globe_->scene();
    bool rebuild = !scene.places && places;
    if (!scene.places) scene.places = places;
    scene.edgeDrift = drift;

    const auto driftLayer = views::GlobeLayer::EdgeFeatureDrift;
    if (QAction* action = globe_->layerAction(driftLayer)) {
        const std::size_t count = drift ? drift->drifting() : 0;
        action->setText(tr("Edge-feature drift (%1 edges)").arg(count));
        const bool tooMany = count > views::kManyDriftingEdges;
        if (tooMany) {
            action->setToolTip(tr("%1 drifting edges: off by default above %2, they would cover the globe; "
                                  "shown, the %2 most drifting are drawn")
                                   .arg(count)
                                   .arg(views::kManyDriftingEdges));
        } else {
            action->setToolTip(tr("The edges both graphs share whose features drift, coloured by ULPs (log)"));
        }
        // The user's choice stays as it was; a pair with fewer drifting edges shows the layer again
        // when the user had it on.
        globe_->showLayerQuietly(driftLayer, globe_->driftLayerWanted() && !tooMany);
    }
    rebuild = rebuild || (drift && drift->drifting() > 0 && scene.isVisible(driftLayer));
    if (rebuild) globe_->redraw();
    views::releaseInBackground(std::move(previous));

    // The map outlines "near" by default when the verdict says the error sits there.
    const Diagnosis* d = c.diagnosis ? &*c.diagnosis : nullptr;
    const bool graphCaused = d && (d->cause == Cause::Graph || d->cause == Cause::Mixed);
    panel_->setMapOutline(graphCaused);
    if (map_->style().neighbourhood != graphCaused) {
        views::ErrorMapStyle style = map_->style();
        style.neighbourhood = graphCaused;
        map_->setStyle(style);
    }
}

}  // namespace meshdiff::gui
