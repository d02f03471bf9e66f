#include "rerunpanel/ExperimentsView.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace meshdiff::views {
namespace {

enum Column { Experiment, Tests, ToA, ToB, GraphHash, Shows, ColumnCount };

void fillRow(QTableWidget* table, int index, const ExperimentRow& row) {
    const QString texts[ColumnCount] = {row.experiment, row.tests, row.toA, row.toB, row.graphHash, row.shows};
    for (int column = 0; column < ColumnCount; ++column) {
        auto* item = new QTableWidgetItem(texts[column]);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        item->setToolTip(texts[column]);
        const bool number = column == ToA || column == ToB;
        item->setTextAlignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
        table->setItem(index, column, item);
    }
}

}  // namespace

ExperimentsView::ExperimentsView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    message_ = new QLabel;
    message_->setObjectName("experimentsMessage");
    message_->setWordWrap(true);
    layout->addWidget(message_);

    table_ = new QTableWidget(0, ColumnCount);
    table_->setObjectName("experimentsTable");
    table_->setWordWrap(true);
    table_->setHorizontalHeaderLabels({tr("Experiment"), tr("What it tests"), tr("rel RMS to A"), tr("rel RMS to B"),
                                       tr("Graph"), tr("What it shows")});
    table_->verticalHeader()->hide();
    // Rows grow to their wrapped text: the last column holds the sentence that matters.
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setColumnWidth(Experiment, 150);
    table_->setColumnWidth(Tests, 230);
    table_->setColumnWidth(ToA, 85);
    table_->setColumnWidth(ToB, 85);
    table_->setColumnWidth(GraphHash, 135);
    layout->addWidget(table_);

    verdict_ = new QLabel;
    verdict_->setObjectName("experimentsVerdict");
    verdict_->setWordWrap(true);
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(verdict_);

    auto* buttons = new QHBoxLayout;
    start_ = new QPushButton(tr("Start"));
    start_->setObjectName("experimentsStart");
    start_->setToolTip(tr("Run the experiments above, one after another, through the chosen back-end"));
    cancel_ = new QPushButton(tr("Cancel"));
    cancel_->setObjectName("experimentsCancel");
    cancel_->setToolTip(tr("Stop the running experiment; the ones after it are not run"));
    export_ = new QPushButton(tr("Export…"));
    export_->setObjectName("experimentsExport");
    export_->setToolTip(tr("Save the evidence table and the verdict as Markdown (.md) or JSON (.json)"));
    buttons->addStretch(1);
    buttons->addWidget(start_);
    buttons->addWidget(cancel_);
    buttons->addWidget(export_);
    layout->addLayout(buttons);

    connect(start_, &QPushButton::clicked, this, &ExperimentsView::startRequested);
    connect(cancel_, &QPushButton::clicked, this, &ExperimentsView::cancelRequested);
    connect(export_, &QPushButton::clicked, this, [this] {
        QString filter;
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export the experiments"), QStringLiteral("experiments.md"),
                                         tr("Markdown (*.md);;JSON (*.json)"), &filter);
        if (!path.isEmpty()) emit exportRequested(path);
    });
    showMessage({});
}

void ExperimentsView::showMessage(const QString& text) {
    message_->setText(text);
    table_->setRowCount(0);
    table_->setVisible(false);
    verdict_->clear();
    verdict_->setVisible(false);
    start_->setEnabled(false);
    cancel_->setEnabled(false);
    export_->setEnabled(false);
}

void ExperimentsView::showPlan(const QList<ExperimentRow>& rows, const QString& notes) {
    const QString plan = rows.isEmpty() ? tr("Nothing to run.")
                         : rows.size() == 1
                             ? tr("Plan: 1 experiment, run on Start.")
                             : tr("Plan: %1 experiments, run one after another on Start.").arg(rows.size());
    showMessage(notes.isEmpty() ? plan : plan + QLatin1Char('\n') + notes);
    table_->setRowCount(int(rows.size()));
    for (int i = 0; i < int(rows.size()); ++i) fillRow(table_, i, rows[i]);
    table_->setVisible(!rows.isEmpty());
    fitTableHeight();
    start_->setEnabled(!rows.isEmpty());
}

void ExperimentsView::setRow(int index, const ExperimentRow& row) {
    if (index < 0 || index >= table_->rowCount()) return;
    fillRow(table_, index, row);
    fitTableHeight();
}

void ExperimentsView::fitTableHeight() {
    table_->resizeRowsToContents();
    int height = table_->horizontalHeader()->height() + 2 * table_->frameWidth();
    for (int row = 0; row < table_->rowCount(); ++row) height += table_->rowHeight(row);
    table_->setFixedHeight(height + table_->horizontalScrollBar()->sizeHint().height());
}

void ExperimentsView::setRunning(bool running) {
    start_->setEnabled(false);
    cancel_->setEnabled(running);
    export_->setEnabled(false);
}

void ExperimentsView::showVerdict(const QString& text) {
    verdict_->setText(text);
    verdict_->setVisible(!text.isEmpty());
    cancel_->setEnabled(false);
    export_->setEnabled(!text.isEmpty());
}

}  // namespace meshdiff::views
