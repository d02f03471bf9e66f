#include "pair/PairSession.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <QFileInfo>
#include <QTimer>

#include "background/BackgroundWork.h"
#include "pair/DemoRuns.h"
#include "pair/PairLoader.h"

namespace meshdiff::pair {

PairSession::PairSession(QObject* parent) : QObject(parent) {
    views::runInBackground([this] {
        auto lines = loadCoastlines();
        views::postTo(this, [this, lines = std::move(lines)]() mutable {
            coastlines_ = std::move(lines);
            if (pair_ && !currentField_.isEmpty()) requestFieldMap();  // now with coastlines
        });
    });
}

PairSession::~PairSession() {
    if (job_) job_->stop();
    views::waitForBackgroundWork();  // its tasks capture this object
}

void PairSession::setMapStyle(const views::ErrorMapStyle& style) { mapStyle_ = style; }

void PairSession::showSlice(const FieldSlice& slice) {
    if (slice == slice_) return;
    slice_ = slice;
    if (pair_ && pair_->fields && !currentField_.isEmpty()) requestFieldMap();
}

void PairSession::setPaths(QString runA, QString runB) {
    pathA_ = std::move(runA);
    pathB_ = std::move(runB);
    emit runsChanged(pathA_, pathB_);
}

void PairSession::setSpreadPath(QString path) {
    if (path == spreadPath_) return;
    spreadPath_ = std::move(path);
    emit spreadRunChanged(spreadPath_);
}

void PairSession::restorePathsOfPair() {
    if (pair_) {
        setSpreadPath(QString::fromStdString(pair_->spreadPath));
        setPaths(QString::fromStdString(pair_->pathA), QString::fromStdString(pair_->pathB));
    } else {
        emit runsChanged(pathA_, pathB_);
    }
}

void PairSession::open(const QString& runA, const QString& runB) { openWithSpread(runA, runB, QString()); }

void PairSession::openWithSpread(const QString& runA, const QString& runB, const QString& spreadRun) {
    setSpreadPath(spreadRun);
    setPaths(runA, runB);
    startLoading();
}

void PairSession::setSpreadRun(const QString& path) {
    setSpreadPath(path);
    if (!pathA_.isEmpty() && !pathB_.isEmpty()) startLoading();
}

void PairSession::openDemo() {
    say(tr("Preparing the built-in demo (two synthetic runs on graphs that differ)…"));
    views::runInBackground([this] {
        try {
            const auto [a, b] = demoRunFolders();
            views::postTo(this, [this, a = QString::fromStdString(a), b = QString::fromStdString(b)] { open(a, b); });
        } catch (const std::exception& e) {
            views::postTo(this, [this, message = QString::fromStdString(e.what())] {
                lastError_ = message;
                emit loadingEnded();
                say(tr("Could not prepare the demo: %1").arg(message));
                emit loadFailed(message);
            });
        }
    });
}

void PairSession::setRunA(const QString& path) {
    setPaths(path, pathB_);
    if (!pathB_.isEmpty()) startLoading();
    else say(tr("Run A: %1 — now open run B.").arg(path));
}

void PairSession::setRunB(const QString& path) {
    setPaths(pathA_, path);
    if (!pathA_.isEmpty()) startLoading();
    else say(tr("Run B: %1 — now open run A.").arg(path));
}

void PairSession::setLeadStepHours(std::optional<double> hours) {
    if (hours == leadStepHours_) return;
    leadStepHours_ = hours;
    if (!pathA_.isEmpty() && !pathB_.isEmpty()) startLoading();
}

void PairSession::swapRuns() {
    if (pathA_.isEmpty() && pathB_.isEmpty()) return;
    setPaths(pathB_, pathA_);
    if (!pathA_.isEmpty() && !pathB_.isEmpty()) startLoading();
}

void PairSession::reload() {
    if (!pathA_.isEmpty() && !pathB_.isEmpty()) startLoading();
}

void PairSession::Job::stop() {
    cancel = true;
    graphsShown();
}

void PairSession::Job::graphsShown() {
    const std::lock_guard lock(mutex);
    shown = true;
    shownChanged.notify_all();
}

void PairSession::Job::waitUntilGraphsShown() {
    std::unique_lock lock(mutex);
    shownChanged.wait_for(lock, fieldsWait, [this] { return shown; });
}

void PairSession::setFieldsWaitForGraphsShown(std::chrono::milliseconds limit) { fieldsWait_ = limit; }

void PairSession::setGraphsReadWork(GraphsReadFn work) { graphsReadWork_ = std::move(work); }

void PairSession::graphsShown() {
    if (job_) job_->graphsShown();
}

void PairSession::startLoading() {
    if (job_) job_->stop();
    auto job = std::make_shared<Job>();
    job->generation = ++generation_;
    job->fieldsWait = fieldsWait_;
    job_ = job;
    lastError_.clear();
    emit pairOpening(pathA_, pathB_);
    say(tr("Loading %1 and %2…").arg(pathA_, pathB_));
    loadInBackground(job);
}

void PairSession::loadInBackground(const std::shared_ptr<Job>& job) {
    const std::string a = QFileInfo(pathA_).absoluteFilePath().toStdString();
    const std::string b = QFileInfo(pathB_).absoluteFilePath().toStdString();
    PairLoadScope scope;
    if (!spreadPath_.isEmpty()) scope.spreadRun = QFileInfo(spreadPath_).absoluteFilePath().toStdString();
    scope.leadStepHours = leadStepHours_;
    views::runInBackground([this, job, a, b, scope, onGraphsRead = graphsReadWork_] {
        bool graphsShown = false;
        auto graphsReady = [this, job, &graphsShown](std::shared_ptr<LoadedPair> stage) {
            graphsShown = true;
            views::postTo(this, [this, job, stage = std::move(stage)] { onGraphsReady(job, stage); });
            if (job->fieldsWait.count() > 0) job->waitUntilGraphsShown();
        };
        auto report = [this, job](int percent, const std::string& step) {
            views::postTo(this, [this, job, percent, text = QString::fromStdString(step)] {
                if (job == job_) emit progressChanged(percent, text);
            });
        };
        try {
            auto pair = loadPair(a, b, report, job->cancel, graphsReady, onGraphsRead, scope);
            views::postTo(this, [this, job, pair] { onLoaded(job, pair); });
        } catch (const LoadCancelled&) {
            // The session already went back to its previous state.
        } catch (const std::exception& e) {
            views::postTo(this, [this, job, graphsShown, message = QString::fromStdString(e.what())] {
                graphsShown ? onFieldsFailed(job, message) : onLoadFailed(job, message);
            });
        }
    });
}

void PairSession::endJob() {
    job_.reset();
    emit loadingEnded();
}

void PairSession::cancel() {
    if (!job_) return;
    job_->stop();
    const bool graphsShown = job_->graphStage && job_->graphStage == pair_;
    endJob();
    if (graphsShown) {
        say(tr("Field comparison cancelled; showing the graph differences only."));
    } else {
        restorePathsOfPair();
        say(pair_ ? tr("Loading cancelled; still showing the previous runs.") : tr("Loading cancelled."));
    }
    emit loadCancelled(graphsShown);
}

void PairSession::onLoadFailed(const std::shared_ptr<Job>& job, const QString& message) {
    if (job != job_) return;
    endJob();
    lastError_ = message;
    restorePathsOfPair();
    say(tr("Could not open the runs: %1").arg(message));
    emit loadFailed(message);
}

void PairSession::onGraphsReady(const std::shared_ptr<Job>& job, std::shared_ptr<LoadedPair> graphStage) {
    if (job != job_) return;
    job->graphStage = graphStage;
    showPair(std::move(graphStage));
    say(summary(tr("Graphs compared in %1 s").arg(pair_->seconds, 0, 'f', 2)));
}

void PairSession::onLoaded(const std::shared_ptr<Job>& job, std::shared_ptr<LoadedPair> pair) {
    if (job != job_) return;
    endJob();
    if (job->graphStage && job->graphStage == pair_) {
        // The graph stage is on show already: the full pair replaces it without a new graphsReady.
        auto graphStage = std::exchange(pair_, std::move(pair));
        views::releaseInBackground(std::move(graphStage));
    } else {
        showPair(std::move(pair));
    }
    say(summary(tr("Opened in %1 s").arg(pair_->seconds, 0, 'f', 2)));
    emit fieldsReady(pair_->seconds);
    // The at-risk layer can wait until the globe and the map have had the CPU.
    QTimer::singleShot(1500, this, [this, shown = pair_] {
        if (shown == pair_) startFragility();
    });
}

void PairSession::onFieldsFailed(const std::shared_ptr<Job>& job, const QString& message) {
    if (job != job_) return;
    endJob();
    lastError_ = message;
    say(tr("Graphs shown, but the fields could not be compared: %1").arg(message));
    emit fieldsFailed(message);
    startFragility();
}

void PairSession::showPair(std::shared_ptr<LoadedPair> pair) {
    auto previous = std::exchange(pair_, std::move(pair));  // alive until the receivers let go of it
    setSpreadPath(QString::fromStdString(pair_->spreadPath));
    setPaths(QString::fromStdString(pair_->pathA), QString::fromStdString(pair_->pathB));
    currentField_.clear();
    difference_ = {};
    slice_ = {};
    emit graphsReady(pair_->seconds);
    emit selectionChanged();
    views::releaseInBackground(std::move(previous));
}

void PairSession::selectField(const QString& name) {
    if (!pair_) return;
    currentField_ = name;
    emit selectionChanged();
    requestFieldMap();
}

void PairSession::selectDifference(const views::GlobePick& pick) {
    difference_ = pick;
    emit selectionChanged();
}

void PairSession::requestFieldMap() {
    const int request = ++fieldRequest_;
    views::runInBackground([this, pair = pair_, coastlines = coastlines_, field = currentField_.toStdString(), request,
                            style = mapStyle_, slice = slice_] {
        auto map = std::make_shared<FieldMap>();
        QString error;
        try {
            *map = prepareFieldMap(loadFieldMap(*pair, field, coastlines, slice), style);
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        views::postTo(this, [this, pair, map = std::move(map), error, request]() mutable {
            fieldAnswered_ = std::max(fieldAnswered_, request);
            if (pair != pair_ || request != fieldRequest_) {
                views::releaseInBackground(std::move(map));
            } else if (!error.isEmpty()) {
                say(tr("Could not read the field: %1").arg(error));
            } else {
                emit fieldLoaded(std::move(map));
            }
        });
    });
}

void PairSession::startFragility() {
    if (!pair_ || !pair_->graphA || !pair_->comparison.graph) return;
    views::runInBackground([this, pair = pair_] {
        std::shared_ptr<const FragilityReport> report;
        try {
            report = std::make_shared<const FragilityReport>(analyzeFragility(*pair->graphA));
        } catch (const std::exception&) {
            return;  // the at-risk layer stays empty
        }
        views::postTo(this, [this, pair, report] {
            if (pair != pair_) return;
            pair_->fragilityA = report;
            emit fragilityReady(report);
        });
    });
}

void PairSession::say(const QString& text) {
    status_ = text;
    emit statusText(text);
}

QString PairSession::summary(const QString& prefix) const {
    const Comparison& c = pair_->comparison;
    QString text;
    if (c.graph && c.graph->sameEdgesAndNodes() && !c.graph->identical()) {
        text = tr("same grid↔mesh edges and mesh nodes");
    } else if (c.graph) {
        text = tr("%1 grid→mesh edges only in A, %2 only in B, %3 mesh→grid triangles differ, %4 mesh nodes moved")
                   .arg(c.graph->g2mOnlyA.size())
                   .arg(c.graph->g2mOnlyB.size())
                   .arg(c.graph->m2gChanged.size())
                   .arg(c.graph->movedNodes.size());
    } else {
        text = tr("no graph on both sides");
    }
    if (c.graph && !c.graph->renumberedNodes.empty())
        text += QStringLiteral("; ") + QString::fromStdString(renumberingText(*c.graph));
    if (c.graph && c.graph->orderDiffers())
        text += QStringLiteral("; ") + QString::fromStdString(reorderedReceiversText(*c.graph));
    if (c.fields) {
        const FieldsComparison& f = *c.fields;
        double areaWeighted = 0;
        for (const FieldMetrics& m : f.perField)
            if (std::isfinite(m.areaWeighted.relRms)) areaWeighted = std::max(areaWeighted, m.areaWeighted.relRms);
        text += tr("; %1 fields, max rel RMS %2 (area-weighted; %3 over grid points)")
                    .arg(f.perField.size())
                    .arg(areaWeighted, 0, 'g', 3)
                    .arg(f.maxRelRms, 0, 'g', 3);
        if (f.beyondTolerance > 0)
            text += tr(", %n beyond tolerance (worst: %1)", nullptr, int(f.beyondTolerance))
                        .arg(QString::fromStdString(f.worst.empty() ? std::string() : f.worst.front()));
        else if (!f.perField.empty()) text += tr(", all within tolerance");
    } else if (isLoading()) {
        text += tr("; comparing the fields…");
    }
    QString notCompared;
    for (const std::string& line : c.notCompared)
        notCompared += (notCompared.isEmpty() ? QString() : QStringLiteral("; ")) + QString::fromStdString(line);
    if (!c.graph && !c.fields && !isLoading()) return tr("%1: nothing compared (%2).").arg(prefix, notCompared);
    if (!notCompared.isEmpty() && !isLoading()) text += tr("; not compared: %1").arg(notCompared);
    return tr("%1: %2.").arg(prefix, text);
}

}  // namespace meshdiff::pair
