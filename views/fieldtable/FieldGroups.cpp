#include "fieldtable/FieldGroups.h"

#include <algorithm>
#include <limits>
#include <map>

#include "fields/FieldLevel.h"

namespace meshdiff::views {
namespace {

double levelOrder(const FieldRow& row) {
    const FieldLevel level = splitFieldLevel(row.name);
    return level.level ? *level.level : std::numeric_limits<double>::infinity();
}

}  // namespace

std::vector<FieldTableEntry> fieldTableEntries(const std::vector<FieldRow>& rows, bool grouped) {
    std::vector<FieldTableEntry> entries;
    if (!grouped) {
        for (std::size_t i = 0; i < rows.size(); ++i) entries.push_back({rows[i].name, {int(i)}});
        return entries;
    }
    std::map<std::string, std::vector<int>> levelsOf;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const FieldLevel level = splitFieldLevel(rows[i].name);
        if (!level.levelLabel.empty()) levelsOf[level.variable].push_back(int(i));
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const FieldLevel level = splitFieldLevel(rows[i].name);
        const auto group = levelsOf.find(level.variable);
        if (level.levelLabel.empty() || group == levelsOf.end() || group->second.size() < 2) {
            entries.push_back({level.variable, {int(i)}});
            continue;
        }
        if (group->second.front() != int(i)) continue;  // the group stands at its first level
        std::vector<int> members = group->second;
        std::stable_sort(members.begin(), members.end(), [&rows](int a, int b) {
            return levelOrder(rows[std::size_t(a)]) < levelOrder(rows[std::size_t(b)]);
        });
        entries.push_back({level.variable, std::move(members)});
    }
    return entries;
}

int worstRowOf(const FieldTableEntry& entry, const std::vector<FieldRow>& rows, const MetricChoice& choice) {
    int worst = entry.rows.front();
    for (int row : entry.rows)
        if (worstFirstKey(rows[std::size_t(row)], choice) > worstFirstKey(rows[std::size_t(worst)], choice))
            worst = row;
    return worst;
}

}  // namespace meshdiff::views
