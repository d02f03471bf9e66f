#pragma once
#include <QObject>
#include <QPointer>
#include <atomic>
#include <functional>
#include <memory>

#include "experiments/Evidence.h"
#include "rerun/RerunController.h"

namespace meshdiff::experiments {

// Runs the experiments' plan, one experiment after another, through the rerun engine (any back-end:
// progress, cancel and the run ledger as for `meshdiff rerun`), compares each new run with A and
// with B, and ends with the evidence and the verdict. Qt Core only. The compares (a second or
// more each) run where setOffload() sends them: by default on the calling thread (the CLI), in
// the window on its background pool.
class ExperimentRunner : public QObject {
    Q_OBJECT
public:
    // Runs `work` (on any thread), then `done` on this runner's thread; `done` may be dropped
    // when the runner is gone by then. `work` touches only what it captured.
    using Offload = std::function<void(std::function<void()> work, std::function<void()> done)>;

    // `base`: back-end, runs A and B, runs directory, meshdiff and resources paths; each
    // experiment gets its recipe with its choices selected and its id as label.
    ExperimentRunner(ExperimentsResult result, rerun::Recipe recipe, rerun::RerunRequest base,
                     QObject* parent = nullptr);

    void setOffload(Offload offload) { offload_ = std::move(offload); }
    void start();
    void cancel();

    const ExperimentsResult& result() const { return result_; }
    bool cancelled() const { return cancelled_; }

signals:
    void experimentStarted(int index, const QString& id);
    void logText(const QString& text);
    void progressChanged(double fraction);  // of the current experiment
    void experimentEnded(int index, const QString& id, const QString& status);
    void finished();

private:
    void next();
    void onRerunFinished(const QString& runFolder, bool succeeded);
    void endExperiment();

    ExperimentsResult result_;
    rerun::Recipe recipe_;
    rerun::RerunRequest base_;
    QPointer<rerun::RerunController> controller_;
    std::size_t current_ = 0;
    bool cancelled_ = false;
    // Shared with a compare in flight, which may outlive the runner.
    std::shared_ptr<std::atomic<bool>> cancelCompare_ = std::make_shared<std::atomic<bool>>(false);
    Offload offload_ = [](const std::function<void()>& work, const std::function<void()>& done) {
        work();
        done();
    };
};

}  // namespace meshdiff::experiments
