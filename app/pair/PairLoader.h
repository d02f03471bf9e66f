#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "pair/LoadedPair.h"

namespace meshdiff::pair {

// Reports progress (0–100) and what is being done.
using ProgressFn = std::function<void(int percent, const std::string& step)>;

// Thrown when the caller asked to stop.
struct LoadCancelled {};

// Receives the graph part of a pair (runs, graphs, graph diff, run rows; no fields yet) as soon
// as it is ready, on the worker thread. The loader never touches that object again; the fields
// are compared once it returns.
using GraphStageFn = std::function<void(std::shared_ptr<LoadedPair> graphStage)>;

// Receives both graphs (either may be null) as soon as they are read, before they are diffed,
// on the worker thread: what needs only the graphs (the globe's mesh texture) can start.
using GraphsReadFn =
    std::function<void(std::shared_ptr<const MeshGraph> graphA, std::shared_ptr<const MeshGraph> graphB)>;

// What loadPair compares of the fields: the shown lead (every member), what the window shows
// first; or every lead (the report). With a spread run, A against it is the yardstick
// (CompareOptions::spreadRun).
struct PairLoadScope {
    bool everyLead = false;
    std::string spreadRun;  // empty: A's member spread, when A has members
    // Hours between leads for files that give none (FieldSourceOptions::leadStepHours).
    std::optional<double> leadStepHours;
};

// compareRuns (core/compare) on a worker thread, with the graphs, the places where they differ
// and the open field files kept for the window, and the rows the window shows. Checks `cancel`
// between steps and throws LoadCancelled; throws meshdiff::Error for bad input. When both runs
// have a graph, `graphsReady` (if set) is called between the graph diff and the field comparison;
// `graphsRead` (if set) between reading the graphs and diffing them.
std::shared_ptr<LoadedPair> loadPair(const std::string& pathA, const std::string& pathB, const ProgressFn& progress,
                                     const std::atomic<bool>& cancel, const GraphStageFn& graphsReady = {},
                                     const GraphsReadFn& graphsRead = {}, const PairLoadScope& scope = {});

// Which 2-D slice of a rollout's fields is shown: positions in A's and B's leads() and the
// member position (A's member k against B's member k; 0 without members).
struct FieldSlice {
    std::size_t leadA = 0, leadB = 0, member = 0;
    friend bool operator==(const FieldSlice&, const FieldSlice&) = default;
};

// The error map's data for one field at one slice: A and B on their common points, where the
// graphs differ and the coastlines. Thread-safe (locks the pair's field sources). Throws
// meshdiff::Error.
std::shared_ptr<views::ErrorMapData> loadFieldMap(const LoadedPair& pair, const std::string& field,
                                                  const std::vector<std::vector<views::LonLat>>& coastlines,
                                                  const FieldSlice& slice = {});

// A field table row of one field's metrics (without the near/elsewhere columns and regions).
views::FieldRow fieldRow(const FieldMetrics& metrics);
// The field table's rows of one lead, [member][field] (fields in A's order), with the rel RMS
// near the graph differences and elsewhere when the lead has them (LeadComparison::nearEnergy)
// and the area-weighted rel RMS of each of `regions` (FieldsComparison::regions); A − B against
// the spread on the rows of the member it is measured from (FieldRow::ratioToSpread).
std::vector<std::vector<views::FieldRow>> tableRows(const LeadComparison& lead, const std::vector<Region>& regions);

// Coastline polylines from the installed GSHHG data (crude resolution); empty when absent.
std::vector<std::vector<views::LonLat>> loadCoastlines();

}  // namespace meshdiff::pair
