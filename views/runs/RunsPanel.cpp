#include "runs/RunsPanel.h"

#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace meshdiff::views {

RunsPanel::RunsPanel(QWidget* parent) : QWidget(parent), table_(new QTableWidget(0, 3, this)) {
    table_->setObjectName(QStringLiteral("runsTable"));
    table_->setHorizontalHeaderLabels({tr("Property"), tr("Run A"), tr("Run B")});
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideMiddle);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(table_);
}

void RunsPanel::clear() { table_->setRowCount(0); }

void RunsPanel::setRows(const std::vector<RunComparisonRow>& rows) {
    table_->setRowCount(int(rows.size()));
    const QColor highlight(255, 224, 130);
    for (int r = 0; r < int(rows.size()); ++r) {
        const RunComparisonRow& row = rows[std::size_t(r)];
        const QString values[3] = {QString::fromStdString(row.property), QString::fromStdString(row.a),
                                   QString::fromStdString(row.b)};
        for (int c = 0; c < 3; ++c) {
            auto* item = new QTableWidgetItem(values[c]);
            item->setToolTip(values[c]);
            if (row.differs) {
                item->setBackground(highlight);
                QFont font = item->font();
                font.setBold(true);
                item->setFont(font);
            }
            item->setData(Qt::UserRole, row.differs);
            table_->setItem(r, c, item);
        }
    }
}

}  // namespace meshdiff::views
