#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace meshdiff::rerun {

// <runsDir>/ledger.json: {"runs": [record, …]}, one record per rerun (what ran, where, with
// which command and environment, and how it ended). Writes are locked against other meshdiffs.
class RunLedger {
public:
    explicit RunLedger(std::string runsDir);

    const std::string& path() const { return path_; }
    // Adds the record, or replaces the one with the same "id". Throws meshdiff::Error.
    void upsert(const nlohmann::json& record) const;
    nlohmann::json records() const;                    // the "runs" array ([] when there is no ledger yet)
    nlohmann::json find(const std::string& id) const;  // null when absent

private:
    std::string path_;
};

}  // namespace meshdiff::rerun
