#pragma once
#include <QObject>
#include <QStringList>

namespace meshdiff::pair {
class PairSession;
}
namespace meshdiff::rerun {
class RerunSession;
}
namespace meshdiff::views {
class RerunPanel;
}

namespace meshdiff::gui {

class RunsController;

// The Rerun dock: its RerunSession (attachRerunPanel), the pair it reruns (the one on show), a
// finished rerun listed in the Runs panel and, when its recipe asks, compared with A and B; and
// the panel's experiments (RerunExperiments, this controller's helper).
class RerunController : public QObject {
    Q_OBJECT
public:
    RerunController(pair::PairSession* session, views::RerunPanel* panel, RunsController* runs, QObject* parent);

    rerun::RerunSession* rerunSession() const { return rerunSession_; }
    // The pair on show, its runs listed in the Runs panel with these letters.
    void showPair(const QString& labelA, const QString& labelB);
    // Diffs a finished rerun against A and B (its recipe asked for it) off the GUI thread; the
    // panel shows one line per run and <runDir>/compared-with-<X>.json keeps the result.
    void compareFinishedRerun(const QString& folder, const QString& label, const QString& runA, const QString& runB,
                              const QString& runDir);

signals:
    void rerunCompared(const QStringList& lines);  // compareFinishedRerun's result, one line per run

private:
    pair::PairSession* session_;
    views::RerunPanel* panel_;
    RunsController* runs_;
    rerun::RerunSession* rerunSession_;
};

}  // namespace meshdiff::gui
