#include "gui/DivergenceController.h"

#include "geo/LatLonAxis.h"
#include "globe/GlobeView.h"
#include "gui/LeadsController.h"
#include "gui/WindowStatus.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapView.h"
#include "pair/PairSession.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {
namespace {

constexpr double kMapZoom = 12;  // 30° × 15° around the point

}  // namespace

DivergenceController::DivergenceController(pair::PairSession* session, LeadsController* leads, views::GlobeView* globe,
                                           views::ErrorMapView* map, MapDataFn mapData, WindowStatus* status,
                                           QObject* parent)
    : QObject(parent),
      session_(session),
      leads_(leads),
      globe_(globe),
      map_(map),
      mapData_(std::move(mapData)),
      status_(status) {
    pair::RolloutSession* rollout = leads_->rollout();
    connect(rollout, &pair::RolloutSession::leadReady, this, &DivergenceController::availabilityChanged);
    connect(rollout, &pair::RolloutSession::planReady, this, &DivergenceController::availabilityChanged);
    connect(session_, &pair::PairSession::pairOpening, this, [this] {
        pending_.reset();
        emit availabilityChanged();
    });
}

std::optional<pair::DivergentLead> DivergenceController::target() const {
    const pair::RolloutSession* rollout = leads_->rollout();
    std::vector<const LeadComparison*> leads;
    leads.reserve(std::size_t(rollout->readyCount()));
    for (int k = 0; k < rollout->readyCount(); ++k) leads.push_back(&rollout->lead(k)->comparison);
    return pair::firstDivergentLead(leads);
}

void DivergenceController::go() {
    pending_ = target();
    if (!pending_) return;
    const QString field = QString::fromStdString(pending_->field);
    const bool shownAlready = leads_->currentLead() == int(pending_->lead) &&
                              leads_->currentMember() == int(pending_->member) && session_->currentField() == field;
    leads_->slider()->setCurrentMember(int(pending_->member));
    leads_->showFieldAtLead(field, int(pending_->lead));
    if (shownAlready && mapData_() && mapData_()->fieldName == pending_->field) showSpot();
}

void DivergenceController::fieldMapShown(const QString& field) {
    if (pending_ && field.toStdString() == pending_->field && leads_->currentLead() == int(pending_->lead) &&
        leads_->currentMember() == int(pending_->member))
        showSpot();
}

void DivergenceController::showSpot() {
    const std::shared_ptr<const views::ErrorMapData> data = mapData_();
    const pair::DivergentLead wanted = *std::exchange(pending_, std::nullopt);
    const std::optional<pair::DivergenceSpot> spot = data ? pair::largestDifference(*data) : std::nullopt;
    const QString lead = leads_->slider()->leadLabel();
    if (!spot) {  // NaN masks differ only: no point with a difference to fly to
        status_->show(
            tr("first divergence: %1, %2 (NaN masks differ)").arg(lead, QString::fromStdString(wanted.field)));
        return;
    }
    std::optional<bool> near;
    if (const pair::LoadedPair* p = session_->pair(); p && p->places && !p->places->empty())
        near = pair::nearPlaces(*p->places, spot->lat, spot->lon);
    views::MapViewport viewport;
    viewport.centerLat = spot->lat;
    viewport.centerLon = spot->lon > 180 ? spot->lon - 360 : spot->lon;
    viewport.zoom = kMapZoom;
    map_->setViewport(viewport);
    views::GlobePick mark;
    mark.lat = spot->lat;
    mark.lon = spot->lon;
    if (const pair::LoadedPair* p = session_->pair(); p && p->graphA && !p->graphA->gridLat.empty()) {
        mark.kind = views::GlobePick::Kind::GridPoint;
        mark.grid = std::int32_t(nearestGridPoint(p->graphA->gridLat, p->graphA->gridLon, spot->lat, spot->lon));
    }
    globe_->highlight(mark);
    globe_->flyTo(spot->lat, spot->lon);
    const QString text = QString::fromStdString(pair::divergenceText(lead.toStdString(), wanted.field, *spot, near));
    status_->show(text + QStringLiteral("."));
    emit arrived(text, spot->lat, spot->lon);
}

}  // namespace meshdiff::gui
