// MainWindow's list of runs: every run opened or rerun gets a letter in the Runs panel, and the
// Rerun panel follows the pair on show.
#include <QDir>
#include <QFileInfo>

#include "background/BackgroundWork.h"
#include "gui/MainWindow.h"
#include "gui/RerunComparison.h"
#include "rerunpanel/RerunPanel.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {

QString MainWindow::nextFreeLabel() const {
    const QStringList used = runs_->runLabels();
    for (char c = 'A'; c <= 'Z'; ++c) {
        if (!used.contains(QString(QChar(c)))) return QString(QChar(c));
    }
    for (int n = 27;; ++n) {
        if (!used.contains(QStringLiteral("R%1").arg(n))) return QStringLiteral("R%1").arg(n);
    }
}

QString MainWindow::listRun(const QString& path) {
    QString label = runs_->labelOf(path);
    if (label.isEmpty()) {
        label = nextFreeLabel();
        runs_->addRun(label, path);
    }
    return label;
}

void MainWindow::addRun(const QString& folder, const QString& label) {
    const QString path = QFileInfo(folder).absoluteFilePath();
    QString listed = runs_->labelOf(path);
    if (listed.isEmpty()) {
        listed = !label.isEmpty() && runs_->pathOf(label).isEmpty() ? label : nextFreeLabel();
        runs_->addRun(listed, path);
    }
    rerun_->setNextLabel(nextFreeLabel());
    showStatus(tr("Run %1 added to the Runs panel (%2); choose it under “Compare” to load it.").arg(listed, path));
}

void MainWindow::compareFinishedRerun(const QString& folder, const QString& label, const QString& runA,
                                      const QString& runB, const QString& runDir) {
    const QString path = QFileInfo(folder).absoluteFilePath();
    const QString letter = runs_->labelOf(path).isEmpty() ? label : runs_->labelOf(path);
    QList<QPair<QString, QString>> others;  // (path, letter)
    for (const QString& other : {runA, runB}) {
        if (other.isEmpty()) continue;
        const QString otherLetter = runs_->labelOf(QFileInfo(other).absoluteFilePath());
        others.append({other, otherLetter.isEmpty() ? QFileInfo(other).fileName() : otherLetter});
    }
    rerun_->showComparison(
        tr("Comparing %1 with %2…").arg(letter, runA.isEmpty() || runB.isEmpty() ? tr("its run") : tr("A and B")));
    // `this` outlives the task: the window waits for its background work when destroyed.
    views::runInBackground([this, folder, letter, others, runDir] {
        QStringList lines;
        for (const auto& [other, otherLetter] : others)
            lines << compareRerun(folder, letter, other, otherLetter,
                                  QDir(runDir).filePath(QStringLiteral("compared-with-%1.json").arg(otherLetter)));
        views::postTo(this, [this, lines] {
            for (const QString& line : lines) rerun_->showComparison(line);
            emit rerunCompared(lines);
        });
    });
}

void MainWindow::syncRuns() {
    const QString pathA = session_->runA(), pathB = session_->runB();
    const QString labelA = listRun(pathA), labelB = listRun(pathB);
    runs_->showPair(pathA, pathB);
    const Comparison& c = session_->pair()->comparison;
    runs_->setRunDescription(pathA, QString::fromStdString(c.a.label));
    runs_->setRunDescription(pathB, QString::fromStdString(c.b.label));
    auto describe = [](const QString& letter, const std::string& label) {
        QString text = QString::fromStdString(label);
        if (text.isEmpty() || text == letter) return letter;
        if (text.startsWith(letter + QLatin1Char(' ')) || text.startsWith(letter + QLatin1Char(':'))) return text;
        return QStringLiteral("%1 (%2)").arg(letter, text);
    };
    rerun_->setRuns(pathA, describe(labelA, c.a.label), pathB, describe(labelB, c.b.label));
    if (const MeshGraph* graph = session_->pair()->graphA.get(); graph && !graph->gridLon.empty())
        rerun_->setRunResolution(360.0 / double(graph->gridLon.size()));
    rerun_->setNextLabel(nextFreeLabel());
}

}  // namespace meshdiff::gui
