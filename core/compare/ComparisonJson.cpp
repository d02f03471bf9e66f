#include "compare/Comparison.h"

#include <cmath>

#include "compare/Scorecard.h"
#include "fields/FieldLevel.h"

namespace meshdiff {
namespace {

nlohmann::json runToJson(const RunInputs& run) {
    nlohmann::json j = {{"path", run.path}, {"label", run.label}, {"notes", run.notes}, {"metadata", run.metadata}};
    j["graph_file"] = run.graphFile ? nlohmann::json(*run.graphFile) : nlohmann::json(nullptr);
    j["fields_file"] = run.fieldsFile ? nlohmann::json(*run.fieldsFile) : nlohmann::json(nullptr);
    j["metadata_file"] = run.metadataFile ? nlohmann::json(*run.metadataFile) : nlohmann::json(nullptr);
    if (!run.leadFiles.empty()) j["lead_files"] = run.leadFiles;  // fields_file is then their folder
    return j;
}

nlohmann::json edgesToJson(const std::vector<GridMeshEdge>& edges) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& e : edges) list.push_back({{"grid", e.grid}, {"mesh", e.mesh}});
    return list;
}

// The icosahedron vertex 0…11 (graph/RcmSeed.h), or "other".
nlohmann::json rcmSeedToJson(const std::optional<int>& seed) { return seed ? nlohmann::json(*seed) : "other"; }

nlohmann::json graphToJson(const GraphDiff& d) {
    nlohmann::json changed = nlohmann::json::array();
    for (const auto& t : d.m2gChanged) changed.push_back({{"grid", t.grid}, {"mesh_a", t.meshA}, {"mesh_b", t.meshB}});
    return {
        {"grid2mesh",
         {{"edges_a", d.g2mEdgesA},
          {"edges_b", d.g2mEdgesB},
          {"only_a", d.g2mOnlyA.size()},
          {"only_b", d.g2mOnlyB.size()},
          {"only_a_edges", edgesToJson(d.g2mOnlyA)},
          {"only_b_edges", edgesToJson(d.g2mOnlyB)},
          {"receivers_reordered", d.g2mReordered.size()},
          {"reordered_receivers", d.g2mReordered}}},
        {"mesh2grid",
         {{"grid_points", d.gridPoints},
          {"changed", d.m2gChanged.size()},
          {"changed_points", changed},
          {"receivers_reordered", d.m2gReordered.size()},
          {"reordered_receivers", d.m2gReordered}}},
        {"mesh_nodes",
         {{"count", d.meshNodes},
          {"moved", d.movedNodes.size()},
          {"max_ulp", d.maxMovedUlp},
          {"max_shift_degrees", d.maxShiftDegrees},
          {"renumbered", d.renumberedNodes.size()},
          {"rcm_seed_a", rcmSeedToJson(d.rcmSeedA)},
          {"rcm_seed_b", rcmSeedToJson(d.rcmSeedB)}}},
        {"grid_coordinates_equal", d.gridCoordinatesEqual},
        {"hash_a", d.hashA},
        {"hash_b", d.hashB},
        {"hash_ordered_a", d.hashOrderedA},
        {"hash_ordered_b", d.hashOrderedB},
        {"same_edge_sets", d.sameSets()},
        {"identical", d.identical()},
    };
}

// NaN (an undefined rel RMS or corr) as null.
nlohmann::json numberOrNull(double value) {
    return std::isnan(value) ? nlohmann::json(nullptr) : nlohmann::json(value);
}

// Null for what is undefined (fields/FieldMetrics.h).
nlohmann::json areaWeightedToJson(const AreaWeightedMetrics& w) {
    return {{"rms", numberOrNull(w.rms)},
            {"rel_rms", numberOrNull(w.relRms)},
            {"bias", numberOrNull(w.bias)},
            {"std_a", numberOrNull(w.stdA)}};
}

// Each region's area-weighted numbers by the region's name (FieldsComparison::regions).
nlohmann::json regionsToJson(const FieldMetrics& m, const std::vector<Region>& regions) {
    nlohmann::json j = nlohmann::json::object();
    for (std::size_t r = 0; r < regions.size() && r < m.regions.size(); ++r)
        j[regions[r].name] = areaWeightedToJson(m.regions[r]);
    return j;
}

