#pragma once
#include <optional>
#include <string>
#include <vector>

#include "fields/FieldSource.h"

namespace meshdiff {

struct LeadPair {
    std::size_t a = 0, b = 0;     // positions in A's and B's leads()
    std::optional<double> hours;  // the lead both stand for, when known
};

struct LeadLineUp {
    std::vector<LeadPair> pairs;          // in A's lead order
    std::vector<std::string> notLinedUp;  // "lead 30 h: only in B", "lead index 4: only in A"
    std::vector<std::string> notes;       // why hours were not used
};

// By hours when both sides know every lead's hours and they increase; otherwise by index.
LeadLineUp lineUpLeads(const std::vector<LeadTime>& a, const std::vector<LeadTime>& b);

// Text for a lead: "18 h" or "index 3".
std::string leadText(const LeadTime& lead);
std::string hoursText(double hours);

}  // namespace meshdiff
