#include "compare/DiagnoseComparison.h"

#include <cstdio>
#include <iterator>

#include "compare/DiagnoseLead.h"

namespace meshdiff {

std::optional<DiagnosisResidual> edgeFeatureResidual(const EdgeFeatureDrift& drift) {
    std::string what;
    auto add = [&what](const char* set, const EdgeSetDrift& d) {
        if (d.drifting == 0) return;
        char text[160];
        std::snprintf(text, sizeof text, "%s%zu of %zu shared %s edges' features drift (max %.3g, median %.3g ULPs)",
                      what.empty() ? "" : "; ", d.drifting, d.shared, set, d.maxUlps, d.medianUlps);
        what += text;
    };
    add("grid→mesh", drift.g2m);
    add("mesh→grid", drift.m2g);
    if (what.empty()) return std::nullopt;
    return DiagnosisResidual{what + " where the edge lists agree"};
}

Diagnosis diagnoseComparison(const Comparison& comparison, const std::optional<DiffPlaces>& places,
                             double globeAreaNear, std::optional<DiagnosisResidual> residual) {
    DiagnosisInput input;
    input.pair.tolerance = comparison.tolerance.relative;
    input.pair.toleranceText = comparison.tolerance.text();
    input.pair.graphsCompared = comparison.graph.has_value();
    input.pair.graphsDiffer = comparison.graph && !comparison.graph->sameEdgesAndNodes();
    if (comparison.graph) {
        input.pair.renumberedMeshNodes = comparison.graph->renumberedNodes.size();
        input.pair.reorderedMeshNodes = comparison.graph->g2mReordered.size();
        input.pair.reorderedGridPoints = comparison.graph->m2gReordered.size();
    }
    input.pair.places = places;
    if (input.pair.places) input.pair.places->latLon.clear();
    input.pair.globeAreaNear = globeAreaNear;
    input.pair.residual = std::move(residual);
    if (comparison.fields) {
        const FieldsComparison& f = *comparison.fields;
        input.shownLead = f.shownLead;
        for (std::size_t p = 0; p < f.perLead.size(); ++p) {
            std::vector<FieldDifference> lead = fieldDifferences(f.perLead[p], p);
            input.fields.insert(input.fields.end(), std::make_move_iterator(lead.begin()),
                                std::make_move_iterator(lead.end()));
        }
    }
    return diagnose(input);
}

}  // namespace meshdiff