nlohmann::json regionListToJson(const std::vector<Region>& regions) {
    nlohmann::json list = nlohmann::json::array();
    for (const Region& r : regions) {
        list.push_back({{"name", r.name},
                        {"south", r.south},
                        {"north", r.north},
                        {"open_band", r.openBand},
                        {"both_hemispheres", r.bothHemispheres},
                        {"all_longitudes", r.allLongitudes},
                        {"west", r.west},
                        {"east", r.east}});
    }
    return list;
}

// `near` (as metrics, or empty when the graphs do not differ) adds the rel RMS near the graph
// differences and elsewhere.
nlohmann::json perFieldToJson(const std::vector<FieldMetrics>& metrics, const std::vector<int>& members,
                              const std::vector<NearEnergy>& near, const std::vector<Region>& regions) {
    nlohmann::json perField = nlohmann::json::array();
    for (std::size_t k = 0; k < metrics.size(); ++k) {
        const FieldMetrics& m = metrics[k];
        const FieldLevel level = splitFieldLevel(m.name);
        perField.push_back(
            {{"name", m.name},
             {"variable", level.variable},
             {"level", level.level ? nlohmann::json(*level.level) : nlohmann::json(nullptr)},
             {"level_units", m.levelUnits.empty() ? nlohmann::json(nullptr) : nlohmann::json(m.levelUnits)},
             {"regions", regionsToJson(m, regions)},
             {"corr", numberOrNull(m.corr)},
             {"rel_rms", numberOrNull(m.relRms)},
             {"max_abs", m.maxAbs},
             {"rms", m.rms},
             {"std_a", m.stdA},
             {"nan_masks_equal", m.nanMasksEqual},
             {"points", m.comparedPoints},
             {"units", m.units},
             {"within_tolerance", m.withinTolerance},
             {"area_weighted", areaWeightedToJson(m.areaWeighted)}});
        if (!m.note.empty()) perField.back()["note"] = m.note;
        if (k < members.size()) perField.back()["member"] = members[k];
        if (k < near.size()) {
            perField.back()["rel_rms_near"] = numberOrNull(near[k].relRmsNear);
            perField.back()["rel_rms_elsewhere"] = numberOrNull(near[k].relRmsElsewhere);
        }
    }
    return perField;
}

nlohmann::json absoluteToleranceToJson(const FieldTolerance& t) {
    if (!t.hasAbsolute()) return nullptr;
    return {{"all", t.absoluteForAll ? nlohmann::json(*t.absoluteForAll) : nlohmann::json(nullptr)},
            {"by_field", t.absoluteByName}};
}

// A against the yardstick (MemberSpread::perField), one entry per field in A's field order:
// {name, area_weighted} (area_weighted null where the spread was not measured).
nlohmann::json spreadPerFieldToJson(const LeadComparison& l, const std::vector<Region>& regions) {
    std::vector<std::string> names;
    for (const FieldMetrics& m : l.perField)
        if (names.empty() || names.back() != m.name) names.push_back(m.name);
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t p = 0; p < l.spread->perField.size() && p < names.size(); ++p) {
        const auto& s = l.spread->perField[p];
        list.push_back({{"name", names[p]},
                        {"area_weighted", s ? areaWeightedToJson(s->areaWeighted) : nlohmann::json()},
                        {"regions", s ? regionsToJson(*s, regions) : nlohmann::json()}});
    }
    return list;
}

nlohmann::json hoursToJson(const std::optional<double>& hours) {
    return hours ? nlohmann::json(*hours) : nlohmann::json(nullptr);
}

nlohmann::json leadToJson(const LeadComparison& l, const std::vector<Region>& regions) {
    nlohmann::json j{{"lead_hours", hoursToJson(l.hours)},
                     {"index", l.index},
                     {"index_b", l.indexB},
                     {"count", l.perField.size()},
                     {"min_corr", l.minCorr},
                     {"max_rel_rms", l.maxRelRms},
                     {"median_rel_rms", l.medianRelRms},
                     {"nan_masks_equal", l.nanMasksEqual},
                     {"beyond_tolerance", l.beyondTolerance},
                     {"undefined_rel_rms", l.undefinedRelRms},
                     {"worst", l.worst},
                     {"per_field", perFieldToJson(l.perField, l.members, l.nearEnergy, regions)}};
    if (l.spread) {
        j["member_spread"] = {{"max_rel_rms", l.spread->maxRelRms},
                              {"median_rel_rms", l.spread->medianRelRms},
                              {"count", l.spread->count}};
        j["member_spread"]["per_field"] = spreadPerFieldToJson(l, regions);
        if (l.spread->run.empty()) {
            j["member_spread"]["members"] = {l.spread->memberA, l.spread->memberB};
        } else {
            j["member_spread"]["run"] = l.spread->run;
        }
        const auto ratio = l.ratioToSpread();
        j["ratio_to_spread"] = ratio ? nlohmann::json(*ratio) : nlohmann::json(nullptr);
    }
    return j;
}

