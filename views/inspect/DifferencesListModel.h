#pragma once
#include <vector>

#include <QAbstractTableModel>

#include "inspect/DifferenceItem.h"

namespace meshdiff::views {

// The list of differing grid→mesh edges, mesh→grid triangles and moved mesh nodes, one row each.
class DifferencesListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Kind, Grid, Mesh, Lat, Lon, Move, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setItems(std::vector<DifferenceItem> items);
    const std::vector<DifferenceItem>& items() const { return items_; }
    const DifferenceItem& item(int row) const { return items_[std::size_t(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<DifferenceItem> items_;
};

QString differenceKindName(DifferenceItem::Kind kind);  // "edge only in A", …

}  // namespace meshdiff::views
