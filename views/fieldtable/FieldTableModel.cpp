#include "fieldtable/FieldTableModel.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include <QBrush>
#include <QColor>

#include "colormap/ColorMap.h"
#include "fields/FieldLevel.h"

namespace meshdiff::views {
namespace {

QString number(double value) {
    return std::isnan(value) ? QStringLiteral("—") : QString::fromStdString(formatValue(value));
}

// NaN sorts as the smallest value, so "worst first" (descending) puts it last.
QString relRmsToolTip(const MetricChoice& choice) {
    if (!choice.areaWeighted) {
        return QStringLiteral(
            "RMS of A−B over the grid points ÷ std of A, every grid point counting the same (the seeds' "
            "rel RMS): the crowded polar rows of a lat/lon grid weigh as much as the tropics.");
    }
    return QStringLiteral(
               "RMS of A−B ÷ std of A, each grid point weighted by its cell's area (cos latitude), as "
               "WeatherBench scores a forecast; over: %1.")
        .arg(QString::fromStdString(regionTitle(choice.isGlobal() ? "global" : choice.region)));
}

QVariant sortable(double value) { return std::isnan(value) ? -std::numeric_limits<double>::infinity() : value; }

QString levelText(const FieldLevel& level, const FieldRow& row) {
    if (level.levelLabel.empty()) return {};
    QString text = QString::fromStdString(level.levelLabel);
    if (!row.levelUnits.empty()) text += QStringLiteral(" ") + QString::fromStdString(row.levelUnits);
    return text;
}

// Variable, then level as a number: fixed-width digits make the text order the numeric one.
QString variableLevelKey(const FieldLevel& level) {
    char digits[32] = "";
    if (level.level) std::snprintf(digits, sizeof digits, "%020.6f", *level.level + 1e9);
    return QString::fromStdString(level.variable) + QChar(0x1f) + QString::fromLatin1(digits);
}

}  // namespace

void FieldTableModel::setMetricChoice(const MetricChoice& choice) {
    if (choice == choice_) return;
    choice_ = choice;
    emit headerDataChanged(Qt::Horizontal, RelRms, RelRms);
    if (!rows_.empty()) emit dataChanged(index(0, RelRms), index(int(rows_.size()) - 1, RelRms));
}

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
    const double relRms = chosenRelRms(row, choice_);
    if (role == NameRole) return QString::fromStdString(row.name);
    const FieldLevel level = splitFieldLevel(row.name);
    if (role == FilterRole) {
        return QString::fromStdString(row.name + ' ' + level.variable + ' ') + levelText(level, row);
    }
    if (role == Qt::DisplayRole) {
        switch (column) {
            case Name: return QString::fromStdString(row.name);
            case Variable: return QString::fromStdString(level.variable);
            case Level: return levelText(level, row);
            case RelRms: return number(relRms);
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
            case Variable: return variableLevelKey(level);
            case Level: return level.level ? *level.level : -std::numeric_limits<double>::infinity();
            case RelRms:  // an undefined rel RMS of a field that differs sorts as the worst
                return std::isnan(relRms) && !row.withinTolerance ? std::numeric_limits<double>::infinity()
                                                                  : sortable(relRms);
            case Corr: return sortable(row.corr);
            case MaxAbs: return sortable(row.maxAbs);
            case NanMasks: return row.nanMasksEqual ? 0 : 1;
            case RelRmsNear: return sortable(row.relRmsNear);
            case RelRmsElsewhere: return sortable(row.relRmsElsewhere);
        }
    }
    if (role == Qt::TextAlignmentRole && column != Name && column != Variable)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && column == NanMasks && !row.nanMasksEqual) return QBrush(QColor(180, 0, 0));
    if (role == Qt::ForegroundRole && column == Name && !row.withinTolerance) return QBrush(QColor(180, 0, 0));
    if (role == Qt::ToolTipRole && column == RelRmsNear) {
        return QStringLiteral(
            "rel RMS over the grid points within one mesh spacing of a differing grid↔mesh "
            "edge or triangle (the diagnosis's \"near\")");
    }
    if (role == Qt::ToolTipRole && column == RelRms && row.note.empty()) return relRmsToolTip(choice_);
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
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == RelRms) return relRmsToolTip(choice_);
    if (role != Qt::DisplayRole) return {};
    switch (section) {
        case Name: return QStringLiteral("Field");
        case Variable: return QStringLiteral("Variable");
        case Level: return QStringLiteral("Level");
        case RelRms:  // on two lines: the column stays as narrow as its numbers
            return QStringLiteral("rel RMS\n(%1)").arg(QString::fromStdString(metricLabel(choice_)));
        case Corr: return QStringLiteral("corr");
        case MaxAbs: return QStringLiteral("max |A−B|");
        case NanMasks: return QStringLiteral("NaN masks");
        case RelRmsNear: return QStringLiteral("rel RMS near diffs");
        case RelRmsElsewhere: return QStringLiteral("rel RMS elsewhere");
    }
    return {};
}

}  // namespace meshdiff::views
