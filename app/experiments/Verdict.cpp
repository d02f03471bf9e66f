#include <cctype>
#include <cstdio>

#include "experiments/Evidence.h"

namespace meshdiff::experiments {
namespace {

// A residual up to this share of A−B still counts as "the swap explains it".
constexpr double kResidualShare = 0.1;

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", v);
    return text;
}

std::string who(char s) { return std::string(1, s) + "'s"; }

enum class Part { NotRun, None, Partial, Most, Full };

struct Judged {
    Part graph = Part::NotRun;
    std::string graphSentence;
    std::vector<std::string> rebuildSentences;
    bool rebuildGivesOther = false;
    bool precisionRun = false, precisionMoves = false, precisionExplains = false;
    std::string precisionSentence;
};

void judgeSwap(EvidenceRow& row, const PairFacts& facts, double tolerance, Judged& j) {
    const auto& e = row.experiment;
    const auto& toOther = e.other == 'A' ? row.relRmsToA : row.relRmsToB;
    const std::string target(1, e.other);
    if (!toOther) {
        row.shows = "no fields to compare with " + target;
        return;
    }
    const double r = *toOther, d0 = facts.maxRelRms;
    Part part;
    if (r <= tolerance) {
        part = Part::Full;
        row.shows = "matches " + target + " (rel RMS " + number(r) + "): the graph explains all of A−B";
    } else if (r <= kResidualShare * d0) {
        part = Part::Most;
        row.shows = "matches " + target + " to " + number(r) + " (" + number(100 * r / d0) +
                    " % of A−B): the graph explains most; the rest is a residual";
    } else if (r < (1 - kResidualShare) * d0) {
        part = Part::Partial;
        row.shows = "closer to " + target + " (" + number(r) + " vs " + number(d0) + "): the graph explains part";
    } else {
        part = Part::None;
        row.shows = "as far from " + target + " as before (" + number(r) + "): not the graph";
    }
    if (part > j.graph || j.graph == Part::NotRun) {
        j.graph = part;
        std::string residual;
        if (part == Part::Full)
            residual = facts.driftingEdges ? " (edge features drift on " + std::to_string(facts.driftingEdges) +
                                                 " edges, yet leave no residual)"
                                           : " (no edge-feature residual)";
        else if (part == Part::Most)
            residual = facts.driftingEdges
                           ? " (a residual, e.g. host-built edge features: " + std::to_string(facts.driftingEdges) +
                                 " edges drift)"
                           : " (a residual)";
        j.graphSentence = "With " + who(e.other) + " graph, " + who(e.side) + " side matches " + target + " to " +
                          number(r) + residual + ".";
        if (part == Part::Partial)
            j.graphSentence = "With " + who(e.other) + " graph, " + who(e.side) + " side comes closer to " + target +
                              " (" + number(r) + " of " + number(d0) + ").";
        if (part == Part::None)
            j.graphSentence = "With " + who(e.other) + " graph, " + who(e.side) + " side is as far from " + target +
                              " as before (" + number(r) + ").";
    }
}

void judgeRebuild(EvidenceRow& row, const PairFacts& facts, Judged& j) {
    const auto& e = row.experiment;
    const std::string& wanted = e.other == 'A' ? facts.hashA : facts.hashB;
    const std::string& own = e.side == 'A' ? facts.hashA : facts.hashB;
    const std::string how = "rebuilding the graph on " + who(e.side) + " side as " + who(e.other) + " host";
    if (row.graphHash.empty()) {
        row.shows = "the rerun wrote no graph to hash";
        return;
    }
    if (row.graphHash == wanted) {
        row.shows = "gives " + who(e.other) + " graph (same hash): the host settings make the graph";
        j.rebuildSentences.push_back(how + " gives " + who(e.other) + " graph (same hash)");
        j.rebuildGivesOther = true;
    } else if (row.graphHash == own) {
        row.shows = "gives " + who(e.side) + " graph again: these settings do not change the graph";
        j.rebuildSentences.push_back(how + " gives " + who(e.side) + " graph again");
    } else {
        row.shows = "gives a third graph (hash " + row.graphHash.substr(0, 12) + ")";
        j.rebuildSentences.push_back(how + " gives neither A's nor B's graph");
    }
}

void judgePrecision(EvidenceRow& row, const PairFacts& facts, double tolerance, Judged& j) {
    const auto& e = row.experiment;
    const auto& toOwn = e.side == 'A' ? row.relRmsToA : row.relRmsToB;
    const auto& toOther = e.side == 'A' ? row.relRmsToB : row.relRmsToA;
    if (!toOwn || !toOther) return;
    j.precisionRun = true;
    const std::string other(1, e.side == 'A' ? 'B' : 'A');
    if (*toOther <= tolerance) {
        j.precisionMoves = j.precisionExplains = true;
        row.shows = "matches " + other + " (" + number(*toOther) + "): precision explains what is left";
        j.precisionSentence =
            "With the precision knobs off, " + who(e.side) + " side matches " + other + " to " + number(*toOther) + ".";
    } else if (*toOwn <= tolerance || *toOwn <= kResidualShare * facts.maxRelRms) {
        row.shows =
            "within " + number(*toOwn) + " of " + std::string(1, e.side) + ": the precision change has no effect";
        if (!j.precisionMoves) j.precisionSentence = "Precision change: no effect.";
    } else {
        j.precisionMoves = true;
        row.shows = "moves " + std::string(1, e.side) + " by " + number(*toOwn) + " but stays " + number(*toOther) +
                    " from " + other;
        if (!j.precisionExplains)
            j.precisionSentence = "The precision knobs move " + who(e.side) + " side (" + number(*toOwn) +
                                  ") without bringing it to " + other + ".";
    }
}

}  // namespace

