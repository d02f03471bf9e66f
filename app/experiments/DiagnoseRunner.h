#pragma once
#include <QObject>
#include <QPointer>
#include <atomic>

#include "experiments/Evidence.h"
#include "rerun/RerunController.h"

namespace meshdiff::experiments {

// Runs a diagnosis plan, one experiment after another, through the rerun engine (any back-end:
// progress, cancel and the run ledger as for `meshdiff rerun`), compares each new run with A and
// with B, and ends with the evidence and the verdict. Qt Core only; the compares run on the
// calling thread (a window would hand them to its background pool).
class DiagnoseRunner : public QObject {
    Q_OBJECT
public:
    // `base`: back-end, runs A and B, runs directory, meshdiff and resources paths; each
    // experiment gets its recipe with its choices selected and its id as label.
    DiagnoseRunner(DiagnoseResult result, rerun::Recipe recipe, rerun::RerunRequest base, QObject* parent = nullptr);

    void start();
    void cancel();

    const DiagnoseResult& result() const { return result_; }
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

    DiagnoseResult result_;
    rerun::Recipe recipe_;
    rerun::RerunRequest base_;
    QPointer<rerun::RerunController> controller_;
    std::size_t current_ = 0;
    bool cancelled_ = false;
    std::atomic<bool> cancelCompare_{false};
};

}  // namespace meshdiff::experiments
