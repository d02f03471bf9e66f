#pragma once
#include <QWidget>

#include "fieldtable/FieldTableModel.h"
#include "fieldtable/MetricChoiceBar.h"

class QCheckBox;
class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace meshdiff::views {

// The field table with the metric choice above it (area-weighted or grid points, region) and a
// filter on name, variable and level; sorted worst first (highest rel RMS) by default. Several
// rows can be selected (Ctrl/Shift-click); the current row is the field shown. Ctrl+C or the
// context menu copies the selected rows as tab-separated text with a header line. "Group by
// variable" folds each variable's levels into one row (its worst level's numbers), expandable to
// the levels; groups sort among themselves, levels within their group. The A−B / spread column
// shows only when some row has a spread.
class FieldTableView : public QWidget {
    Q_OBJECT
public:
    explicit FieldTableView(QWidget* parent = nullptr);

    void setRows(std::vector<FieldRow> rows);
    FieldTableModel& model() { return *model_; }
    QTreeView* table() const { return table_; }
    QCheckBox* groupBox() const { return groupBox_; }
    void setGrouped(bool grouped);  // emits groupingChanged when it differs
    bool grouped() const { return model_->grouped(); }
    QLineEdit* filterEdit() const { return filter_; }
    MetricChoiceBar* metricBar() const { return metricBar_; }
    const MetricChoice& metricChoice() const { return metricBar_->choice(); }

    QString currentField() const;
    void selectField(const QString& name);          // no signal when already current
    int visibleRowCount() const;                    // top-level rows: fields and groups
    QString fieldAtVisibleRow(int row) const;       // a group's worst level
    QStringList levelsAtVisibleRow(int row) const;  // a group's levels as shown; empty for a field
    QStringList selectedFields() const;             // in table order
    QString selectedRowsAsTsv() const;              // header line, then one line per selected row
    void copySelectedRows() const;

protected:
    // Ctrl+C on the table: the item view would copy only the current cell's shown text.
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void fieldSelected(const QString& name);
    void metricChoiceChanged(const meshdiff::views::MetricChoice& choice);
    void groupingChanged(bool grouped);

private:
    void sortAgain();
    QStringList expandedGroups() const;
    void expandGroups(const QStringList& variables);

    FieldTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QTreeView* table_;
    QCheckBox* groupBox_;
    QLineEdit* filter_;
    MetricChoiceBar* metricBar_;
};

}  // namespace meshdiff::views
