// MainWindow's list of runs: every run opened or rerun gets a letter in the Runs panel, and the
// Rerun panel follows the pair on show.
#include <QFileInfo>

#include "gui/MainWindow.h"
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

void MainWindow::syncRuns() {
    const QString pathA = session_->runA(), pathB = session_->runB();
    const QString labelA = listRun(pathA), labelB = listRun(pathB);
    runs_->showPair(pathA, pathB);
    const Comparison& c = session_->pair()->comparison;
    auto describe = [](const QString& letter, const std::string& label) {
        return label.empty() ? letter : QStringLiteral("%1 (%2)").arg(letter, QString::fromStdString(label));
    };
    rerun_->setRuns(pathA, describe(labelA, c.a.label), pathB, describe(labelB, c.b.label));
    rerun_->setNextLabel(nextFreeLabel());
}

}  // namespace meshdiff::gui
