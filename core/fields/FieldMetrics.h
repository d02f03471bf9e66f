#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fields/Field.h"
#include "fields/LatLonGrid.h"
#include "fields/Regions.h"

namespace meshdiff {

// The same agreement with each point weighted by its cell's area (fields/AreaWeights.h), over the
// points finite in both runs, as WeatherBench 2 computes it. NaN when undefined: no point is finite
// in both or the compared latitudes are unknown (all four), or std_a is 0 (rel_rms).
struct AreaWeightedMetrics {
    double rms = 0;     // sqrt(Σw(A−B)² / Σw)
    double relRms = 0;  // rms / stdA
    double bias = 0;    // Σw(A−B) / Σw
    double stdA = 0;    // A's weighted standard deviation (population, around A's weighted mean)
    // FieldMetrics::nanMasksEqual over these points only: a region's own answer.
    bool nanMasksEqual = true;
};

// Per-field agreement of B with the reference A, over points finite in both.
struct FieldMetrics {
    std::string name;
    std::string units;
    std::string levelUnits;  // FieldSource::levelUnits of A (compareFieldSources sets it)
    // sqrt(mean((A−B)²)) / std(A), population std. NaN when undefined: std(A) is 0 or no point is
    // finite in both (`note` says which); such a field is judged by maxAbs and the NaN masks.
    double relRms = 0;
    double corr = 1;    // Pearson; NaN when std(A) or std(B) is 0 or no point is finite in both
    double maxAbs = 0;  // max |A−B|
    double rms = 0;     // sqrt(mean((A−B)²))
    double stdA = 0;
    // False when a point is finite in one run only, or non-finite in both with other values
    // (NaN against ±inf, +inf against −inf).
    bool nanMasksEqual = true;
    std::size_t comparedPoints = 0;  // finite in both
    std::size_t nonFiniteA = 0, nonFiniteB = 0;
    AreaWeightedMetrics areaWeighted;
    // The same over each region asked for (computeFieldMetrics' `regions`), in that order.
    std::vector<AreaWeightedMetrics> regions;
    std::string note;             // why rel RMS or corr is undefined; empty when both are defined
    bool withinTolerance = true;  // set by judgeField (fields/FieldTolerance.h)

    bool relRmsDefined() const { return relRms == relRms; }  // NOLINT(misc-redundant-expression): false for NaN
};

// Compares A and B on the aligned points. When `mask` is given (one byte per aligned point,
// index i*alignment.lonA.size()+j), only points whose mask byte equals `maskValue` count. When
// `rowMaxAbs` is given it receives each aligned row's max |A−B| (row i of alignment.latA; 0 where
// no point is finite in both), at no cost to the other numbers. Each of `regions` (fields/Regions.h,
// selectRegion on the same alignment) gets its area-weighted numbers in FieldMetrics::regions.
FieldMetrics computeFieldMetrics(const Field& a, const Field& b, const GridAlignment& alignment,
                                 const std::vector<std::uint8_t>* mask = nullptr, std::uint8_t maskValue = 1,
                                 std::vector<double>* rowMaxAbs = nullptr,
                                 const std::vector<RegionSelection>* regions = nullptr);

}  // namespace meshdiff
