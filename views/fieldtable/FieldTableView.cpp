#include "fieldtable/FieldTableView.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace meshdiff::views {

FieldTableView::FieldTableView(QWidget* parent)
    : QWidget(parent),
      model_(new FieldTableModel(this)),
      proxy_(new QSortFilterProxyModel(this)),
      table_(new QTableView(this)),
      filter_(new QLineEdit(this)),
      metricBar_(new MetricChoiceBar(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(FieldTableModel::SortRole);
    proxy_->setFilterKeyColumn(FieldTableModel::Name);
    proxy_->setFilterRole(FieldTableModel::FilterRole);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);

    metricBar_->setObjectName(QStringLiteral("metricChoice"));
    connect(metricBar_, &MetricChoiceBar::changed, this, [this](const MetricChoice& choice) {
        model_->setMetricChoice(choice);
        if (proxy_->sortColumn() >= 0) proxy_->sort(proxy_->sortColumn(), proxy_->sortOrder());
        emit metricChoiceChanged(choice);
    });
    filter_->setPlaceholderText(tr("Filter: variable, level or name (temperature, 850, temperature@850)"));
    filter_->setClearButtonEnabled(true);
    filter_->setObjectName(QStringLiteral("fieldFilter"));
    connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);

    table_->setObjectName(QStringLiteral("fieldTable"));
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(FieldTableModel::RelRms, Qt::DescendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* copy = new QAction(tr("Copy rows"), table_);
    copy->setObjectName(QStringLiteral("copyFieldRows"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &FieldTableView::copySelectedRows);
    table_->addAction(copy);
    table_->installEventFilter(this);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setAlternatingRowColors(true);

    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) emit fieldSelected(current.data(FieldTableModel::NameRole).toString());
            });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(metricBar_);
    layout->addWidget(filter_);
    layout->addWidget(table_);
}

void FieldTableView::setRows(std::vector<FieldRow> rows) {
    model_->setRows(std::move(rows));
    table_->sortByColumn(proxy_->sortColumn() < 0 ? int(FieldTableModel::RelRms) : proxy_->sortColumn(),
                         proxy_->sortOrder());
}

QString FieldTableView::currentField() const {
    const QModelIndex current = table_->selectionModel()->currentIndex();
    return current.isValid() ? current.data(FieldTableModel::NameRole).toString() : QString();
}

void FieldTableView::selectField(const QString& name) {
    if (name == currentField()) return;
    const int row = model_->rowOf(name);
    if (row < 0) return;
    const QModelIndex index = proxy_->mapFromSource(model_->index(row, 0));
    if (!index.isValid()) return;
    table_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table_->scrollTo(index);
}

int FieldTableView::visibleRowCount() const { return proxy_->rowCount(); }

QString FieldTableView::fieldAtVisibleRow(int row) const {
    return proxy_->index(row, 0).data(FieldTableModel::NameRole).toString();
}

QStringList FieldTableView::selectedFields() const {
    QModelIndexList rows = table_->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    QStringList names;
    for (const QModelIndex& index : rows) names << index.data(FieldTableModel::NameRole).toString();
    return names;
}

QString FieldTableView::selectedRowsAsTsv() const {
    QModelIndexList rows = table_->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    QStringList lines, header;
    for (int c = 0; c < proxy_->columnCount(); ++c)
        header << proxy_->headerData(c, Qt::Horizontal).toString().replace(QLatin1Char('\n'), QLatin1Char(' '));
    lines << header.join(QLatin1Char('\t'));
    for (const QModelIndex& index : rows) {
        QStringList cells;
        for (int c = 0; c < proxy_->columnCount(); ++c) cells << proxy_->index(index.row(), c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void FieldTableView::copySelectedRows() const {
    if (!table_->selectionModel()->hasSelection()) return;
    QApplication::clipboard()->setText(selectedRowsAsTsv());
}

bool FieldTableView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == table_ && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(event)->matches(QKeySequence::Copy)) {
        copySelectedRows();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace meshdiff::views
