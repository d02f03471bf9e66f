#include "gui/LeadsController.h"

#include <algorithm>

#include <QKeyEvent>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QToolBar>

#include "fieldtable/FieldTableView.h"
#include "gui/LeadVerdict.h"
#include "gui/WindowStatus.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapView.h"
#include "pair/PairSession.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {

LeadsController::LeadsController(pair::PairSession* session, views::LeadSlider* slider, QToolBar* bar,
                                 views::FieldTableView* fields, views::ErrorMapView* map, WindowStatus* status,
                                 QObject* parent)
    : QObject(parent),
      session_(session),
      slider_(slider),
      bar_(bar),
      fields_(fields),
      map_(map),
      status_(status),
      rollout_(new pair::RolloutSession(this)) {
    // Play skips a step while the last lead's map is still being prepared or restyled.
    slider_->setFrameGate([this] { return session_->fieldMapPending() || map_->isRestyling(); });
    connect(slider_, &views::LeadSlider::leadChanged, this, &LeadsController::showLead);
    connect(slider_, &views::LeadSlider::memberChanged, this, &LeadsController::showLead);
    connect(slider_, &views::LeadSlider::leadStepChanged, session_, [this](double hours) {
        session_->setLeadStepHours(hours > 0 ? std::optional<double>(hours) : std::nullopt);
    });
    // Connected after the window's own: a new pair is on show (pairLoaded) before its leads are compared.
    connect(session_, &pair::PairSession::pairOpening, this, [this] {
        rollout_->clear();
        wantedLead_ = -1;
        slider_->setPlaying(false);
        showBar(false);
    });
    connect(session_, &pair::PairSession::fieldsReady, this, [this] { rollout_->start(session_->sharedPair()); });
    connect(fields_, &views::FieldTableView::metricChoiceChanged, this, &LeadsController::showVerdict);
    fields_->filterEdit()->installEventFilter(this);
    connectRollout();
}

bool LeadsController::eventFilter(QObject* watched, QEvent* event) {
    if (watched == fields_->filterEdit() && event->type() == QEvent::ShortcutOverride) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if ((key->key() == Qt::Key_BracketLeft || key->key() == Qt::Key_BracketRight) &&
            (key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier) {
            event->ignore();  // the line edit would take it as text: the window's shortcut steps the lead
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

void LeadsController::connectRollout() {
    connect(rollout_, &pair::RolloutSession::planReady, this, &LeadsController::showPlan);
    connect(rollout_, &pair::RolloutSession::leadReady, this, [this](int lead) {
        slider_->setReadyCount(lead + 1);
        if (lead == wantedLead_) {
            wantedLead_ = -1;
            slider_->setCurrentLead(lead);
        }
        if (lead == currentLead()) showLead();  // its rows now have every member and column
    });
    connect(rollout_, &pair::RolloutSession::progressChanged, status_, &WindowStatus::showProgress);
    connect(rollout_, &pair::RolloutSession::finished, this, [this] {
        status_->endProgress();
        if (rollout_->isRollout()) {
            status_->show(tr("Every lead compared: %1 leads%2 — [ and ] step, P plays.")
                              .arg(rollout_->leadCount())
                              .arg(rollout_->memberLabels().isEmpty()
                                       ? QString()
                                       : tr(", %1 members").arg(rollout_->memberLabels().size())));
        }
    });
    connect(rollout_, &pair::RolloutSession::cancelled, this, [this] {
        status_->endProgress();
        status_->show(tr("Lead comparison cancelled: %1 of %2 leads on the slider.")
                          .arg(rollout_->readyCount())
                          .arg(rollout_->leadCount()));
    });
    connect(rollout_, &pair::RolloutSession::failed, this, [this](const QString& message) {
        status_->endProgress();
        status_->show(tr("Could not compare every lead: %1").arg(message));
    });
}

int LeadsController::currentLead() const { return slider_->currentLead(); }
int LeadsController::currentMember() const { return slider_->currentMember(); }

void LeadsController::showBar(bool shown) {
    bar_->setVisible(shown);
    barShown_ = shown;
    emit barShownChanged(shown);
}

void LeadsController::showPlan() {
    if (!rollout_->isRollout()) return;
    slider_->setLeads(rollout_->leadLabels(), rollout_->readyCount());
    slider_->setMembers(rollout_->memberLabels());
    const std::optional<double> step = session_->leadStepHours();
    slider_->showLeadStep(!rollout_->leadsHaveHours() || step, step.value_or(0));
    showBar(true);
    status_->startProgress();
}

void LeadsController::showLead() {
    const int lead = currentLead(), member = currentMember();
    if (const std::vector<views::FieldRow>* rows = rollout_->rows(lead, member)) {
        fields_->setRows(*rows);
        const QSignalBlocker quiet(fields_);  // the table follows the session; it must not ask again
        if (!session_->currentField().isEmpty()) fields_->selectField(session_->currentField());
    }
    session_->setMapStyle(map_->style());
    session_->showSlice(rollout_->slice(lead, member));
    showVerdict();
    emit leadShown(lead, member);
}

// The lead's verdict at a glance, in the numbers the table shows: how far A−B is from the
// members' natural spread.
void LeadsController::showVerdict() {
    const pair::RolloutLead* compared = rollout_->lead(currentLead());
    if (!compared || rollout_->isLoading() || !session_->pair()) return;
    const auto& fields = session_->pair()->comparison.fields;
    status_->show(leadVerdictText(slider_->leadLabel(), compared->comparison, fields_->metricChoice(),
                                  fields ? fields->regions : std::vector<Region>{}));
}

void LeadsController::showFieldAtLead(const QString& field, int leadIndex) {
    if (leadIndex >= 0 && leadIndex < rollout_->readyCount()) {
        slider_->setCurrentLead(leadIndex);
    } else if (leadIndex >= 0 && leadIndex < rollout_->leadCount()) {
        wantedLead_ = leadIndex;
    }
    if (!field.isEmpty()) emit fieldWanted(field);
}

}  // namespace meshdiff::gui
