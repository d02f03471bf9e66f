#pragma once
#include <map>
#include <optional>
#include <string>

#include "fields/FieldMetrics.h"

namespace meshdiff {

// When B's field counts as matching A's. A field matches when every point that is non-finite in
// one run is the same non-finite value in the other, at least one point was compared, and either
// its rel RMS is defined and ≤ `relative`, or max |A−B| ≤ its absolute tolerance (0 unless
// given: a field whose rel RMS is undefined, such as a constant mask, matches only when equal).
struct FieldTolerance {
    double relative = 0;
    std::optional<double> absoluteForAll;
    std::map<std::string, double> absoluteByName;  // "temperature@850", or "temperature" for all its levels

    FieldTolerance() = default;
    FieldTolerance(double relativeTolerance) : relative(relativeTolerance) {}  // NOLINT(google-explicit-constructor)

    double absoluteFor(const std::string& fieldName) const;
    bool hasAbsolute() const { return absoluteForAll || !absoluteByName.empty(); }
    // "rel RMS ≤ 0.001" or "rel RMS ≤ 0, max |A−B| ≤ 0.5 (land_sea_mask)": for messages.
    std::string text() const;
};

// Sets m.withinTolerance; returns it.
bool judgeField(FieldMetrics& m, const FieldTolerance& tolerance);

// "name=VALUE" (that field, or every level of a variable) or "VALUE" (every field); throws
// meshdiff::Error naming the option when VALUE is not a number ≥ 0.
void addAbsoluteTolerance(FieldTolerance& tolerance, const std::string& spec);

}  // namespace meshdiff
