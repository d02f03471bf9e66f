#pragma once
#include <string>
#include <vector>

#include <QString>

#include "map/ErrorMapData.h"
#include "map/MapDifferences.h"

namespace meshdiff::views {

// Which difference marks a picture shows, and the runs' labels ("AVX-512 host"; "A" or empty
// when unknown).
struct DifferenceMarks {
    bool edgesA = false, edgesB = false;  // grid→mesh edges only in A / only in B
    bool faces = false;                   // mesh→grid triangles that differ (A's and B's outlines)
    bool gridPoints = false;              // rings around the grid points whose triangle differs
    std::string labelA, labelB;
    bool near = false;          // the diagnosis' "near the differences" outlined
    bool countedRings = false;  // a numbered ring around a close group of differences
};
DifferenceMarks marksOf(const ErrorMapData& data);

// One legend line: the mark as drawn, what it is in words ("grid→mesh edge only in A (AVX-512
// host)") and how it looks in words ("magenta, solid"), for captions.
struct DifferenceLegendEntry {
    MapMark mark = MapMark::GridPoint;
    int run = 0;  // 1: A, 2: B, 0: both
    QString text;
    QString look;
    bool near = false;         // the "near" outline, not a mark of one run
    bool countedRing = false;  // a ring with the number of the close differences it holds
};
// The entries for the marks present, A's before B's; empty when there are none.
std::vector<DifferenceLegendEntry> differenceLegend(const DifferenceMarks& marks);

// The legend as one sentence for a caption: "magenta, solid: grid→mesh edge only in A (…);
// black, dashed: …". Empty without entries.
std::string differenceLegendSentence(const std::vector<DifferenceLegendEntry>& entries);

}  // namespace meshdiff::views
