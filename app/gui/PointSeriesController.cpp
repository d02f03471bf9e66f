#include "gui/PointSeriesController.h"

#include <QDockWidget>

#include "background/BackgroundWork.h"
#include "background/HandOff.h"
#include "common/Error.h"
#include "gui/LeadsController.h"
#include "map/ErrorMapView.h"
#include "pair/PairSession.h"
#include "pair/RolloutSession.h"
#include "pointseries/PointSeriesView.h"

namespace meshdiff::gui {

PointSeriesController::PointSeriesController(pair::PairSession* session, views::PointSeriesView* view,
                                             QDockWidget* dock, views::ErrorMapView* map, LeadsController* leads,
                                             QObject* parent)
    : QObject(parent), session_(session), view_(view), dock_(dock), leads_(leads) {
    connect(map, &views::ErrorMapView::pointClicked, this, [this](double lat, double lon) {
        point_ = std::make_pair(lat, lon);
        request();
    });
    connect(session_, &pair::PairSession::selectionChanged, this, [this] {
        if (view_->series() && view_->series()->field != session_->currentField().toStdString()) request();
    });
    connect(leads_, &LeadsController::leadShown, this, [this](int lead, int member) {
        view_->setCurrentLead(lead);
        if (member != member_) {
            member_ = member;
            if (point_) request();
        }
    });
    connect(leads_->rollout(), &pair::RolloutSession::planReady, this, &PointSeriesController::showDock);
    connect(session_, &pair::PairSession::pairOpening, this, [this] {
        ++generation_;
        point_.reset();
        member_ = 0;
        view_->clear(tr("Click the error map to chart A, B and A − B there across the leads."));
        dock_->hide();
    });
}

void PointSeriesController::showDock() {
    if (leads_->rollout()->isRollout() && leads_->rollout()->leadCount() > 1) dock_->show();
}

void PointSeriesController::request() {
    const pair::RolloutSession* rollout = leads_->rollout();
    const std::shared_ptr<const pair::LoadedPair> loaded = session_->sharedPair();
    const QString field = session_->currentField();
    if (!point_ || !loaded || !loaded->fields || rollout->leadCount() < 2) return;
    if (field.isEmpty()) {
        view_->clear(tr("Choose a field in the table to chart it at the clicked point."));
        return;
    }
    std::vector<views::PointSeriesLead> leads;
    for (int i = 0; i < rollout->leadCount(); ++i) {
        const pair::FieldSlice slice = rollout->slice(i, member_);
        leads.push_back({slice.leadA, slice.leadB});
    }
    const int generation = ++generation_;
    views::runInBackground([this, generation, fields = loaded->fields, name = field.toStdString(),
                            member = std::size_t(member_), leads = std::move(leads), point = *point_] {
        std::optional<views::PointSeries> series;
        QString error;
        try {
            series = views::readPointSeries(*fields->a, *fields->b, fields->alignment, name, member, leads, point.first,
                                            point.second, &fields->mutex);
        } catch (const Error& e) {
            error = QString::fromStdString(e.what());
        }
        views::postTo(this, [this, generation, series = std::move(series), error]() mutable {
            if (generation != generation_) return;
            if (series) {
                const QStringList members = leads_->rollout()->memberLabels();
                if (member_ < members.size()) series->memberLabel = members[member_].toStdString();
                view_->setSeries(std::move(*series));
                view_->setCurrentLead(leads_->currentLead());
            } else {
                view_->clear(error);
            }
            emit seriesShown();
        });
    });
}

}  // namespace meshdiff::gui
