#pragma once
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <memory>

namespace meshdiff::views {
class RerunPanel;
struct ExperimentRow;
}  // namespace meshdiff::views
namespace meshdiff::rerun {
class RerunSession;
}
namespace meshdiff::experiments {
class ExperimentRunner;
struct ExperimentsResult;
}  // namespace meshdiff::experiments

namespace meshdiff::gui {

// The Rerun panel's experiments (docs/experiments.md, "In the window"), the RerunController's
// helper: compares A and B off the GUI thread and shows the plan; on Start runs it with ExperimentRunner through the
// panel's back-end (each rerun's compares on the background pool), fills the evidence table, adds each experiment's run
// to the Runs panel, shows the verdict and exports it.
class RerunExperiments : public QObject {
    Q_OBJECT
public:
    // `addRun` lists a finished experiment's run folder in the window and returns its letter.
    using AddRun = std::function<QString(const QString& folder)>;
    RerunExperiments(views::RerunPanel* panel, rerun::RerunSession* session, AddRun addRun, QObject* parent);
    ~RerunExperiments() override;

    bool running() const;
    const experiments::ExperimentsResult* result() const;  // the plan, then the evidence; null before a plan

signals:
    void planShown(int experiments);
    void finished(const QString& verdict);

private:
    struct Prepared;
    void plan(const QJsonObject& request);
    void showPlan(std::shared_ptr<Prepared> prepared);
    void start();
    void cancel();
    void showRow(int index, const QString& state = {});
    void onFinished();
    void exportTo(const QString& path);

    views::RerunPanel* panel_;
    rerun::RerunSession* session_;
    AddRun addRun_;
    std::shared_ptr<Prepared> prepared_;
    QPointer<experiments::ExperimentRunner> runner_;
    QStringList letters_;
    bool running_ = false;
    std::uint64_t generation_ = 0;  // of the plan shown; a compare or measure of an older one is dropped
};

}  // namespace meshdiff::gui
