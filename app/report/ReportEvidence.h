#pragma once
#include <filesystem>
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

namespace meshdiff::report {

// The experiments' result (meshdiff experiments --json) for the report: the file given, else
// experiments.json in the report folder, else diagnosis.json (the old name), when there is one;
// none when neither. Throws meshdiff::Error when a given file cannot be read or is not an
// experiments result.
std::optional<nlohmann::json> findExperimentsEvidence(const std::string& given,
                                                      const std::filesystem::path& reportFolder);

// "Experiments": the verdict and the evidence table (experiment, rel RMS to A and to B, graph, what it shows).
void writeExperimentsEvidence(std::ostream& html, const nlohmann::json& result);

}  // namespace meshdiff::report
