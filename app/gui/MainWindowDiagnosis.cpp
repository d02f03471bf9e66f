// MainWindow's diagnosis: the Diagnosis dock (verdict, explanation, per-field evidence, edge-feature
// drift) below the differences, and the globe's layers of it — the neighbourhood the diagnosis
// calls "near" and the drifting edges.
#include <QAction>
#include <QDockWidget>

#include <utility>

#include "background/BackgroundWork.h"
#include "diagnosis/DiagnosisPanel.h"
#include "globe/GlobeColors.h"
#include "globe/GlobeView.h"
#include "gui/MainWindow.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapView.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {

void MainWindow::buildDiagnosisDock(QDockWidget* above) {
    diagnosis_ = new views::DiagnosisPanel(this);
    auto* dock = new QDockWidget(tr("Diagnosis"), this);
    dock->setObjectName(QStringLiteral("diagnosisDock"));
    dock->setWidget(diagnosis_);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    splitDockWidget(above, dock, Qt::Vertical);
    resizeDocks({above, dock}, {400, 500}, Qt::Vertical);
    connect(diagnosis_, &views::DiagnosisPanel::fieldChosen, this, &MainWindow::selectField);
    connect(session_, &PairSession::selectionChanged, diagnosis_,
            [this] { diagnosis_->showField(session_->currentField()); });
    connect(this, &MainWindow::leadShown, diagnosis_, [this] { showDiagnosis(); });
    connect(diagnosis_, &views::DiagnosisPanel::mapOutlineToggled, map_, [this](bool shown) {
        views::ErrorMapStyle style = map_->style();
        style.neighbourhood = shown;
        map_->setStyle(style);
    });
}

void MainWindow::showDiagnosis() {
    const LoadedPair* p = session_->pair();
    const Comparison* c = p ? &p->comparison : nullptr;
    const Diagnosis* diagnosis = c && c->diagnosis ? &*c->diagnosis : nullptr;
    const EdgeFeatureDrift* drift = c && c->edgeFeatures ? &*c->edgeFeatures : nullptr;
    std::optional<std::size_t> lead;
    if (leadSlider_ && rollout_ && rollout_->leadCount() > 1) lead = std::size_t(std::max(0, currentLead()));
    diagnosis_->setData(views::diagnosisPanelData(diagnosis, drift, lead, leadSlider_ ? currentMember() : 0));
    diagnosis_->showField(session_->currentField());
}

void MainWindow::forgetDiagnosis() {
    scene_.places = nullptr;
    scene_.edgeDrift = nullptr;
    views::releaseInBackground(std::exchange(diagnosisPair_, nullptr));
}

void MainWindow::showDiagnosisOnGlobe() {
    std::shared_ptr<const LoadedPair> pair = session_->sharedPair();
    if (!pair || pair == diagnosisPair_) return;
    const Comparison& c = pair->comparison;
    const DiffPlaces* places = pair->places ? &*pair->places : nullptr;
    const EdgeFeatureDrift* drift = c.edgeFeatures ? &*c.edgeFeatures : nullptr;
    if (!places && !drift) return;
    // The globe may still draw the previous scene: the old pair goes once the new scene is in.
    auto previous = std::exchange(diagnosisPair_, std::move(pair));
    // The places came with the graphs (viewsPair_); a new scene only for what is to be drawn now.
    bool rebuild = !scene_.places && places;
    if (!scene_.places) scene_.places = places;
    scene_.edgeDrift = drift;

    const auto driftLayer = views::GlobeLayer::EdgeFeatureDrift;
    if (auto* action = findChild<QAction*>(QStringLiteral("layer%1").arg(int(driftLayer)))) {
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
        // Quiet: the user's choice (driftLayerWanted_) stays as it was; a pair with fewer drifting
        // edges shows the layer again when the user had it on.
        const bool shown = driftLayerWanted_ && !tooMany;
        const QSignalBlocker quiet(action);
        action->setChecked(shown);
        scene_.setVisible(driftLayer, shown);
        globe_->setLayerVisible(driftLayer, shown);
    }
    rebuild = rebuild || (drift && drift->drifting() > 0 && scene_.isVisible(driftLayer));
    if (rebuild) globe_->setScene(scene_, sceneKeepAlive());
    views::releaseInBackground(std::move(previous));

    // The map outlines "near" by default when the verdict says the error sits there.
    const Diagnosis* d = c.diagnosis ? &*c.diagnosis : nullptr;
    const bool graphCaused = d && (d->cause == Cause::Graph || d->cause == Cause::Mixed);
    diagnosis_->setMapOutline(graphCaused);
    if (map_->style().neighbourhood != graphCaused) {
        views::ErrorMapStyle style = map_->style();
        style.neighbourhood = graphCaused;
        map_->setStyle(style);
    }
}

void MainWindow::showEdgeDriftOnGlobe() {
    if (scene_.edgeDrift && globe_->scene().edgeDrift != scene_.edgeDrift) globe_->setScene(scene_, sceneKeepAlive());
}

std::shared_ptr<const void> MainWindow::sceneKeepAlive() const {
    return std::make_shared<std::pair<std::shared_ptr<const LoadedPair>, std::shared_ptr<const LoadedPair>>>(
        viewsPair_, diagnosisPair_);
}

}  // namespace meshdiff::gui