nlohmann::json optionalBool(const std::optional<bool>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json firstDivergenceToJson(const std::optional<FirstDivergence>& d) {
    if (!d) return nullptr;
    nlohmann::json points = nlohmann::json::array();
    for (const DivergencePoint& p : d->points) {
        points.push_back({{"field", p.field},
                          {"lat", p.lat},
                          {"lon", p.lon},
                          {"grid_index", p.gridIndex},
                          {"abs_diff", p.absDiff},
                          {"near_graph_difference", optionalBool(p.nearGraphDifference)}});
    }
    return {{"lead_index", d->leadIndex},
            {"lead_hours", hoursToJson(d->hours)},
            {"fields", d->fields},
            {"points", points},
            {"near_graph_difference", optionalBool(d->nearGraphDifference)}};
}

nlohmann::json fieldsToJson(const FieldsComparison& f, const FieldTolerance& tolerance) {
    nlohmann::json perLead = nlohmann::json::array();
    for (const auto& l : f.perLead) perLead.push_back(leadToJson(l, f.regions));
    nlohmann::json shown = nullptr;
    std::vector<NearEnergy> near;
    if (f.shownLead < f.perLead.size()) near = f.perLead[f.shownLead].nearEnergy;
    if (f.shownLead < f.perLead.size())
        shown = {{"lead_hours", hoursToJson(f.perLead[f.shownLead].hours)}, {"index", f.perLead[f.shownLead].index}};
    return {{"count", f.perField.size()},
            {"min_corr", f.minCorr},
            {"max_rel_rms", f.maxRelRms},
            {"median_rel_rms", f.medianRelRms},
            {"nan_masks_equal", f.nanMasksEqual},
            {"beyond_tolerance", f.beyondTolerance},
            {"undefined_rel_rms", f.undefinedRelRms},
            {"worst", f.worst},
            {"only_a", f.onlyInA},
            {"only_b", f.onlyInB},
            {"grid", f.gridNote},
            {"tolerance", tolerance.relative},
            {"abs_tolerance", absoluteToleranceToJson(tolerance)},
            {"per_field", perFieldToJson(f.perField, f.members, near, f.regions)},
            {"regions", regionListToJson(f.regions)},
            {"lead", shown},
            {"per_lead", perLead},
            {"first_divergence", firstDivergenceToJson(f.firstDivergence)},
            {"leads_not_lined_up", f.leadsNotLinedUp},
            {"notes", f.notes}};
}

}  // namespace

nlohmann::json comparisonToJson(const Comparison& c, const std::string& scorecardRegion) {
    nlohmann::json j;
    j["meshdiff_version"] = MESHDIFF_VERSION;
    j["run_a"] = runToJson(c.a);
    j["run_b"] = runToJson(c.b);
    j["graph"] = c.graph ? graphToJson(*c.graph) : nlohmann::json(nullptr);
    if (c.graph) j["graph"]["at_risk"] = c.atRisk ? c.atRisk->toJson() : nlohmann::json(nullptr);
    if (c.graph) j["graph"]["edge_features"] = c.edgeFeatures ? c.edgeFeatures->toJson() : nlohmann::json(nullptr);
    j["fields"] = c.fields ? fieldsToJson(*c.fields, c.tolerance) : nlohmann::json(nullptr);
    if (c.fields) j["fields"]["scorecard"] = scorecardToJson(buildScorecard(*c.fields, scorecardRegion));
    j["diagnosis"] = c.diagnosis ? diagnosisToJson(*c.diagnosis) : nlohmann::json(nullptr);
    j["not_compared"] = c.notCompared;
    j["identical"] = c.identical();
    return j;
}

}  // namespace meshdiff