std::string formatRelRms(std::optional<double> value) { return value ? number(*value) : "-"; }

Verdict judge(const PairFacts& facts, std::vector<EvidenceRow>& evidence, double tolerance) {
    Judged j;
    std::size_t failed = 0;
    for (auto& row : evidence) {
        if (row.status != "succeeded") {
            row.shows =
                row.status == "not run" ? "not run" : row.status + (row.reason.empty() ? "" : ": " + row.reason);
            ++failed;
            continue;
        }
        switch (row.experiment.kind) {
            case ExperimentKind::GraphSwap: judgeSwap(row, facts, tolerance, j); break;
            case ExperimentKind::Rebuild: judgeRebuild(row, facts, j); break;
            case ExperimentKind::PrecisionOff: judgePrecision(row, facts, tolerance, j); break;
        }
    }
    Verdict v;
    if (facts.cause == "none") {
        v.cause = "none";
        v.text = "Cause: none. A's and B's fields agree within the tolerance (" + number(tolerance) + ")" +
                 (facts.graphsDiffer ? ", although their graphs differ." : ".");
        return v;
    }
    // Without a swap, a rebuild that gives the other side's graph is the evidence for the graph.
    const bool graphExplains =
        j.graph == Part::Full || j.graph == Part::Most || (j.graph == Part::NotRun && j.rebuildGivesOther);
    if (graphExplains && !j.precisionExplains) {
        v.cause = "graph";
        v.text = "Cause: host-built graph.";
    } else if (j.precisionExplains && (j.graph == Part::Partial || graphExplains)) {
        v.cause = "graph+precision";
        v.text = "Cause: host-built graph and precision.";
    } else if (j.precisionExplains) {
        v.cause = "precision";
        v.text = "Cause: precision (matmul precision, TF32 or autotuning).";
    } else {
        v.cause = "undetermined";
        v.text = "Cause: not established by these experiments.";
    }
    if (!j.graphSentence.empty()) v.text += " " + j.graphSentence;
    if (!j.rebuildSentences.empty()) {
        std::string joined;
        for (const auto& s : j.rebuildSentences) joined += (joined.empty() ? "" : "; ") + s;
        joined[0] = char(std::toupper(static_cast<unsigned char>(joined[0])));
        v.text += " " + joined + ".";
    }
    if (!j.precisionSentence.empty()) v.text += " " + j.precisionSentence;
    else if (!j.precisionRun)
        v.text += " Precision knobs: not tried" +
                  std::string(facts.cause == "graph" ? " (the difference sits at the graph)." : ".");
    if (failed) v.text += " " + std::to_string(failed) + " experiment(s) did not succeed; see the table.";
    return v;
}

}  // namespace meshdiff::experiments
