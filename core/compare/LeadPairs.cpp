#include "compare/LeadPairs.h"

#include <cmath>
#include <cstdio>

namespace meshdiff {
namespace {

constexpr double kSameHours = 1e-6;

// Empty when every lead's hours are known and strictly increasing, else why not.
std::string hoursProblem(const std::vector<LeadTime>& leads) {
    for (std::size_t k = 0; k < leads.size(); ++k) {
        if (!leads[k].hours) return "gives no hours for lead index " + std::to_string(k);
        if (k > 0 && !(*leads[k].hours > *leads[k - 1].hours))
            return "has lead hours that do not increase (" + hoursText(*leads[k - 1].hours) + ", then " +
                   hoursText(*leads[k].hours) + ")";
    }
    return {};
}

}  // namespace

std::string hoursText(double hours) {
    char text[32];
    std::snprintf(text, sizeof text, "%g h", hours);
    return text;
}

std::string leadText(const LeadTime& lead) {
    return lead.hours ? hoursText(*lead.hours) : "index " + std::to_string(lead.index);
}

LeadLineUp lineUpLeads(const std::vector<LeadTime>& a, const std::vector<LeadTime>& b) {
    LeadLineUp result;
    const std::string problemA = hoursProblem(a), problemB = hoursProblem(b);
    const bool anyHours = (!a.empty() && a.front().hours) || (!b.empty() && b.front().hours);
    if (problemA.empty() && problemB.empty()) {
        std::vector<bool> usedB(b.size(), false);
        for (std::size_t i = 0; i < a.size(); ++i) {
            std::size_t j = 0;
            while (j < b.size() && std::abs(*b[j].hours - *a[i].hours) > kSameHours) ++j;
            if (j == b.size()) {
                result.notLinedUp.push_back("lead " + leadText(a[i]) + ": only in A");
                continue;
            }
            usedB[j] = true;
            result.pairs.push_back({i, j, a[i].hours});
        }
        for (std::size_t j = 0; j < b.size(); ++j)
            if (!usedB[j]) result.notLinedUp.push_back("lead " + leadText(b[j]) + ": only in B");
        return result;
    }
    if (anyHours && a.size() + b.size() > 2) {
        const std::string why = !problemA.empty() ? "A " + problemA : "B " + problemB;
        result.notes.push_back(why + ": leads lined up by index");
    }
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t k = 0; k < n; ++k) {
        std::optional<double> hours = problemA.empty() ? a[k].hours : problemB.empty() ? b[k].hours : std::nullopt;
        result.pairs.push_back({k, k, hours});
    }
    for (std::size_t k = n; k < a.size(); ++k) result.notLinedUp.push_back("lead " + leadText(a[k]) + ": only in A");
    for (std::size_t k = n; k < b.size(); ++k) result.notLinedUp.push_back("lead " + leadText(b[k]) + ": only in B");
    return result;
}

}  // namespace meshdiff
