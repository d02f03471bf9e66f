#pragma once
#include <optional>
#include <vector>

#include <QString>

#include "compare/Comparison.h"
#include "fieldtable/MetricChoice.h"

namespace meshdiff::gui {

// One lead's numbers as the metric choice measures them (area-weighted over a region, or over the
// grid points), over every field and member pair where the rel RMS is defined.
struct LeadVerdict {
    double maxRelRms = 0, medianRelRms = 0;
    std::optional<double> ratioToSpread;  // max over the spread's own max, measured the same way
};

// `regions` are FieldsComparison::regions, in the order of FieldMetrics::regions.
LeadVerdict leadVerdict(const LeadComparison& lead, const views::MetricChoice& choice,
                        const std::vector<Region>& regions);

// "+12 h: max rel RMS (area-weighted) 0.012, median 0.0031 (all fields and members); 0.5× the
// spread between A's members."
QString leadVerdictText(const QString& leadLabel, const LeadComparison& lead, const views::MetricChoice& choice,
                        const std::vector<Region>& regions);

}  // namespace meshdiff::gui
