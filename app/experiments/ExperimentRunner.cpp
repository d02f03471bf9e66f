#include "experiments/ExperimentRunner.h"

#include <QTimer>

#include "common/Error.h"
#include "compare/CompareProgress.h"
#include "experiments/PairMeasure.h"

namespace meshdiff::experiments {

ExperimentRunner::ExperimentRunner(ExperimentsResult result, rerun::Recipe recipe, rerun::RerunRequest base,
                                   QObject* parent)
    : QObject(parent), result_(std::move(result)), recipe_(std::move(recipe)), base_(std::move(base)) {
    result_.evidence.clear();
    for (const auto& e : result_.plan.experiments) result_.evidence.push_back({e, "not run", "", "", {}, {}, "", ""});
}

void ExperimentRunner::start() {
    current_ = 0;
    next();
}

void ExperimentRunner::cancel() {
    cancelled_ = true;
    *cancelCompare_ = true;
    if (controller_) controller_->cancel();
}

void ExperimentRunner::next() {
    if (cancelled_ || current_ >= result_.evidence.size()) {
        result_.verdict = judge(result_.facts, result_.evidence, result_.tolerance);
        emit finished();
        return;
    }
    auto& row = result_.evidence[current_];
    rerun::RerunRequest request = base_;
    request.label = row.experiment.id;
    try {
        request.recipe = recipeFor(row.experiment, recipe_);
        auto* controller = new rerun::RerunController(this);
        controller_ = controller;
        connect(controller, &rerun::RerunController::logText, this, &ExperimentRunner::logText);
        connect(controller, &rerun::RerunController::progressChanged, this, &ExperimentRunner::progressChanged);
        connect(controller, &rerun::RerunController::finished, this,
                [this](const QString& folder, const QString&, bool succeeded) { onRerunFinished(folder, succeeded); });
        emit experimentStarted(int(current_), QString::fromStdString(row.experiment.id));
        controller->start(request);
    } catch (const Error& error) {
        row.status = "failed";
        row.reason = error.what();
        emit experimentEnded(int(current_), QString::fromStdString(row.experiment.id), "failed");
        ++current_;
        QTimer::singleShot(0, this, &ExperimentRunner::next);
    }
}

void ExperimentRunner::onRerunFinished(const QString& runFolder, bool succeeded) {
    auto& row = result_.evidence[current_];
    const auto& record = controller_->record();
    row.runFolder = runFolder.toStdString();
    row.status = record.value("status", std::string(succeeded ? "succeeded" : "failed"));
    if (!succeeded)
        row.reason = record.value("reason", std::string()) + " (log: " + record.value("log", std::string()) + ")";
    controller_->deleteLater();
    if (!succeeded || cancelled_) {
        endExperiment();
        return;
    }
    // The compare works on a copy of the row; the outcome comes back as a whole.
    struct Measured {
        EvidenceRow row;
        bool cancelled = false;
    };
    auto measured = std::make_shared<Measured>(Measured{row, false});
    auto work = [measured, runA = result_.runA, runB = result_.runB, tolerance = result_.tolerance,
                 cancel = cancelCompare_] {
        try {
            measureRerun(measured->row, runA, runB, tolerance, cancel.get());
        } catch (const CompareCancelled&) {
            measured->cancelled = true;
        } catch (const Error& error) {
            measured->row.status = "failed";
            measured->row.reason = std::string("its run folder cannot be compared: ") + error.what();
        }
    };
    auto done = [this, measured, index = current_] {
        if (index != current_) return;
        result_.evidence[index] = std::move(measured->row);
        if (measured->cancelled) cancelled_ = true;
        endExperiment();
    };
    offload_(std::move(work), std::move(done));
}

void ExperimentRunner::endExperiment() {
    const auto& row = result_.evidence[current_];
    emit experimentEnded(int(current_), QString::fromStdString(row.experiment.id), QString::fromStdString(row.status));
    ++current_;
    QTimer::singleShot(0, this, &ExperimentRunner::next);
}

}  // namespace meshdiff::experiments
