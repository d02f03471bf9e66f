#include "fieldtable/FieldTableView.h"

#include <algorithm>
#include <cmath>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace meshdiff::views {

FieldTableView::FieldTableView(QWidget* parent)
    : QWidget(parent),
      model_(new FieldTableModel(this)),
      proxy_(new QSortFilterProxyModel(this)),
      table_(new QTreeView(this)),
      groupBox_(new QCheckBox(tr("Group by variable"), this)),
      filter_(new QLineEdit(this)),
      metricBar_(new MetricChoiceBar(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(FieldTableModel::SortRole);
    proxy_->setFilterKeyColumn(FieldTableModel::Name);
    proxy_->setFilterRole(FieldTableModel::FilterRole);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setRecursiveFilteringEnabled(true);  // a group stays while one of its levels matches

    metricBar_->setObjectName(QStringLiteral("metricChoice"));
    connect(metricBar_, &MetricChoiceBar::changed, this, [this](const MetricChoice& choice) {
        model_->setMetricChoice(choice);
        if (proxy_->sortColumn() >= 0) proxy_->sort(proxy_->sortColumn(), proxy_->sortOrder());
        emit metricChoiceChanged(choice);
    });
    filter_->setPlaceholderText(tr("Filter: variable, level or name (temperature, 850, temperature@850)"));
    filter_->setClearButtonEnabled(true);
    filter_->setObjectName(QStringLiteral("fieldFilter"));
    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        proxy_->setFilterFixedString(text);
        if (grouped() && !text.isEmpty()) table_->expandAll();  // show the levels that match
    });
    groupBox_->setObjectName(QStringLiteral("groupByVariable"));
    groupBox_->setToolTip(
        tr("One row per variable with levels, showing its worst level's numbers; expand it for the levels."));
    connect(groupBox_, &QCheckBox::toggled, this, &FieldTableView::setGrouped);

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
    table_->setRootIsDecorated(false);  // a flat table until grouped
    table_->setUniformRowHeights(true);
    table_->setAllColumnsShowFocus(true);
    table_->setIndentation(table_->fontMetrics().height());
    table_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->header()->setStretchLastSection(true);
    table_->setAlternatingRowColors(true);

    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) emit fieldSelected(current.data(FieldTableModel::NameRole).toString());
            });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* choices = new QHBoxLayout;
    choices->addWidget(metricBar_, 1);
    choices->addWidget(groupBox_);
    layout->addLayout(choices);
    layout->addWidget(filter_);
    layout->addWidget(table_);
}

void FieldTableView::setRows(std::vector<FieldRow> rows) {
    const QStringList expanded = expandedGroups();
    const bool anySpread =
        std::any_of(rows.begin(), rows.end(), [](const FieldRow& row) { return !std::isnan(row.ratioToSpread); });
    model_->setRows(std::move(rows));
    table_->setColumnHidden(FieldTableModel::RatioToSpread, !anySpread);
    sortAgain();
    expandGroups(expanded);
}

void FieldTableView::setGrouped(bool grouped) {
    if (grouped == model_->grouped()) return;
    const QString current = currentField();
    model_->setGrouped(grouped);
    table_->setRootIsDecorated(grouped);
    groupBox_->setChecked(grouped);
    sortAgain();
    if (grouped && !filter_->text().isEmpty()) table_->expandAll();
    if (!current.isEmpty()) selectField(current);
    emit groupingChanged(grouped);
}

void FieldTableView::sortAgain() {
    table_->sortByColumn(proxy_->sortColumn() < 0 ? int(FieldTableModel::RelRms) : proxy_->sortColumn(),
                         proxy_->sortOrder());
}

QStringList FieldTableView::expandedGroups() const {
    QStringList variables;
    for (int r = 0; r < proxy_->rowCount(); ++r) {
        const QModelIndex index = proxy_->index(r, 0);
        if (table_->isExpanded(index)) variables << index.data(FieldTableModel::GroupRole).toString();
    }
    return variables;
}

void FieldTableView::expandGroups(const QStringList& variables) {
    for (int r = 0; r < proxy_->rowCount() && !variables.isEmpty(); ++r) {
        const QModelIndex index = proxy_->index(r, 0);
        if (variables.contains(index.data(FieldTableModel::GroupRole).toString())) table_->expand(index);
    }
}

QString FieldTableView::currentField() const {
    const QModelIndex current = table_->selectionModel()->currentIndex();
    return current.isValid() ? current.data(FieldTableModel::NameRole).toString() : QString();
}

void FieldTableView::selectField(const QString& name) {
    if (name == currentField()) return;
    const QModelIndex index = proxy_->mapFromSource(model_->indexOf(name));
    if (!index.isValid()) return;
    if (index.parent().isValid()) table_->expand(index.parent());
    table_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table_->scrollTo(index);
}

int FieldTableView::visibleRowCount() const { return proxy_->rowCount(); }

QStringList FieldTableView::levelsAtVisibleRow(int row) const {
    const QModelIndex group = proxy_->index(row, 0);
    QStringList names;
    for (int level = 0; level < proxy_->rowCount(group); ++level)
        names << proxy_->index(level, 0, group).data(FieldTableModel::NameRole).toString();
    return names;
}

QString FieldTableView::fieldAtVisibleRow(int row) const {
    return proxy_->index(row, 0).data(FieldTableModel::NameRole).toString();
}

namespace {

// The selected rows in table order: a group, then its levels.
QModelIndexList selectedInOrder(const QItemSelectionModel& selection) {
    QModelIndexList rows = selection.selectedRows();
    auto place = [](const QModelIndex& index) {
        return index.parent().isValid() ? std::pair{index.parent().row(), index.row() + 1} : std::pair{index.row(), 0};
    };
    std::sort(rows.begin(), rows.end(),
              [&](const QModelIndex& a, const QModelIndex& b) { return place(a) < place(b); });
    return rows;
}

}  // namespace

QStringList FieldTableView::selectedFields() const {
    QStringList names;
    for (const QModelIndex& index : selectedInOrder(*table_->selectionModel())) {
        const QString name = index.data(FieldTableModel::NameRole).toString();
        if (!names.contains(name)) names << name;  // a group and its worst level
    }
    return names;
}

QString FieldTableView::selectedRowsAsTsv() const {
    const QModelIndexList rows = selectedInOrder(*table_->selectionModel());
    QStringList lines, header;
    for (int c = 0; c < proxy_->columnCount(); ++c)
        header << proxy_->headerData(c, Qt::Horizontal).toString().replace(QLatin1Char('\n'), QLatin1Char(' '));
    lines << header.join(QLatin1Char('\t'));
    for (const QModelIndex& index : rows) {
        QStringList cells;
        for (int c = 0; c < proxy_->columnCount(); ++c) cells << index.sibling(index.row(), c).data().toString();
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
