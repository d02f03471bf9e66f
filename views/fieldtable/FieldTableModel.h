#pragma once
#include <vector>

#include <QAbstractItemModel>

#include "fieldtable/FieldGroups.h"
#include "fieldtable/FieldRow.h"

namespace meshdiff::views {

// Every field with its agreement metrics. Sorting uses SortRole (numbers, not text);
// rel RMS sorts NaN last; Variable sorts by variable, then level numerically (850 before 1000).
// The rel RMS column shows the rel RMS the MetricChoice names, and its header says which.
// Grouped, each variable with two or more levels is one parent row showing its worst level's
// numbers (NameRole names that level), with the levels as its children; otherwise a flat list.
class FieldTableModel : public QAbstractItemModel {
    Q_OBJECT
public:
    // Variable and Level last: a narrow dock shows the field's name and its numbers first.
    // RatioToSpread: FieldRow::ratioToSpread, blank where no spread was measured (FieldTableView
    // hides it when no row has one).
    enum Column {
        Name,
        RelRms,
        RatioToSpread,
        Corr,
        MaxAbs,
        NanMasks,
        RelRmsNear,
        RelRmsElsewhere,
        Variable,
        Level,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int NameRole = Qt::UserRole + 2;    // the field shown; a group's worst level
    static constexpr int FilterRole = Qt::UserRole + 3;  // name, variable and level with units
    static constexpr int GroupRole = Qt::UserRole + 4;   // the variable of a group row, else empty

    using QAbstractItemModel::QAbstractItemModel;

    void setRows(std::vector<FieldRow> rows);
    const std::vector<FieldRow>& rows() const { return rows_; }
    int rowOf(const QString& name) const;                               // index into rows(); -1 when absent
    QModelIndex indexOf(const QString& name, int column = Name) const;  // a group's child when grouped
    void setMetricChoice(const MetricChoice& choice);
    const MetricChoice& metricChoice() const { return choice_; }
    void setGrouped(bool grouped);
    bool grouped() const { return grouped_; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const FieldTableEntry* groupAt(const QModelIndex& index) const;  // null unless a group row
    int rowIndexAt(const QModelIndex& index) const;                  // a group's worst row
    QVariant groupData(const FieldTableEntry& group, const FieldRow& worst, int column, int role) const;

    std::vector<FieldRow> rows_;
    std::vector<FieldTableEntry> entries_;
    MetricChoice choice_;
    bool grouped_ = false;
};

}  // namespace meshdiff::views
