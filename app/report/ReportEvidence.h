#pragma once
#include <filesystem>
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

namespace meshdiff::report {

// The Diagnose action's result (meshdiff diagnose --json) for the report: the file given, else
// diagnosis.json in the report folder when it is one; none when neither. Throws meshdiff::Error
// when a given file cannot be read or is not a diagnose result.
std::optional<nlohmann::json> findDiagnoseEvidence(const std::string& given, const std::filesystem::path& reportFolder);

// "Experiments": the verdict and the evidence table (experiment, rel RMS to A and to B, graph, what it shows).
void writeDiagnoseEvidence(std::ostream& html, const nlohmann::json& result);

}  // namespace meshdiff::report
