// MainWindow's lead-time slider: every lead and member of a rollout, compared in the background
// once the first lead is on show; the field table, the error map, the globe's overlay and the
// inspector follow the lead and member chosen.
#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QToolBar>

#include "fieldtable/FieldTableView.h"
#include "gui/MainWindow.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapView.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {

void MainWindow::buildLeadBar() {
    rollout_ = new RolloutSession(this);
    leadSlider_ = new views::LeadSlider(this);
    leadBar_ = new QToolBar(tr("Lead time"), this);
    leadBar_->setObjectName(QStringLiteral("leadToolBar"));
    leadBar_->setMovable(false);
    leadBar_->addWidget(leadSlider_);
    addToolBar(Qt::TopToolBarArea, leadBar_);

    // In the Go menu (so that Help ▸ Keyboard Shortcuts lists them), enabled with a rollout.
    QMenu* go = nullptr;
    for (QAction* entry : menuBar()->actions()) {
        if (entry->menu() && entry->menu()->title() == tr("&Go")) go = entry->menu();
    }
    if (go) go->addSeparator();
    auto addKey = [this, go](const QString& text, const QKeySequence& key, auto slot) {
        auto* action = new QAction(text, this);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WindowShortcut);
        action->setEnabled(false);
        connect(action, &QAction::triggered, this, slot);
        go ? go->addAction(action) : addAction(action);
        leadActions_ << action;
    };
    addKey(tr("Previous &Lead"), QKeySequence(Qt::Key_BracketLeft), [this] { leadSlider_->stepLead(-1); });
    addKey(tr("Next L&ead"), QKeySequence(Qt::Key_BracketRight), [this] { leadSlider_->stepLead(+1); });
    addKey(tr("P&lay or Pause the Leads"), QKeySequence(Qt::Key_P),
           [this] { leadSlider_->setPlaying(!leadSlider_->isPlaying()); });
}

void MainWindow::showLeadBar(bool shown) {
    leadBar_->setVisible(shown);
    for (QAction* action : leadActions_) action->setEnabled(shown);
}

int MainWindow::currentLead() const { return leadSlider_->currentLead(); }
int MainWindow::currentMember() const { return leadSlider_->currentMember(); }

void MainWindow::connectRollout() {
    // Play skips a step while the last lead's map is still being prepared or restyled.
    leadSlider_->setFrameGate([this] { return session_->fieldMapPending() || map_->isRestyling(); });
    connect(leadSlider_, &views::LeadSlider::leadChanged, this, &MainWindow::showLead);
    connect(leadSlider_, &views::LeadSlider::memberChanged, this, &MainWindow::showLead);

    connect(session_, &PairSession::pairOpening, this, [this] {
        rollout_->clear();
        wantedLead_ = -1;
        leadSlider_->setPlaying(false);
        showLeadBar(false);
    });
    connect(session_, &PairSession::fieldsReady, this, [this] { rollout_->start(session_->sharedPair()); });

    connect(rollout_, &RolloutSession::planReady, this, &MainWindow::showRolloutPlan);
    connect(rollout_, &RolloutSession::leadReady, this, [this](int lead) {
        leadSlider_->setReadyCount(lead + 1);
        if (lead == wantedLead_) {
            wantedLead_ = -1;
            leadSlider_->setCurrentLead(lead);
        }
        if (lead == currentLead()) showLead();  // its rows now have every member and column
    });
    connect(rollout_, &RolloutSession::progressChanged, this, &MainWindow::showRolloutProgress);
    auto ended = [this] {
        progress_->hide();
        cancel_->hide();
    };
    connect(rollout_, &RolloutSession::finished, this, [this, ended] {
        ended();
        showGrowthLeads(rollout_->everyLead());
        if (rollout_->isRollout()) {
            showStatus(tr("Every lead compared: %1 leads%2 — [ and ] step, P plays.")
                           .arg(rollout_->leadCount())
                           .arg(rollout_->memberLabels().isEmpty()
                                    ? QString()
                                    : tr(", %1 members").arg(rollout_->memberLabels().size())));
        }
    });
    connect(rollout_, &RolloutSession::cancelled, this, [this, ended] {
        ended();
        showStatus(tr("Lead comparison cancelled: %1 of %2 leads on the slider.")
                       .arg(rollout_->readyCount())
                       .arg(rollout_->leadCount()));
    });
    connect(rollout_, &RolloutSession::failed, this, [this, ended](const QString& message) {
        ended();
        showStatus(tr("Could not compare every lead: %1").arg(message));
    });
}

void MainWindow::showRolloutPlan() {
    if (!rollout_->isRollout()) return;
    leadSlider_->setLeads(rollout_->leadLabels(), rollout_->readyCount());
    leadSlider_->setMembers(rollout_->memberLabels());
    showLeadBar(true);
    progress_->setRange(0, 100);
    progress_->setValue(0);
    progress_->show();
    cancel_->show();
}

void MainWindow::showRolloutProgress(int percent, const QString& text) { showProgress(percent, text); }

void MainWindow::showLead() {
    const int lead = currentLead(), member = currentMember();
    if (const std::vector<views::FieldRow>* rows = rollout_->rows(lead, member)) {
        fields_->setRows(*rows);
        showFieldSelection();
    }
    session_->setMapStyle(map_->style());
    session_->showSlice(rollout_->slice(lead, member));
    if (const RolloutLead* compared = rollout_->lead(lead); compared && !rollout_->isLoading()) {
        // The lead's verdict at a glance: how far A−B is from the members' natural spread.
        const LeadComparison& c = compared->comparison;
        QString text = tr("%1: max rel RMS %2, median %3 (all fields and members)")
                           .arg(leadSlider_->leadLabel())
                           .arg(c.maxRelRms, 0, 'g', 3)
                           .arg(c.medianRelRms, 0, 'g', 3);
        if (const auto ratio = c.ratioToSpread())
            text += tr("; %1× the spread between A's members").arg(*ratio, 0, 'g', 2);
        showStatus(text + QStringLiteral("."));
    }
    emit leadShown(lead, member);
}

void MainWindow::showFieldAtLead(const QString& field, int leadIndex) {
    if (leadIndex >= 0 && leadIndex < rollout_->readyCount()) {
        leadSlider_->setCurrentLead(leadIndex);
    } else if (leadIndex >= 0 && leadIndex < rollout_->leadCount()) {
        wantedLead_ = leadIndex;
    }
    if (!field.isEmpty()) selectField(field);
}

}  // namespace meshdiff::gui
