#pragma once
#include <optional>
#include <string>
#include <vector>

namespace meshdiff {

// A rollout written as one file per lead: the lead in hours ends the file name (before its
// extension), after a separator _ . - or + and an optional f, step or lead:
//   run_006.nc, run_12.nc, run_f006.grib2, run.step18.npz, run-lead24.nc, run+006h.nc, run_f006h.nc
// The part before the separator (the prefix) names the rollout; the digits are hours.
struct LeadFileName {
    std::string prefix;
    double hours = 0;
};
std::optional<LeadFileName> parseLeadFileName(const std::string& path);

// Fields files of one folder that form one rollout, in lead order.
struct LeadFileSet {
    std::vector<std::string> files;  // ordered by the hours in their names
    std::vector<double> hours;       // hours in each name
};

// The rollout that `files` (two or more fields files of one folder) form, or why they form none:
// a name without a lead, two prefixes, or two files naming the same lead.
struct LeadFileMatch {
    std::optional<LeadFileSet> set;
    std::string problem;  // when set is empty
};
LeadFileMatch matchLeadFiles(const std::vector<std::string>& files);

}  // namespace meshdiff
