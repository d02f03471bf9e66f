#include "diagnose/Diagnosis.h"

#include <cmath>

namespace meshdiff {
namespace {

nlohmann::json optionalHours(const std::optional<double>& hours) {
    return hours ? nlohmann::json(*hours) : nlohmann::json(nullptr);
}

nlohmann::json fieldToJson(const FieldDiagnosis& f) {
    nlohmann::json j = {
        {"name", f.field.name},
        {"cause", toString(f.cause)},
        {"rel_rms", std::isnan(f.field.relRms) ? nlohmann::json(nullptr) : nlohmann::json(f.field.relRms)},
        {"max_abs", f.field.maxAbs},
        {"energy_near", f.energyNear},
        {"area_near", f.areaNear},
        {"concentration", f.concentration},
        {"graph_share", f.graphShare}};
    if (f.field.member) j["member"] = *f.field.member;
    return j;
}

}  // namespace

nlohmann::json diagnosisToJson(const Diagnosis& d) {
    nlohmann::json perField = nlohmann::json::array();
    for (const FieldDiagnosis& f : d.perField)
        if (f.field.lead == d.explainedLead) perField.push_back(fieldToJson(f));
    nlohmann::json j = {
        {"cause", toString(d.cause)},
        {"explanation", d.explanation},
        {"graph_share", d.graphShare},
        {"energy_near", d.energyNear},
        {"area_near", d.globeAreaNear},
        {"fields_beyond_tolerance", d.fieldsBeyondTolerance},
        {"near_radius_deg", d.radiusDegrees},
        {"differing_places",
         {{"mesh2grid_triangles", d.triangles},
          {"grid2mesh_edges", d.grid2meshEdges},
          {"moved_mesh_nodes", d.movedNodes},
          {"moved_mesh_nodes_placed", d.movedNodesPlaced}}},
        {"reordered_receivers", {{"mesh_nodes", d.reorderedMeshNodes}, {"grid_points", d.reorderedGridPoints}}},
        {"renumbered_mesh_nodes", d.renumberedMeshNodes},
        {"area_weighting", "grid points"},
        {"thresholds",
         {{"tolerance", d.tolerance},
          {"significant_share", d.thresholds.significantShare},
          {"min_concentration", d.thresholds.minConcentration}}},
        {"per_field", perField},
        {"residual", d.residual ? nlohmann::json(d.residual->what) : nlohmann::json(nullptr)},
    };
    for (const LeadDiagnosis& l : d.perLead) {
        if (l.lead == d.explainedLead) j["lead_hours"] = optionalHours(l.hours);
    }
    if (d.perLead.size() > 1) {
        nlohmann::json leads = nlohmann::json::array();
        for (const LeadDiagnosis& l : d.perLead)
            leads.push_back(
                {{"lead_hours", optionalHours(l.hours)}, {"cause", toString(l.cause)}, {"graph_share", l.graphShare}});
        j["per_lead"] = leads;
    }
    return j;
}

}  // namespace meshdiff
