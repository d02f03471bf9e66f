#pragma once
#include <vector>

#include <QAbstractTableModel>

#include "fieldtable/FieldRow.h"

namespace meshdiff::views {

// Every field with its agreement metrics. Sorting uses SortRole (numbers, not text);
// rel RMS sorts NaN last; Variable sorts by variable, then level numerically (850 before 1000).
// The rel RMS column shows the rel RMS the MetricChoice names, and its header says which.
class FieldTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Variable and Level last: a narrow dock shows the field's name and its numbers first.
    enum Column { Name, RelRms, Corr, MaxAbs, NanMasks, RelRmsNear, RelRmsElsewhere, Variable, Level, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int NameRole = Qt::UserRole + 2;
    static constexpr int FilterRole = Qt::UserRole + 3;  // name, variable and level with units

    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<FieldRow> rows);
    const std::vector<FieldRow>& rows() const { return rows_; }
    int rowOf(const QString& name) const;  // -1 when absent
    void setMetricChoice(const MetricChoice& choice);
    const MetricChoice& metricChoice() const { return choice_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<FieldRow> rows_;
    MetricChoice choice_;
};

}  // namespace meshdiff::views
