#include "runs/RunsPanel.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace meshdiff::views {

RunsPanel::RunsPanel(QWidget* parent)
    : QWidget(parent),
      first_(new QComboBox(this)),
      second_(new QComboBox(this)),
      compare_(new QPushButton(tr("Compare"), this)),
      table_(new QTableWidget(0, 3, this)) {
    first_->setObjectName(QStringLiteral("compareFirstRun"));
    second_->setObjectName(QStringLiteral("compareSecondRun"));
    compare_->setObjectName(QStringLiteral("compareRuns"));
    compare_->setToolTip(tr("Load the two chosen runs as A and B"));
    for (QComboBox* box : {first_, second_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        connect(box, &QComboBox::currentIndexChanged, this, &RunsPanel::updateCompareButton);
    }
    connect(compare_, &QPushButton::clicked, this, [this] {
        const int a = first_->currentIndex(), b = second_->currentIndex();
        if (a < 0 || b < 0 || a == b) return;
        emit compareRequested(paths_[a], paths_[b]);
    });
    auto* chooser = new QHBoxLayout;
    chooser->setContentsMargins(4, 4, 4, 0);
    chooser->addWidget(new QLabel(tr("Compare"), this));
    chooser->addWidget(first_);
    chooser->addWidget(new QLabel(tr("with"), this));
    chooser->addWidget(second_);
    chooser->addWidget(compare_);
    chooser->addStretch(1);
    updateCompareButton();

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
    layout->addLayout(chooser);
    layout->addWidget(table_);
}

void RunsPanel::addRun(const QString& label, const QString& path) {
    const QString text = tr("%1 — %2").arg(label, QFileInfo(path).fileName());
    if (const int i = int(labels_.indexOf(label)); i >= 0) {
        paths_[i] = path;
        for (QComboBox* box : {first_, second_}) {
            box->setItemText(i, text);
            box->setItemData(i, path, Qt::ToolTipRole);
        }
    } else {
        labels_.push_back(label);
        paths_.push_back(path);
        for (QComboBox* box : {first_, second_}) {
            box->addItem(text);
            box->setItemData(box->count() - 1, path, Qt::ToolTipRole);
        }
    }
    showPair(shownA_, shownB_);
}

QString RunsPanel::labelOf(const QString& path) const {
    const int i = int(paths_.indexOf(path));
    return i < 0 ? QString() : labels_[i];
}

QString RunsPanel::pathOf(const QString& label) const {
    const int i = int(labels_.indexOf(label));
    return i < 0 ? QString() : paths_[i];
}

void RunsPanel::showPair(const QString& pathA, const QString& pathB) {
    shownA_ = pathA;
    shownB_ = pathB;
    if (const int a = int(paths_.indexOf(pathA)); a >= 0) first_->setCurrentIndex(a);
    if (const int b = int(paths_.indexOf(pathB)); b >= 0) second_->setCurrentIndex(b);
    updateCompareButton();
}

void RunsPanel::updateCompareButton() {
    const int a = first_->currentIndex(), b = second_->currentIndex();
    const bool shown = a >= 0 && b >= 0 && paths_[a] == shownA_ && paths_[b] == shownB_;
    compare_->setEnabled(a >= 0 && b >= 0 && a != b && !shown);
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
