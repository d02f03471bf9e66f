#pragma once
#include <QObject>

namespace meshdiff::pair {
class PairSession;
}
namespace meshdiff::views {
class DiagnosisPanel;
}

namespace meshdiff::gui {

class LeadsController;

// The Diagnosis dock's spread line: how large A − B is against the spread (A's members, or A
// against the spread run) at the lead on show, as the scorecard measures it ("A − B is 0.24 %
// of the member spread at +6 h (area-weighted, worst field …)"). A lead not compared yet shows
// the pair's first lead, named in the line; no spread, no line.
class SpreadVerdictController : public QObject {
    Q_OBJECT
public:
    SpreadVerdictController(pair::PairSession* session, LeadsController* leads, views::DiagnosisPanel* panel,
                            QObject* parent);

private:
    void showLine();

    pair::PairSession* session_;
    LeadsController* leads_;
    views::DiagnosisPanel* panel_;
};

}  // namespace meshdiff::gui
