#include "report/ReportEvidence.h"

#include <fstream>

#include "common/Error.h"
#include "report/ReportHtml.h"

namespace meshdiff::report {
namespace {

std::string text(const nlohmann::json& j, const char* key) {
    return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

std::string relRms(const nlohmann::json& row, const char* key) {
    return row.contains(key) && row[key].is_number() ? numberText(row[key].get<double>()) : "–";
}

}  // namespace

std::optional<nlohmann::json> findExperimentsEvidence(const std::string& given,
                                                      const std::filesystem::path& reportFolder) {
    std::filesystem::path path = given;
    if (given.empty()) {
        path = reportFolder / "experiments.json";
        if (!std::filesystem::is_regular_file(path)) path = reportFolder / "diagnosis.json";  // the old name
        if (!std::filesystem::is_regular_file(path)) return std::nullopt;
    }
    std::ifstream in(path);
    if (!in) throw Error(path.string(), "cannot read the experiments' result");
    auto j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("verdict") || !j.contains("evidence") ||
        !j["evidence"].is_array())
        throw Error(path.string(), "not the JSON of meshdiff experiments (no verdict and evidence)");
    return j;
}

void writeExperimentsEvidence(std::ostream& html, const nlohmann::json& result) {
    html << "<h3>Experiments</h3>\n<p id=\"experiments-verdict\"><b>" << htmlEscape(text(result["verdict"], "text"))
         << "</b></p>\n<table id=\"experiments-evidence\"><tr><th>experiment</th><th>status</th><th>rel RMS to A</th>"
         << "<th>rel RMS to B</th><th>graph</th><th>what it shows</th></tr>\n";
    for (const auto& row : result["evidence"])
        html << "<tr><td>" << htmlEscape(text(row, "title")) << "</td><td>" << htmlEscape(text(row, "status"))
             << "</td><td>" << relRms(row, "rel_rms_to_a") << "</td><td>" << relRms(row, "rel_rms_to_b") << "</td><td>"
             << htmlEscape(text(row, "graph_is")) << "</td><td>" << htmlEscape(text(row, "shows")) << "</td></tr>\n";
    html << "</table>\n";
}

}  // namespace meshdiff::report
