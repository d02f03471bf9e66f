#include "fieldtable/FieldTableModel.h"

#include <cmath>
#include <limits>

#include <QBrush>
#include <QColor>

#include "colormap/ColorMap.h"

namespace meshdiff::views {
namespace {

QString number(double value) {
    return std::isnan(value) ? QStringLiteral("—") : QString::fromStdString(formatValue(value));
}

// NaN sorts as the smallest value, so "worst first" (descending) puts it last.
QVariant sortable(double value) { return std::isnan(value) ? -std::numeric_limits<double>::infinity() : value; }

}  // namespace

void FieldTableModel::setRows(std::vector<FieldRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int FieldTableModel::rowOf(const QString& name) const {
    const std::string key = name.toStdString();
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        if (rows_[i].name == key) return int(i);
    }
    return -1;
}

int FieldTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }

int FieldTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FieldTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(rows_.size())) return {};
    const FieldRow& row = rows_[std::size_t(index.row())];
    const int column = index.column();
    if (role == NameRole) return QString::fromStdString(row.name);
    if (role == Qt::DisplayRole) {
        switch (column) {
            case Name: return QString::fromStdString(row.name);
            case RelRms: return number(row.relRms);
            case Corr: return std::isnan(row.corr) ? QStringLiteral("—") : QString::number(row.corr, 'g', 7);
            case MaxAbs: {
                QString text = number(row.maxAbs);
                if (!row.units.empty()) text += QStringLiteral(" ") + QString::fromStdString(row.units);
                return text;
            }
            case NanMasks: return row.nanMasksEqual ? QStringLiteral("equal") : QStringLiteral("differ");
            case RelRmsNear: return number(row.relRmsNear);
            case RelRmsElsewhere: return number(row.relRmsElsewhere);
        }
    }
    if (role == SortRole) {
        switch (column) {
            case Name: return QString::fromStdString(row.name);
            case RelRms:  // an undefined rel RMS of a field that differs sorts as the worst
                return std::isnan(row.relRms) && !row.withinTolerance ? std::numeric_limits<double>::infinity()
                                                                      : sortable(row.relRms);
            case Corr: return sortable(row.corr);
            case MaxAbs: return sortable(row.maxAbs);
            case NanMasks: return row.nanMasksEqual ? 0 : 1;
            case RelRmsNear: return sortable(row.relRmsNear);
            case RelRmsElsewhere: return sortable(row.relRmsElsewhere);
        }
    }
    if (role == Qt::TextAlignmentRole && column != Name) return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && column == NanMasks && !row.nanMasksEqual) return QBrush(QColor(180, 0, 0));
    if (role == Qt::ForegroundRole && column == Name && !row.withinTolerance) return QBrush(QColor(180, 0, 0));
    if (role == Qt::ToolTipRole && column == RelRmsNear) {
        return QStringLiteral(
            "rel RMS over the grid points within one mesh spacing of a differing grid↔mesh "
            "edge or triangle (the diagnosis's \"near\")");
    }
    if (role == Qt::ToolTipRole && column == RelRmsElsewhere)
        return QStringLiteral("rel RMS over every other grid point");
    if (role == Qt::ToolTipRole && (column == RelRms || column == Corr) && !row.note.empty()) {
        return QString::fromStdString(row.note) + (row.withinTolerance
                                                       ? QStringLiteral(".")
                                                       : QStringLiteral("; judged by max |A−B|: the field differs."));
    }
    if (role == Qt::ToolTipRole && column == Name && !row.withinTolerance)
        return QStringLiteral("Beyond tolerance: this field makes A and B differ.");
    return {};
}

QVariant FieldTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Name: return QStringLiteral("Field");
        case RelRms: return QStringLiteral("rel RMS");
        case Corr: return QStringLiteral("corr");
        case MaxAbs: return QStringLiteral("max |A−B|");
        case NanMasks: return QStringLiteral("NaN masks");
        case RelRmsNear: return QStringLiteral("rel RMS near diffs");
        case RelRmsElsewhere: return QStringLiteral("rel RMS elsewhere");
    }
    return {};
}

}  // namespace meshdiff::views
