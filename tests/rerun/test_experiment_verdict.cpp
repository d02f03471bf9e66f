#include <gtest/gtest.h>

#include "experiments/Evidence.h"

using namespace meshdiff::experiments;

namespace {

PairFacts graphPair() {
    PairFacts f;
    f.cause = "graph";
    f.graphsCompared = f.graphsDiffer = true;
    f.hashA = "hash-a";
    f.hashB = "hash-b";
    f.maxRelRms = 2e-3;
    return f;
}

EvidenceRow row(const std::string& id, ExperimentKind kind, char side, char other, std::optional<double> toA,
                std::optional<double> toB, const std::string& hash = "") {
    EvidenceRow r;
    r.experiment.id = id;
    r.experiment.kind = kind;
    r.experiment.side = side;
    r.experiment.other = other;
    r.status = "succeeded";
    r.relRmsToA = toA;
    r.relRmsToB = toB;
    r.graphHash = hash;
    return r;
}

}  // namespace

TEST(ExperimentVerdict, ExactGraphSwapAndMatchingRebuildHashSayHostBuiltGraph) {
    std::vector<EvidenceRow> rows{row("B-with-A-graph", ExperimentKind::GraphSwap, 'B', 'A', 0.0, 2e-3, "hash-a"),
                                  row("A-rebuilt-as-B", ExperimentKind::Rebuild, 'A', 'B', 2e-3, 0.0, "hash-b")};
    const Verdict v = judge(graphPair(), rows, 0);
    EXPECT_EQ(v.cause, "graph");
    EXPECT_NE(v.text.find("Cause: host-built graph."), std::string::npos) << v.text;
    EXPECT_NE(v.text.find("B's side matches A to 0 (no edge-feature residual)"), std::string::npos) << v.text;
    EXPECT_NE(v.text.find("as B's host gives B's graph (same hash)"), std::string::npos) << v.text;
    EXPECT_NE(rows[0].shows.find("explains all"), std::string::npos) << rows[0].shows;
}

TEST(ExperimentVerdict, SmallResidualAfterTheSwapStillBlamesTheGraphAndNamesTheResidual) {
    auto f = graphPair();
    f.driftingEdges = 1234;
    std::vector<EvidenceRow> rows{row("B-with-A-graph", ExperimentKind::GraphSwap, 'B', 'A', 1.3e-4, 2e-3)};
    const Verdict v = judge(f, rows, 0);
    EXPECT_EQ(v.cause, "graph");
    EXPECT_NE(v.text.find("matches A to 0.00013"), std::string::npos) << v.text;
    EXPECT_NE(v.text.find("1234 edges drift"), std::string::npos) << v.text;
}

TEST(ExperimentVerdict, PrecisionOffThatMatchesTheOtherSideSaysPrecision) {
    auto f = graphPair();
    f.cause = "everywhere";
    f.graphsDiffer = false;
    f.hashB = f.hashA;
    std::vector<EvidenceRow> rows{row("B-precision-off", ExperimentKind::PrecisionOff, 'B', 'A', 0.0, 2e-3),
                                  row("A-precision-off", ExperimentKind::PrecisionOff, 'A', 'A', 0.0, 2e-3)};
    const Verdict v = judge(f, rows, 0);
    EXPECT_EQ(v.cause, "precision");
    EXPECT_NE(rows[1].shows.find("no effect"), std::string::npos) << rows[1].shows;
}

TEST(ExperimentVerdict, PartialSwapPlusPrecisionSaysBoth) {
    auto f = graphPair();
    f.cause = "mixed";
    std::vector<EvidenceRow> rows{row("B-with-A-graph", ExperimentKind::GraphSwap, 'B', 'A', 1e-3, 2e-3),
                                  row("B-precision-off", ExperimentKind::PrecisionOff, 'B', 'A', 0.0, 1.5e-3)};
    EXPECT_EQ(judge(f, rows, 0).cause, "graph+precision");
}

TEST(ExperimentVerdict, NothingExplainsItAndFailuresAreCounted) {
    std::vector<EvidenceRow> rows{row("B-with-A-graph", ExperimentKind::GraphSwap, 'B', 'A', 2e-3, 1e-9),
                                  row("A-with-B-graph", ExperimentKind::GraphSwap, 'A', 'B', {}, {})};
    rows[1].status = "failed";
    rows[1].reason = "exit code 3";
    const Verdict v = judge(graphPair(), rows, 0);
    EXPECT_EQ(v.cause, "undetermined");
    EXPECT_NE(v.text.find("as far from A as before"), std::string::npos) << v.text;
    EXPECT_NE(v.text.find("1 experiment(s) did not succeed"), std::string::npos) << v.text;
    EXPECT_EQ(rows[1].shows, "failed: exit code 3");
}

TEST(ExperimentVerdict, ARebuildGivingTheSameGraphAgainSaysTheSettingsDoNotMatter) {
    std::vector<EvidenceRow> rows{row("A-rebuilt-as-B", ExperimentKind::Rebuild, 'A', 'B', 0.0, 2e-3, "hash-a")};
    judge(graphPair(), rows, 0);
    EXPECT_NE(rows[0].shows.find("gives A's graph again"), std::string::npos) << rows[0].shows;
}

TEST(ExperimentVerdict, AgreeingFieldsSayNoneEvenWhenTheGraphsDiffer) {
    auto f = graphPair();
    f.cause = "none";
    std::vector<EvidenceRow> rows;
    const Verdict v = judge(f, rows, 1e-3);
    EXPECT_EQ(v.cause, "none");
    EXPECT_NE(v.text.find("although their graphs differ"), std::string::npos) << v.text;
}

TEST(ExperimentVerdict, ARebuildAloneGivingTheOtherGraphBlamesTheGraph) {
    auto f = graphPair();
    f.cause = "unknown";  // graph files only: no fields
    std::vector<EvidenceRow> rows{row("A-rebuilt-as-B", ExperimentKind::Rebuild, 'A', 'B', {}, {}, "hash-b")};
    EXPECT_EQ(judge(f, rows, 0).cause, "graph");
}
