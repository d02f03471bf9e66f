#pragma once
#include <vector>

#include <QAbstractTableModel>

#include "fieldtable/FieldRow.h"

namespace meshdiff::views {

// Every field with its agreement metrics. Sorting uses SortRole (numbers, not text);
// rel RMS sorts NaN last.
class FieldTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, RelRms, Corr, MaxAbs, NanMasks, RelRmsNear, RelRmsElsewhere, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int NameRole = Qt::UserRole + 2;

    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<FieldRow> rows);
    const std::vector<FieldRow>& rows() const { return rows_; }
    int rowOf(const QString& name) const;  // -1 when absent

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<FieldRow> rows_;
};

}  // namespace meshdiff::views
