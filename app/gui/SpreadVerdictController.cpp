#include "gui/SpreadVerdictController.h"

#include <QFileInfo>

#include "compare/SpreadRatio.h"
#include "diagnosis/DiagnosisPanel.h"
#include "gui/LeadsController.h"
#include "pair/PairSession.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {

SpreadVerdictController::SpreadVerdictController(pair::PairSession* session, LeadsController* leads,
                                                 views::DiagnosisPanel* panel, QObject* parent)
    : QObject(parent), session_(session), leads_(leads), panel_(panel) {
    connect(session_, &pair::PairSession::graphsReady, panel_, [this] { showLine(); });
    connect(session_, &pair::PairSession::fieldsReady, panel_, [this] { showLine(); });
    connect(leads_, &LeadsController::leadShown, panel_, [this] { showLine(); });
    connect(leads_->rollout(), &pair::RolloutSession::leadReady, panel_, [this](int lead) {
        if (lead == leads_->currentLead()) showLine();
    });
}

void SpreadVerdictController::showLine() {
    const pair::LoadedPair* pair = session_->pair();
    const LeadComparison* lead = nullptr;
    if (const pair::RolloutLead* shown = leads_->rollout()->lead(leads_->currentLead())) lead = &shown->comparison;
    else if (pair && pair->comparison.fields && !pair->comparison.fields->perLead.empty())
        lead = &pair->comparison.fields->perLead[pair->comparison.fields->shownLead];
    const auto ratio = lead ? largestSpreadRatio(*lead) : std::nullopt;
    if (ratio) {
        // The spread run by its file name; the Runs panel's Spread row has the whole path.
        const QString yardstick =
            lead->spread->run.empty()
                ? QString::fromStdString(ratio->yardstick)
                : tr("A against %1").arg(QFileInfo(QString::fromStdString(lead->spread->run)).fileName());
        panel_->setSpreadLine(QString::fromStdString(spreadRatioText(*ratio)) + tr("; the spread: %1.").arg(yardstick));
    } else if (lead && !session_->spreadRun().isEmpty()) {
        panel_->setSpreadLine(
            tr("The spread run gives no spread at this lead (it does not hold it, or holds "
               "none of its fields)."));
    } else {
        panel_->setSpreadLine(QString());
    }
}

}  // namespace meshdiff::gui
