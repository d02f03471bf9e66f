#include "fieldtable/FieldTableModel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include <QBrush>
#include <QColor>
#include <QFont>

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

// Near and elsewhere are grid-point numbers, as compare --json's near/elsewhere.
QString zoneToolTip(int column) {
    if (column == FieldTableModel::RelRmsNear) {
        return QStringLiteral(
            "rel RMS over the grid points within one mesh spacing of a differing grid↔mesh edge or triangle (the "
            "diagnosis's \"near\"), every grid point counting the same, as compare --json's near");
    }
    return QStringLiteral("rel RMS over every other grid point, every grid point counting the same");
}

QString spreadToolTip() {
    return QStringLiteral(
        "Area-weighted RMS(A − B) over the area-weighted RMS of the spread pair (A's members, or A against the "
        "spread run: File ▸ Open Spread Run…), over the globe: the scorecard's cell at this lead; 1 = as large as "
        "the spread. Blank where no spread was measured");
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
    if (entries_.empty()) return;
    // A group's worst level can change with the numbers: every column of a group row follows it.
    emit dataChanged(index(0, 0), index(int(entries_.size()) - 1, ColumnCount - 1));
    for (std::size_t e = 0; e < entries_.size(); ++e) {
        if (!entries_[e].isGroup()) continue;
        const QModelIndex group = index(int(e), 0);
        emit dataChanged(index(0, RelRms, group), index(int(entries_[e].rows.size()) - 1, RelRms, group));
    }
}

void FieldTableModel::setRows(std::vector<FieldRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    entries_ = fieldTableEntries(rows_, grouped_);
    endResetModel();
}

void FieldTableModel::setGrouped(bool grouped) {
    if (grouped == grouped_) return;
    beginResetModel();
    grouped_ = grouped;
    entries_ = fieldTableEntries(rows_, grouped_);
    endResetModel();
}

int FieldTableModel::rowOf(const QString& name) const {
    const std::string key = name.toStdString();
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        if (rows_[i].name == key) return int(i);
    }
    return -1;
}

QModelIndex FieldTableModel::indexOf(const QString& name, int column) const {
    const int row = rowOf(name);
    for (std::size_t e = 0; row >= 0 && e < entries_.size(); ++e) {
        const std::vector<int>& members = entries_[e].rows;
        const auto at = std::find(members.begin(), members.end(), row);
        if (at == members.end()) continue;
        if (!entries_[e].isGroup()) return index(int(e), column);
        return index(int(at - members.begin()), column, index(int(e), 0));
    }
    return {};
}

// internalId 0: a top-level row; k > 0: a level of the group at top-level row k − 1.
QModelIndex FieldTableModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    return createIndex(row, column, parent.isValid() ? quintptr(parent.row() + 1) : quintptr(0));
}

QModelIndex FieldTableModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == 0) return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int FieldTableModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return int(entries_.size());
    const FieldTableEntry* group = parent.column() == 0 ? groupAt(parent) : nullptr;
    return group ? int(group->rows.size()) : 0;
}

int FieldTableModel::columnCount(const QModelIndex&) const { return ColumnCount; }

const FieldTableEntry* FieldTableModel::groupAt(const QModelIndex& index) const {
    if (!index.isValid() || index.internalId() != 0 || index.row() >= int(entries_.size())) return nullptr;
    const FieldTableEntry& entry = entries_[std::size_t(index.row())];
    return entry.isGroup() ? &entry : nullptr;
}

int FieldTableModel::rowIndexAt(const QModelIndex& index) const {
    if (!index.isValid()) return -1;
    if (index.internalId() == 0) {
        if (index.row() >= int(entries_.size())) return -1;
        return worstRowOf(entries_[std::size_t(index.row())], rows_, choice_);
    }
    const std::size_t group = std::size_t(index.internalId() - 1);
    if (group >= entries_.size() || index.row() >= int(entries_[group].rows.size())) return -1;
    return entries_[group].rows[std::size_t(index.row())];
}

