#pragma once
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "builder/BallRadius.h"
#include "compare/Comparison.h"
#include "fields/FieldSource.h"
#include "fields/LatLonGrid.h"
#include "fieldtable/FieldRow.h"
#include "fragility/Fragility.h"
#include "graph/MeshGraph.h"
#include "map/ErrorMapData.h"
#include "runs/RunComparisonRows.h"

namespace meshdiff::pair {

// The two field files of a pair, opened once and read one field at a time by any thread
// (a FieldSource is not thread-safe, hence the mutex).
struct OpenFieldPair {
    std::shared_ptr<FieldSource> a, b;
    GridAlignment alignment;
    std::mutex mutex;
};

// Everything the window shows about two runs, built off the GUI thread and applied at once.
struct LoadedPair {
    std::string pathA, pathB;
    Comparison comparison;  // runs, graph diff, field summary
    std::shared_ptr<const MeshGraph> graphA, graphB;
    // Each graph's grid→mesh radius: the builder's from the metadata, else ballQueryRadius.
    BallRadius ballRadiusA, ballRadiusB;
    std::vector<views::LonLat> differenceLocations;  // where the graphs differ (from graph A)
    std::optional<DiffPlaces> places;                // the same as the diagnosis measures near them
    std::vector<views::FieldRow> fieldRows;          // in A's field order
    std::vector<views::RunComparisonRow> runRows;
    std::shared_ptr<OpenFieldPair> fields;              // null without fields on both sides
    std::shared_ptr<const FragilityReport> fragilityA;  // filled in later; may stay null
    double seconds = 0;                                 // wall time to load
    std::string spreadPath;                             // the spread run (PairLoadScope::spreadRun); empty without
    std::string spreadFieldsFile;                       // its fields file, found in it
    FieldSourceOptions fieldOptions;                    // how the fields files were opened (the lead step)
};

}  // namespace meshdiff::pair
