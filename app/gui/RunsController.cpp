#include "gui/RunsController.h"

#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>

#include "background/BackgroundWork.h"
#include "gui/SettingsKeys.h"
#include "gui/WindowStatus.h"
#include "pair/PairSession.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {
namespace {

// "A\nB", or "A\nB\nSPREAD" for a pair with a spread run.
QString pairKey(const QString& a, const QString& b, const QString& spread) {
    return a + QLatin1Char('\n') + b + (spread.isEmpty() ? QString() : QLatin1Char('\n') + spread);
}

}  // namespace

RunsController::RunsController(pair::PairSession* session, views::RunsPanel* panel, WindowStatus* status,
                               QObject* parent)
    : QObject(parent), session_(session), panel_(panel), status_(status) {
    connect(panel_, &views::RunsPanel::compareRequested, session_,
            [this](const QString& a, const QString& b) { session_->openWithSpread(a, b, session_->spreadRun()); });
    connect(panel_->spreadRow(), &views::SpreadRunRow::removeRequested, session_,
            [this] { session_->setSpreadRun(QString()); });
    connect(session_, &pair::PairSession::spreadRunChanged, panel_->spreadRow(), &views::SpreadRunRow::setPath);
    panel_->spreadRow()->setPath(session_->spreadRun());  // `meshdiff A B --spread C` set it before the window
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
    rememberPair(pathA, pathB, session_->spreadRun());
    const QString labelA = listRun(pathA), labelB = listRun(pathB);
    panel_->showPair(pathA, pathB);
    const Comparison& c = session_->pair()->comparison;
    panel_->setRunDescription(pathA, QString::fromStdString(c.a.label));
    panel_->setRunDescription(pathB, QString::fromStdString(c.b.label));
    return {labelA, labelB};
}

void RunsController::open(const QStringList& paths) {
    if (paths.size() >= 3) {
        session_->openWithSpread(paths[0], paths[1], paths[2]);
    } else if (paths.size() == 2) {
        session_->open(paths[0], paths[1]);
    } else if (paths.size() == 1 && !session_->runA().isEmpty() && !session_->runB().isEmpty()) {
        askAboutThirdRun(paths[0]);
    } else if (paths.size() == 1) {
        // One run dropped: it becomes A while A is empty, otherwise B.
        session_->runA().isEmpty() ? session_->setRunA(paths[0]) : session_->setRunB(paths[0]);
    }
}

void RunsController::askAboutThirdRun(const QString& path) {
    auto* question = new QMessageBox(QMessageBox::Question, tr("A third run"),
                                     tr("%1 and %2 are open. What is %3?")
                                         .arg(QFileInfo(session_->runA()).fileName(),
                                              QFileInfo(session_->runB()).fileName(), QFileInfo(path).fileName()),
                                     QMessageBox::Cancel, panel_->window());
    question->setObjectName(QStringLiteral("thirdRunQuestion"));
    question->setInformativeText(
        tr("As the spread run, A against it is the yardstick of A − B (the field "
           "table's “A−B / spread”, the growth chart's band, the Diagnosis)."));
    QPushButton* spread = question->addButton(tr("The Spread Run"), QMessageBox::AcceptRole);
    spread->setObjectName(QStringLiteral("useAsSpreadRun"));
    QPushButton* runB = question->addButton(tr("The New Run B"), QMessageBox::ActionRole);
    runB->setObjectName(QStringLiteral("useAsRunB"));
    question->setDefaultButton(spread);
    question->setAttribute(Qt::WA_DeleteOnClose);
    connect(question, &QMessageBox::buttonClicked, this, [this, path, spread, runB](QAbstractButton* button) {
        if (button == spread) session_->setSpreadRun(path);
        else if (button == runB) session_->setRunB(path);
    });
    question->open();
}

void RunsController::fillRecentMenu(QMenu* menu) {
    menu->clear();
    for (const QString& entry : recentPairs_) {
        const QStringList parts = entry.split(QLatin1Char('\n'));
        if (parts.size() != 2 && parts.size() != 3) continue;
        const QString spread = parts.value(2);
        const QString text = spread.isEmpty() ? QStringLiteral("%1  ↔  %2").arg(parts[0], parts[1])
                                              : tr("%1  ↔  %2  (spread: %3)").arg(parts[0], parts[1], spread);
        menu->addAction(text, this, [this, parts, spread] { session_->openWithSpread(parts[0], parts[1], spread); });
    }
    if (recentPairs_.isEmpty()) menu->addAction(tr("(none)"))->setEnabled(false);
}

void RunsController::restoreSettings(const QSettings& settings) {
    recentPairs_ = settings.value(settings::kRecentPairs).toStringList();
}

void RunsController::rememberPair(const QString& a, const QString& b, const QString& spread) {
    recentPairs_.removeAll(pairKey(a, b, spread));
    recentPairs_.prepend(pairKey(a, b, spread));
    while (recentPairs_.size() > settings::kMaxRecentPairs) recentPairs_.removeLast();
    views::saveSettingsInBackground(
        {{settings::kRecentPairs, recentPairs_}, {settings::kLastFolder, QFileInfo(a).absolutePath()}});
}

}  // namespace meshdiff::gui
