#include "gui/RunsController.h"

#include <QFileInfo>
#include <QMenu>
#include <QSettings>

#include "background/BackgroundWork.h"
#include "gui/SettingsKeys.h"
#include "gui/WindowStatus.h"
#include "pair/PairSession.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {
namespace {

QString pairKey(const QString& a, const QString& b) { return a + QLatin1Char('\n') + b; }

}  // namespace

RunsController::RunsController(pair::PairSession* session, views::RunsPanel* panel, WindowStatus* status,
                               QObject* parent)
    : QObject(parent), session_(session), panel_(panel), status_(status) {
    connect(panel_, &views::RunsPanel::compareRequested, session_, &pair::PairSession::open);
}

QString RunsController::nextFreeLabel() const {
    const QStringList used = panel_->runLabels();
    for (char c = 'A'; c <= 'Z'; ++c) {
        if (!used.contains(QString(QChar(c)))) return QString(QChar(c));
    }
    for (int n = 27;; ++n) {
        if (!used.contains(QStringLiteral("R%1").arg(n))) return QStringLiteral("R%1").arg(n);
    }
}

QString RunsController::listRun(const QString& path) {
    QString label = panel_->labelOf(path);
    if (label.isEmpty()) {
        label = nextFreeLabel();
        panel_->addRun(label, path);
    }
    return label;
}

void RunsController::addRun(const QString& folder, const QString& label) {
    const QString path = QFileInfo(folder).absoluteFilePath();
    QString listed = panel_->labelOf(path);
    if (listed.isEmpty()) {
        listed = !label.isEmpty() && panel_->pathOf(label).isEmpty() ? label : nextFreeLabel();
        panel_->addRun(listed, path);
    }
    emit nextLabelChanged(nextFreeLabel());
    status_->show(tr("Run %1 added to the Runs panel (%2); choose it under “Compare” to load it.").arg(listed, path));
}

std::pair<QString, QString> RunsController::showPair() {
    const QString pathA = session_->runA(), pathB = session_->runB();
    rememberPair(pathA, pathB);
    const QString labelA = listRun(pathA), labelB = listRun(pathB);
    panel_->showPair(pathA, pathB);
    const Comparison& c = session_->pair()->comparison;
    panel_->setRunDescription(pathA, QString::fromStdString(c.a.label));
    panel_->setRunDescription(pathB, QString::fromStdString(c.b.label));
    return {labelA, labelB};
}

void RunsController::open(const QStringList& paths) {
    if (paths.size() >= 2) {
        session_->open(paths[0], paths[1]);
    } else if (paths.size() == 1) {
        // One run dropped: it becomes A while A is empty, otherwise B.
        session_->runA().isEmpty() ? session_->setRunA(paths[0]) : session_->setRunB(paths[0]);
    }
}

void RunsController::fillRecentMenu(QMenu* menu) {
    menu->clear();
    for (const QString& entry : recentPairs_) {
        const QStringList parts = entry.split(QLatin1Char('\n'));
        if (parts.size() != 2) continue;
        menu->addAction(QStringLiteral("%1  ↔  %2").arg(parts[0], parts[1]), this,
                        [this, parts] { session_->open(parts[0], parts[1]); });
    }
    if (recentPairs_.isEmpty()) menu->addAction(tr("(none)"))->setEnabled(false);
}

void RunsController::restoreSettings(const QSettings& settings) {
    recentPairs_ = settings.value(settings::kRecentPairs).toStringList();
}

void RunsController::rememberPair(const QString& a, const QString& b) {
    recentPairs_.removeAll(pairKey(a, b));
    recentPairs_.prepend(pairKey(a, b));
    while (recentPairs_.size() > settings::kMaxRecentPairs) recentPairs_.removeLast();
    views::saveSettingsInBackground(
        {{settings::kRecentPairs, recentPairs_}, {settings::kLastFolder, QFileInfo(a).absolutePath()}});
}

}  // namespace meshdiff::gui
