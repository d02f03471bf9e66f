#pragma once
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include <QObject>
#include <QStringList>

#include "pair/LoadedPair.h"
#include "pair/RolloutLoader.h"

namespace meshdiff::pair {

// Every lead and member of a loaded pair, compared lead after lead on the background pool once
// the pair (its first lead) is on show. Results come back lead by lead to this object's thread;
// those of a rollout that was replaced or cancelled are dropped. Knows no widget.
class RolloutSession : public QObject {
    Q_OBJECT
public:
    explicit RolloutSession(QObject* parent = nullptr);
    ~RolloutSession() override;  // stops the job in flight and waits for the background work

    void start(std::shared_ptr<const LoadedPair> pair);  // replaces what was there
    void clear();                                        // a new pair is opening
    bool isLoading() const { return job_ != nullptr; }
    bool isRollout() const { return plan_ && plan_->isRollout(); }
    int leadCount() const { return plan_ ? int(plan_->leads.size()) : 0; }
    int readyCount() const { return int(leads_.size()); }  // leads are compared in order
    QStringList leadLabels() const;
    bool leadsHaveHours() const;       // every lined-up lead's hours are known
    QStringList memberLabels() const;  // "member 3"; empty with fewer than two members
    // Null until that lead has been compared.
    const RolloutLead* lead(int index) const;
    const std::vector<views::FieldRow>* rows(int lead, int member) const;
    FieldSlice slice(int lead, int member) const;
    // Every lead as core's FieldsComparison (perLead in order; top level = the first lead), once
    // all leads are compared; null before, and for a single slice.
    std::shared_ptr<const FieldsComparison> everyLead() const;

public slots:
    void cancel();

signals:
    void planReady();  // leads and members known (a single slice: isRollout() is false)
    void leadReady(int lead);
    void progressChanged(int percent, const QString& text);
    void finished();
    void cancelled();
    void failed(const QString& message);

private:
    struct Job {
        int generation = 0;
        std::atomic<bool> cancel{false};
    };
    void run(const std::shared_ptr<Job>& job, std::shared_ptr<const LoadedPair> pair);
    void endJob();
    void finish(const std::shared_ptr<Job>& job);

    std::shared_ptr<Job> job_;
    int generation_ = 0;
    std::shared_ptr<const RolloutPlan> plan_;
    std::vector<std::shared_ptr<const RolloutLead>> leads_;
    std::vector<Region> regions_;  // FieldsComparison::regions of every lead
};

}  // namespace meshdiff::pair
