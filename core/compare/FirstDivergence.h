#pragma once
#include <atomic>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "diagnose/DiffNeighbourhood.h"
#include "fields/Field.h"
#include "fields/FieldMetrics.h"
#include "fields/LatLonGrid.h"

namespace meshdiff {

// A grid cell where A and B differ at the first lead that is not bit-identical.
struct DivergencePoint {
    std::string field;
    double lat = 0, lon = 0;                  // degrees, A's grid
    std::size_t gridIndex = 0;                // row-major index into A's grid
    double absDiff = 0;                       // |A − B|, in the field's units
    std::optional<bool> nearGraphDifference;  // DiffNeighbourhood::Near; none without graph differences
};

// The first lead (in lead order) at which any field differs at all: a compared point with A ≠ B,
// or NaN masks that differ. "Not bit-identical" in the sense of the values: −0 equals +0.
struct FirstDivergence {
    std::size_t lead = 0;                 // position in FieldsComparison::perLead
    std::size_t leadIndex = 0;            // position along A's lead axis
    std::optional<double> hours;          // none when neither file says
    std::vector<std::string> fields;      // the fields that differ there, in A's field order
    std::vector<DivergencePoint> points;  // the largest |A − B| there over those fields, largest first
    // Whether any of the points lies near a graph difference; none when the graphs were not
    // compared or do not differ.
    std::optional<bool> nearGraphDifference;
};

constexpr std::size_t kDivergencePoints = 20;

// Finds the first divergence while compareFieldSources compares field × lead × member: add()
// after each step's metrics (from any thread), result() at the end. Only leads no later than
// the earliest differing lead seen so far are scanned, and each keeps at most `maxPoints` cells.
class FirstDivergenceFinder {
public:
    explicit FirstDivergenceFinder(std::size_t fieldCount, std::size_t maxPoints = kDivergencePoints);
    // False once a lead before `lead` is known to differ: add() would pass it over.
    bool wants(std::size_t lead) const;
    // `metrics` are computeFieldMetrics(a, b, alignment), `rowMaxAbs` (may be null: every row is
    // read) its per-row max |A − B|; `lead` a position in the compared leads.
    void add(std::size_t lead, std::size_t field, const FieldMetrics& metrics, const Field& a, const Field& b,
             const GridAlignment& alignment, const std::vector<double>* rowMaxAbs = nullptr);
    // `names` in the order of add()'s `field`; `gridA` is A's grid; `around` (may be null) the
    // places where the graphs differ, on A's grid. lead, fields and points are filled; leadIndex
    // and hours are left to the caller.
    std::optional<FirstDivergence> result(const std::vector<std::string>& names, const LatLonGrid& gridA,
                                          const DiffNeighbourhood* around) const;

    struct Cell {
        double absDiff = 0;
        std::size_t field = 0, gridIndex = 0;
    };

private:
    struct LeadCells {
        std::vector<bool> fields;
        std::vector<Cell> cells;  // largest first, at most maxPoints_, one per field and grid index
    };
    std::size_t fieldCount_, maxPoints_;
    std::atomic<std::size_t> earliest_;  // the earliest lead found to differ; SIZE_MAX for none yet
    mutable std::mutex mutex_;
    std::map<std::size_t, LeadCells> leads_;  // leads up to earliest_
};

}  // namespace meshdiff
