#include <cstdio>
#include <sstream>

#include "experiments/Evidence.h"

namespace meshdiff::experiments {
namespace {

nlohmann::json optionalNumber(std::optional<double> v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

nlohmann::json experimentJson(const Experiment& e) {
    nlohmann::json choices = nlohmann::json::object();
    for (const auto& [option, choice] : e.choices) choices[option] = choice;
    return {{"id", e.id},       {"kind", toString(e.kind)}, {"side", std::string(1, e.side)},
            {"title", e.title}, {"question", e.question},   {"choices", choices}};
}

std::string shortHash(const std::string& h) {
    const auto colon = h.find(':');
    return h.empty() ? "-" : h.substr(colon == std::string::npos ? 0 : colon + 1, 12);
}

}  // namespace

std::string graphColumn(const EvidenceRow& row, const PairFacts& facts) {
    if (row.graphHash.empty()) return "–";
    if (row.graphHash == facts.hashA) return "A's (" + shortHash(row.graphHash) + ")";
    if (row.graphHash == facts.hashB) return "B's (" + shortHash(row.graphHash) + ")";
    return "other (" + shortHash(row.graphHash) + ")";
}

nlohmann::json experimentsResultToJson(const ExperimentsResult& r) {
    nlohmann::json plan = nlohmann::json::array();
    for (const auto& e : r.plan.experiments) plan.push_back(experimentJson(e));
    nlohmann::json evidence = nlohmann::json::array();
    for (const auto& row : r.evidence) {
        auto j = experimentJson(row.experiment);
        j["status"] = row.status;
        j["reason"] = row.reason;
        j["run_folder"] = row.runFolder;
        j["rel_rms_to_a"] = optionalNumber(row.relRmsToA);
        j["rel_rms_to_b"] = optionalNumber(row.relRmsToB);
        j["graph_hash"] = row.graphHash;
        j["graph_is"] = row.graphHash.empty()            ? ""
                        : row.graphHash == r.facts.hashA ? "A"
                        : row.graphHash == r.facts.hashB ? "B"
                                                         : "other";
        j["shows"] = row.shows;
        evidence.push_back(std::move(j));
    }
    return {{"run_a", r.runA},
            {"run_b", r.runB},
            {"recipe", r.recipe},
            {"backend", r.backend},
            {"tolerance", r.tolerance},
            {"pair",
             {{"cause", r.facts.cause},
              {"graphs_differ", r.facts.graphsDiffer},
              {"graph_hash_a", r.facts.hashA},
              {"graph_hash_b", r.facts.hashB},
              {"max_rel_rms", r.facts.maxRelRms},
              {"drifting_edges", r.facts.driftingEdges}}},
            {"plan", plan},
            {"plan_notes", r.plan.notes},
            {"evidence", evidence},
            {"verdict", {{"cause", r.verdict.cause}, {"text", r.verdict.text}}}};
}

std::string planText(const Plan& plan) {
    std::ostringstream out;
    out << "plan: " << plan.experiments.size() << " experiment(s)\n";
    for (std::size_t i = 0; i < plan.experiments.size(); ++i) {
        const auto& e = plan.experiments[i];
        out << "  " << i + 1 << ". " << e.id << ": " << e.title << " — " << e.question << "\n     options:";
        for (const auto& [option, choice] : e.choices) out << " " << option << "=\"" << choice << "\"";
        out << "\n";
    }
    for (const auto& note : plan.notes) out << "  note: " << note << "\n";
    return out.str();
}

std::string evidenceTable(const ExperimentsResult& r) {
    std::ostringstream out;
    char line[512];
    std::snprintf(line, sizeof line, "%-22s %-10s %-12s %-12s %-22s %s\n", "experiment", "status", "relRMS to A",
                  "relRMS to B", "graph", "shows");
    out << line;
    std::snprintf(line, sizeof line, "%-22s %-10s %-12s %-12s %-22s %s\n", "A vs B (as given)", "-", "0",
                  formatRelRms(r.facts.maxRelRms).c_str(), "-", ("cause " + r.facts.cause).c_str());
    out << line;
    for (const auto& row : r.evidence) {
        std::snprintf(line, sizeof line, "%-22s %-10s %-12s %-12s %-22s %s\n", row.experiment.id.c_str(),
                      row.status.c_str(), formatRelRms(row.relRmsToA).c_str(), formatRelRms(row.relRmsToB).c_str(),
                      graphColumn(row, r.facts).c_str(), row.shows.c_str());
        out << line;
    }
    out << "\n" << r.verdict.text << "\n";
    return out.str();
}

std::string experimentsResultToMarkdown(const ExperimentsResult& r) {
    std::ostringstream out;
    out << "# Experiments: why " << r.runA << " and " << r.runB << " differ\n\n"
        << "**" << r.verdict.text << "**\n\n"
        << "Compare of A and B: cause `" << r.facts.cause << "`, max rel RMS " << formatRelRms(r.facts.maxRelRms)
        << ", graphs " << (r.facts.graphsDiffer ? "differ" : "identical") << ". Recipe `" << r.recipe << "`, back-end `"
        << r.backend << "`, tolerance " << r.tolerance << ".\n\n"
        << "| experiment | what it runs | status | rel RMS to A | rel RMS to B | graph | what it shows |\n"
        << "|---|---|---|---|---|---|---|\n";
    for (const auto& row : r.evidence)
        out << "| " << row.experiment.id << " | " << row.experiment.title << " | " << row.status << " | "
            << formatRelRms(row.relRmsToA) << " | " << formatRelRms(row.relRmsToB) << " | " << graphColumn(row, r.facts)
            << " | " << row.shows << " |\n";
    if (!r.plan.notes.empty()) {
        out << "\nNot planned:\n\n";
        for (const auto& note : r.plan.notes) out << "- " << note << "\n";
    }
    return out.str();
}

}  // namespace meshdiff::experiments
