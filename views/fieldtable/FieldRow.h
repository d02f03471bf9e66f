#pragma once
#include <limits>
#include <string>

namespace meshdiff::views {

// One line of the field table: how B agrees with A for one field.
struct FieldRow {
    std::string name, units;
    double corr = 1;
    double relRms = 0;
    double maxAbs = 0;
    bool nanMasksEqual = true;
    // rel RMS over the grid points near the differing edges and over all other points;
    // NaN until computed or when there is no such point.
    double relRmsNear = std::numeric_limits<double>::quiet_NaN();
    double relRmsElsewhere = std::numeric_limits<double>::quiet_NaN();
};

}  // namespace meshdiff::views
