#include "gui/AnimationController.h"

#include <vector>

#include "background/BackgroundWork.h"
#include "background/HandOff.h"
#include "common/Error.h"
#include "export/MapFigure.h"
#include "gui/LeadsController.h"
#include "gui/WindowStatus.h"
#include "map/ErrorMapView.h"
#include "pair/PairLoader.h"
#include "pair/PairSession.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {

AnimationController::AnimationController(pair::PairSession* session, LeadsController* leads, views::ErrorMapView* map,
                                         WindowStatus* status, QObject* parent)
    : QObject(parent), session_(session), leads_(leads), map_(map), status_(status) {
    pair::RolloutSession* rollout = leads_->rollout();
    for (auto signal :
         {&pair::RolloutSession::planReady, &pair::RolloutSession::finished, &pair::RolloutSession::cancelled})
        connect(rollout, signal, this, &AnimationController::availabilityChanged);
    connect(rollout, &pair::RolloutSession::failed, this, &AnimationController::availabilityChanged);
    connect(session_, &pair::PairSession::pairOpening, this, &AnimationController::availabilityChanged);
    connect(session_, &pair::PairSession::loadingEnded, this, &AnimationController::availabilityChanged);
    connect(session_, &pair::PairSession::selectionChanged, this, &AnimationController::availabilityChanged);
    // The status line's Cancel stops what runs, this export among it.
    connect(status_, &WindowStatus::cancelRequested, this, &AnimationController::cancel);
}

AnimationController::~AnimationController() {
    if (job_) job_->cancel = true;
    views::waitForBackgroundWork();  // its task captures this object
}

int AnimationController::leadCount() const {
    const pair::RolloutSession* rollout = leads_->rollout();
    return rollout->isRollout() ? rollout->leadCount() : 0;
}

bool AnimationController::canExport() const {
    return !job_ && session_->pair() && !session_->isLoading() && !session_->currentField().isEmpty() &&
           !leads_->rollout()->isLoading() && leadCount() >= 2;
}

double AnimationController::frameHeightInches(const views::FigureOptions& options) const {
    return views::mapFigureHeightInches(map_->renderer().data(), map_->style(), options);
}

void AnimationController::exportAnimation(const views::LeadAnimationOptions& options, const QString& path) {
    if (job_) return;
    const pair::RolloutSession* rollout = leads_->rollout();
    views::LeadAnimationSource source;
    source.leadLabels = rollout->leadLabels();
    source.style = map_->style();
    std::vector<pair::FieldSlice> slices;
    for (int k = 0; k < source.leadLabels.size(); ++k) slices.push_back(rollout->slice(k, leads_->currentMember()));
    auto job = std::make_shared<Job>();
    job_ = job;
    emit availabilityChanged();
    status_->startProgress();
    status_->show(tr("Writing the animation of the leads…"));
    views::runInBackground([this, job, source = std::move(source), slices = std::move(slices), options, path,
                            pair = session_->sharedPair(), field = session_->currentField().toStdString()]() mutable {
        views::AnimationFile file;
        QString error;
        bool stopped = false;
        try {
            if (!pair) throw Error(path.toStdString(), "no animation without two open runs");
            const auto coastlines = pair::loadCoastlines();
            source.read = [&](int lead) -> std::shared_ptr<const views::ErrorMapData> {
                return pair::loadFieldMap(*pair, field, coastlines, slices[std::size_t(lead)]);
            };
            const auto progress = [this, job](int percent, const QString& step) {
                views::postTo(this, [this, job, percent, step] {
                    if (job == job_) status_->showProgress(percent, tr("Writing the animation: %1").arg(step));
                });
            };
            file = views::writeLeadAnimation(source, options, path, progress, job->cancel);
        } catch (const views::AnimationCancelled&) {
            stopped = true;
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        views::postTo(this, [this, job, file, error, stopped] { done(job, file, error, stopped); });
    });
}

void AnimationController::cancel() {
    if (job_) job_->cancel = true;
}

void AnimationController::done(const std::shared_ptr<Job>& job, const views::AnimationFile& file, const QString& error,
                               bool stopped) {
    if (job != job_) return;
    job_.reset();
    status_->endProgress();
    if (stopped) {
        status_->show(tr("Animation cancelled; nothing was written."));
        emit cancelled();
    } else if (!error.isEmpty()) {
        status_->show(tr("Could not write the animation: %1").arg(error));
        emit failed(error);
    } else {
        status_->show(tr("Wrote %1 (%2 frames of %3 × %4 pixels, %5).")
                          .arg(file.path)
                          .arg(file.frames)
                          .arg(file.pixels.width())
                          .arg(file.pixels.height())
                          .arg(file.codec));
        emit finished(file.path, file.frames);
    }
    emit availabilityChanged();
}

}  // namespace meshdiff::gui
