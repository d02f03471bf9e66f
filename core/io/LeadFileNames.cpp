#include "io/LeadFileNames.h"

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <regex>

#include "io/FileExtensions.h"

namespace fs = std::filesystem;

namespace meshdiff {

std::optional<LeadFileName> parseLeadFileName(const std::string& path) {
    const fs::path file = fs::path(path).filename();
    // ai-models may write GRIB without an extension; other extensions are kept as part of the name.
    const std::string stem = hasReadableExtension(file.string()) ? file.stem().string() : file.string();
    static const std::regex pattern(R"(^(.*[^_.+\-])[_.+\-](?:f|F|step|lead)?[_\-]?([0-9]{1,4})[hH]?$)");
    std::smatch match;
    if (!std::regex_match(stem, match, pattern)) return std::nullopt;
    return LeadFileName{match[1].str(), std::stod(match[2].str())};
}

LeadFileMatch matchLeadFiles(const std::vector<std::string>& files) {
    std::vector<LeadFileName> names;
    for (const std::string& file : files) {
        std::optional<LeadFileName> name = parseLeadFileName(file);
        if (!name)
            return {std::nullopt, fs::path(file).filename().string() +
                                      " has no lead in its name (one file per lead is named like run_006.nc)"};
        if (!names.empty() && name->prefix != names.front().prefix)
            return {std::nullopt, "their names differ before the lead (" + names.front().prefix + ", " + name->prefix +
                                      "): not one rollout"};
        names.push_back(*name);
    }
    std::vector<std::size_t> order(files.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return names[x].hours < names[y].hours; });
    LeadFileSet set;
    for (std::size_t k = 0; k < order.size(); ++k) {
        if (k > 0 && names[order[k]].hours == names[order[k - 1]].hours)
            return {std::nullopt, fs::path(files[order[k - 1]]).filename().string() + " and " +
                                      fs::path(files[order[k]]).filename().string() + " name the same lead (" +
                                      std::to_string(int(names[order[k]].hours)) + " h)"};
        set.files.push_back(files[order[k]]);
        set.hours.push_back(names[order[k]].hours);
    }
    return {std::move(set), {}};
}

}  // namespace meshdiff
