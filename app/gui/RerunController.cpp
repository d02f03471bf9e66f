#include "gui/RerunController.h"

#include <QDir>
#include <QFileInfo>

#include "background/BackgroundWork.h"
#include "gui/RerunComparison.h"
#include "gui/RerunExperiments.h"
#include "gui/RunsController.h"
#include "pair/PairSession.h"
#include "rerun/AttachRerunPanel.h"
#include "rerun/RunKind.h"
#include "rerunpanel/RerunPanel.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {

RerunController::RerunController(pair::PairSession* session, views::RerunPanel* panel, RunsController* runs,
                                 QObject* parent)
    : QObject(parent),
      session_(session),
      panel_(panel),
      runs_(runs),
      rerunSession_(rerun::attachRerunPanel(panel, this)) {
    connect(rerunSession_, &rerun::RerunSession::runFinished, runs_, &RunsController::addRun);
    connect(rerunSession_, &rerun::RerunSession::comparisonWanted, this, &RerunController::compareFinishedRerun);
    connect(runs_, &RunsController::nextLabelChanged, panel_, &views::RerunPanel::setNextLabel);
    auto* experiments = new RerunExperiments(
        panel_, rerunSession_,
        [this](const QString& folder) {
            runs_->addRun(folder, {});
            return runs_->panel()->labelOf(QFileInfo(folder).absoluteFilePath());
        },
        this);
    experiments->setObjectName("rerunExperiments");
}

void RerunController::showPair(const QString& labelA, const QString& labelB) {
    const QString pathA = session_->runA(), pathB = session_->runB();
    const Comparison& c = session_->pair()->comparison;
    auto describe = [](const QString& letter, const std::string& label) {
        QString text = QString::fromStdString(label);
        if (text.isEmpty() || text == letter) return letter;
        if (text.startsWith(letter + QLatin1Char(' ')) || text.startsWith(letter + QLatin1Char(':'))) return text;
        return QStringLiteral("%1 (%2)").arg(letter, text);
    };
    panel_->setRuns(pathA, describe(labelA, c.a.label), pathB, describe(labelB, c.b.label));
    const rerun::RunKind kind = rerun::runKindOf(c.a, c.b);
    panel_->suggestRecipeFor(QString::fromStdString(kind.kind), QString::fromStdString(kind.reason));
    if (const MeshGraph* graph = session_->pair()->graphA.get(); graph && !graph->gridLon.empty())
        panel_->setRunResolution(360.0 / double(graph->gridLon.size()));
    panel_->setNextLabel(runs_->nextFreeLabel());
}

void RerunController::compareFinishedRerun(const QString& folder, const QString& label, const QString& runA,
                                           const QString& runB, const QString& runDir) {
    views::RunsPanel* runsPanel = runs_->panel();
    const QString path = QFileInfo(folder).absoluteFilePath();
    const QString letter = runsPanel->labelOf(path).isEmpty() ? label : runsPanel->labelOf(path);
    QList<QPair<QString, QString>> others;  // (path, letter)
    for (const QString& other : {runA, runB}) {
        if (other.isEmpty()) continue;
        const QString otherLetter = runsPanel->labelOf(QFileInfo(other).absoluteFilePath());
        others.append({other, otherLetter.isEmpty() ? QFileInfo(other).fileName() : otherLetter});
    }
    panel_->showComparison(
        tr("Comparing %1 with %2…").arg(letter, runA.isEmpty() || runB.isEmpty() ? tr("its run") : tr("A and B")));
    // `this` outlives the task: the window waits for its background work when destroyed.
    views::runInBackground([this, folder, letter, others, runDir] {
        QStringList lines;
        for (const auto& [other, otherLetter] : others)
            lines << compareRerun(folder, letter, other, otherLetter,
                                  QDir(runDir).filePath(QStringLiteral("compared-with-%1.json").arg(otherLetter)));
        views::postTo(this, [this, lines] {
            for (const QString& line : lines) panel_->showComparison(line);
            emit rerunCompared(lines);
        });
    });
}

}  // namespace meshdiff::gui
