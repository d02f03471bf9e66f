// The diagnosis' causes as compare --json, the summary, the report and the window name them: a
// difference spread over the globe is "everywhere", never "spread" (which reads as the member
// spread of --spread).
#include <gtest/gtest.h>

#include <string>

#include "diagnose/Diagnosis.h"

using namespace meshdiff;

TEST(DiagnosisCauseNames, ADifferenceSpreadOverTheGlobeIsEverywhere) {
    EXPECT_EQ(std::string(toString(Cause::Everywhere)), "everywhere");
    EXPECT_EQ(std::string(toString(Cause::Graph)), "graph");
    EXPECT_EQ(std::string(toString(Cause::Mixed)), "mixed");
    EXPECT_EQ(std::string(toString(Cause::Order)), "order");
    EXPECT_EQ(std::string(toString(Cause::None)), "none");
    EXPECT_EQ(std::string(toString(Cause::Unknown)), "unknown");
}

TEST(DiagnosisCauseNames, IdenticalGraphsWithDifferingFieldsGiveEverywhere) {
    DiagnosisInput in;
    in.pair.graphsCompared = true;
    in.pair.graphsDiffer = false;
    FieldDifference f;
    f.name = "t2m";
    f.relRms = 1e-3;
    f.beyondTolerance = true;
    in.fields.push_back(f);
    const Diagnosis d = diagnose(in);
    EXPECT_EQ(std::string(toString(d.cause)), "everywhere") << d.explanation;
}
