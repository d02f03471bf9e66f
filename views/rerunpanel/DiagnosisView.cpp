#include "rerunpanel/DiagnosisView.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace meshdiff::views {
namespace {

enum Column { Experiment, Tests, ToA, ToB, GraphHash, Shows, ColumnCount };

void fillItem(QTreeWidgetItem* item, const DiagnosisRow& row) {
    const QString texts[ColumnCount] = {row.experiment, row.tests, row.toA, row.toB, row.graphHash, row.shows};
    for (int column = 0; column < ColumnCount; ++column) {
        item->setText(column, texts[column]);
        item->setToolTip(column, texts[column]);
    }
    item->setTextAlignment(ToA, Qt::AlignRight | Qt::AlignVCenter);
    item->setTextAlignment(ToB, Qt::AlignRight | Qt::AlignVCenter);
}

}  // namespace

DiagnosisView::DiagnosisView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    message_ = new QLabel;
    message_->setObjectName("diagnosisMessage");
    message_->setWordWrap(true);
    layout->addWidget(message_);

    table_ = new QTreeWidget;
    table_->setObjectName("diagnosisTable");
    table_->setRootIsDecorated(false);
    table_->setWordWrap(true);
    table_->setHeaderLabels({tr("Experiment"), tr("What it tests"), tr("rel RMS to A"), tr("rel RMS to B"),
                             tr("Graph hash"), tr("What it shows")});
    table_->header()->setSectionResizeMode(QHeaderView::Interactive);
    table_->header()->setStretchLastSection(true);
    table_->setColumnWidth(Experiment, 170);
    table_->setColumnWidth(Tests, 300);
    table_->setColumnWidth(ToA, 95);
    table_->setColumnWidth(ToB, 95);
    table_->setColumnWidth(GraphHash, 110);
    table_->setMinimumHeight(130);
    layout->addWidget(table_);

    verdict_ = new QLabel;
    verdict_->setObjectName("diagnosisVerdict");
    verdict_->setWordWrap(true);
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(verdict_);

    auto* buttons = new QHBoxLayout;
    start_ = new QPushButton(tr("Start"));
    start_->setObjectName("diagnosisStart");
    start_->setToolTip(tr("Run the experiments above, one after another, through the chosen back-end"));
    cancel_ = new QPushButton(tr("Cancel"));
    cancel_->setObjectName("diagnosisCancel");
    cancel_->setToolTip(tr("Stop the running experiment; the ones after it are not run"));
    export_ = new QPushButton(tr("Export…"));
    export_->setObjectName("diagnosisExport");
    export_->setToolTip(tr("Save the evidence table and the verdict as Markdown (.md) or JSON (.json)"));
    buttons->addStretch(1);
    buttons->addWidget(start_);
    buttons->addWidget(cancel_);
    buttons->addWidget(export_);
    layout->addLayout(buttons);

    connect(start_, &QPushButton::clicked, this, &DiagnosisView::startRequested);
    connect(cancel_, &QPushButton::clicked, this, &DiagnosisView::cancelRequested);
    connect(export_, &QPushButton::clicked, this, [this] {
        QString filter;
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export the diagnosis"), QStringLiteral("diagnosis.md"),
                                         tr("Markdown (*.md);;JSON (*.json)"), &filter);
        if (!path.isEmpty()) emit exportRequested(path);
    });
    showMessage({});
}

void DiagnosisView::showMessage(const QString& text) {
    message_->setText(text);
    table_->clear();
    table_->setVisible(false);
    verdict_->clear();
    start_->setEnabled(false);
    cancel_->setEnabled(false);
    export_->setEnabled(false);
}

void DiagnosisView::showPlan(const QList<DiagnosisRow>& rows, const QString& notes) {
    showMessage(rows.isEmpty()
                    ? tr("Nothing to run.") + (notes.isEmpty() ? QString() : QLatin1Char(' ') + notes)
                    : tr("Plan: %n experiment(s), run one after another on Start.", nullptr, int(rows.size())) +
                          (notes.isEmpty() ? QString() : QLatin1Char(' ') + notes));
    for (const DiagnosisRow& row : rows) fillItem(new QTreeWidgetItem(table_), row);
    table_->setVisible(!rows.isEmpty());
    start_->setEnabled(!rows.isEmpty());
}

void DiagnosisView::setRow(int index, const DiagnosisRow& row) {
    if (QTreeWidgetItem* item = table_->topLevelItem(index)) fillItem(item, row);
}

void DiagnosisView::setRunning(bool running) {
    start_->setEnabled(false);
    cancel_->setEnabled(running);
    export_->setEnabled(false);
}

void DiagnosisView::showVerdict(const QString& text) {
    verdict_->setText(text);
    cancel_->setEnabled(false);
    export_->setEnabled(!text.isEmpty());
}

}  // namespace meshdiff::views
