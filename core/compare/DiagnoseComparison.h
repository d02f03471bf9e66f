#pragma once
#include <optional>

#include "compare/Comparison.h"
#include "diagnose/Diagnosis.h"

namespace meshdiff {

// The diagnosis of `comparison`'s fields (every lead and member; the cause at the shown lead).
// `places`: where the graphs differ, none when they are identical or not compared;
// `globeAreaNear`: the share of A's fields grid within reach of them.
// The edge features' drift on the edges both graphs share, as the diagnosis' residual evidence
// (none when no shared edge drifts).
std::optional<DiagnosisResidual> edgeFeatureResidual(const EdgeFeatureDrift& drift);

Diagnosis diagnoseComparison(const Comparison& comparison, const std::optional<DiffPlaces>& places,
                             double globeAreaNear, std::optional<DiagnosisResidual> residual = std::nullopt);

}  // namespace meshdiff
