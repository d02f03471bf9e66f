#include "inspect/DifferencesListModel.h"

#include <QBrush>
#include <QColor>

#include "colormap/DifferenceColors.h"
#include "globe/GlobeColors.h"

namespace meshdiff::views {

QString differenceKindName(DifferenceItem::Kind kind) {
    switch (kind) {
        case DifferenceItem::Kind::EdgeOnlyA: return QStringLiteral("g→m edge only in A");
        case DifferenceItem::Kind::EdgeOnlyB: return QStringLiteral("g→m edge only in B");
        case DifferenceItem::Kind::Triangle: return QStringLiteral("m→g triangle");
        case DifferenceItem::Kind::MovedNode: return QStringLiteral("moved mesh node");
    }
    return {};
}

void DifferencesListModel::setItems(std::vector<DifferenceItem> items) {
    beginResetModel();
    items_ = std::move(items);
    endResetModel();
}

int DifferencesListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(items_.size());
}

int DifferencesListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant DifferencesListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(items_.size())) return {};
    const DifferenceItem& item = items_[std::size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
            case Kind: return differenceKindName(item.kind);
            case Grid: return item.grid < 0 ? QVariant(QStringLiteral("–")) : QVariant(item.grid);
            case Mesh: return item.mesh < 0 ? QStringLiteral("–") : QString::number(item.mesh);
            case Lat: return QString::number(item.lat, 'f', 2);
            case Lon: return QString::number(item.lon, 'f', 2);
            case Move:
                return item.kind == DifferenceItem::Kind::MovedNode ? QString::number(item.movedUlps) : QString();
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Move && item.kind == DifferenceItem::Kind::MovedNode) {
        return QStringLiteral(
                   "moved by %1 float32 steps (ULPs: how many representable float32 values apart "
                   "A's and B's coordinate are)")
            .arg(item.movedUlps);
    }
    if (role == Qt::DecorationRole && index.column() == Kind) {
        const Rgb c = item.kind == DifferenceItem::Kind::EdgeOnlyA   ? kColorOnlyA
                      : item.kind == DifferenceItem::Kind::EdgeOnlyB ? kColorOnlyB
                      : item.kind == DifferenceItem::Kind::MovedNode ? kColorMoved
                                                                     : kColorChanged;
        return QColor(c.r, c.g, c.b);
    }
    return {};
}

QVariant DifferencesListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == Move) {
        return QStringLiteral(
            "Moved mesh nodes: how far B's coordinate is from A's, in float32 steps (ULPs: how "
            "many representable float32 values apart)");
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Kind: return QStringLiteral("Difference");
        case Grid: return QStringLiteral("grid");
        case Mesh: return QStringLiteral("mesh");
        case Lat: return QStringLiteral("lat");
        case Lon: return QStringLiteral("lon");
        case Move: return QStringLiteral("ULPs");
    }
    return {};
}

}  // namespace meshdiff::views