QVariant FieldTableModel::groupData(const FieldTableEntry& group, const FieldRow& worst, int column, int role) const {
    const FieldLevel level = splitFieldLevel(worst.name);
    const QString variable = QString::fromStdString(group.variable);
    const QString levels = tr("%1 levels").arg(group.rows.size());
    const QString worstLevel = levelText(level, worst);
    if (role == GroupRole) return variable;
    if (role == FilterRole) return variable;
    if (role == Qt::FontRole && column == Name) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::DisplayRole && column == Name) return tr("%1 · worst %2").arg(variable, worstLevel);
    if (role == Qt::DisplayRole && column == Variable) return variable;
    if (role == Qt::DisplayRole && column == Level) return levels;
    if (role == Qt::ToolTipRole && column == Name) {
        return tr("%1 on %2. The numbers are those of its worst level, %3 (by the rel RMS shown); "
                  "selecting this row shows that level.")
            .arg(variable, levels, worstLevel);
    }
    if (role == SortRole && (column == Name || column == Variable)) return variable;
    if (role == SortRole && column == Level) return double(group.rows.size());
    return {};
}

QVariant FieldTableModel::data(const QModelIndex& index, int role) const {
    const int at = rowIndexAt(index);
    if (at < 0) return {};
    const FieldRow& row = rows_[std::size_t(at)];
    const int column = index.column();
    if (const FieldTableEntry* group = groupAt(index)) {
        QVariant value = groupData(*group, row, column, role);
        if (value.isValid() || role == FilterRole || role == GroupRole) return value;
    }
    const double relRms = chosenRelRms(row, choice_);
    const std::optional<bool> nanMasksEqual = chosenNanMasksEqual(row, choice_);
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
            case NanMasks:
                if (!nanMasksEqual) return QStringLiteral("—");
                return *nanMasksEqual ? QStringLiteral("equal") : QStringLiteral("differ");
            case RelRmsNear: return number(row.relRmsNear);
            case RelRmsElsewhere: return number(row.relRmsElsewhere);
            case RatioToSpread: return std::isnan(row.ratioToSpread) ? QString() : number(row.ratioToSpread);
        }
    }
    if (role == SortRole) {
        switch (column) {
            case Name:  // a group's levels in numeric order
                return index.parent().isValid() ? variableLevelKey(level) : QString::fromStdString(row.name);
            case Variable: return variableLevelKey(level);
            case Level: return level.level ? *level.level : -std::numeric_limits<double>::infinity();
            case RelRms:  // an undefined rel RMS of a field that differs sorts as the worst
                return std::isnan(relRms) && !row.withinTolerance ? std::numeric_limits<double>::infinity()
                                                                  : sortable(relRms);
            case Corr: return sortable(row.corr);
            case MaxAbs: return sortable(row.maxAbs);
            case NanMasks: return nanMasksEqual ? (*nanMasksEqual ? 0 : 1) : -1;
            case RelRmsNear: return sortable(row.relRmsNear);
            case RelRmsElsewhere: return sortable(row.relRmsElsewhere);
            case RatioToSpread: return sortable(row.ratioToSpread);
        }
    }
    if (role == Qt::TextAlignmentRole && column != Name && column != Variable)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && column == NanMasks && nanMasksEqual == false) return QBrush(QColor(180, 0, 0));
    if (role == Qt::ForegroundRole && column == Name && !row.withinTolerance) return QBrush(QColor(180, 0, 0));
    if (role == Qt::ToolTipRole && (column == RelRmsNear || column == RelRmsElsewhere)) return zoneToolTip(column);
    if (role == Qt::ToolTipRole && column == RatioToSpread) return spreadToolTip();
    if (role == Qt::ToolTipRole && column == RelRms && row.note.empty()) return relRmsToolTip(choice_);
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
    if (role == Qt::ToolTipRole && (section == RelRmsNear || section == RelRmsElsewhere)) return zoneToolTip(section);
    if (role == Qt::ToolTipRole && section == RatioToSpread) return spreadToolTip();
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
        case RelRmsNear: return QStringLiteral("rel RMS near diffs\n(grid points)");
        case RelRmsElsewhere: return QStringLiteral("rel RMS elsewhere\n(grid points)");
        case RatioToSpread: return QStringLiteral("A−B / spread\n(area-weighted)");
    }
    return {};
}

}  // namespace meshdiff::views
