#include "diagnosis/DiagnosisPanelData.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace meshdiff::views {
namespace {

// An undefined rel RMS (a constant field that changed) ranks above every number.
double worstKey(const DiagnosisFieldRow& row) {
    return std::isnan(row.relRms) ? std::numeric_limits<double>::infinity() : row.relRms;
}

std::string leadText(const std::optional<double>& hours, std::size_t position) {
    char text[48];
    if (hours) std::snprintf(text, sizeof text, "lead %+g h", *hours);
    else std::snprintf(text, sizeof text, "lead %zu", position + 1);
    return text;
}

std::string neighbourhoodText(const Diagnosis& d) {
    if (!d.graphsCompared) return "The graphs were not compared: no neighbourhood.";
    if (!d.graphsDiffer) return "The graphs are identical: nothing is near a graph difference.";
    std::string places;
    auto add = [&places](std::size_t count, const char* what) {
        if (count == 0) return;
        if (!places.empty()) places += ", ";
        places += std::to_string(count) + " " + what;
    };
    add(d.triangles, "differing mesh→grid triangles");
    add(d.grid2meshEdges, "grid→mesh edges only one graph has");
    if (d.movedNodesPlaced) add(d.movedNodes, "moved mesh nodes");
    char text[320];
    std::snprintf(text, sizeof text, "Near = within %.2f° (one mesh spacing) of %s: %.2g %% of the grid points.",
                  d.radiusDegrees, places.empty() ? "no place" : places.c_str(), 100 * d.globeAreaNear);
    return text;
}

DiagnosisFieldRow rowOf(const FieldDiagnosis& f) {
    DiagnosisFieldRow row;
    row.field = f.field.name;
    row.member = f.field.member;
    row.cause = toString(f.cause);
    row.relRms = f.field.relRms;
    row.energyNear = f.energyNear;
    row.areaNear = f.areaNear;
    row.concentration = f.concentration;
    row.graphShare = f.graphShare;
    row.withinTolerance = f.cause == Cause::None;
    return row;
}

}  // namespace

DiagnosisPanelData diagnosisPanelData(const Diagnosis* diagnosis, const EdgeFeatureDrift* drift,
                                      std::optional<std::size_t> lead, int member) {
    DiagnosisPanelData data;
    if (drift) {
        data.drift.push_back(
            {"grid→mesh", drift->g2m.shared, drift->g2m.drifting, drift->g2m.maxUlps, drift->g2m.medianUlps});
        data.drift.push_back(
            {"mesh→grid", drift->m2g.shared, drift->m2g.drifting, drift->m2g.maxUlps, drift->m2g.medianUlps});
    }
    if (!diagnosis) {
        data.note = "No diagnosis: it needs the fields of both runs.";
        return data;
    }
    const Diagnosis& d = *diagnosis;
    std::size_t shown = d.shownLead;
    const auto leadInfo = [&d](std::size_t position) {
        return std::find_if(d.perLead.begin(), d.perLead.end(),
                            [position](const LeadDiagnosis& l) { return l.lead == position; });
    };
    if (lead && *lead != d.shownLead) {
        if (leadInfo(*lead) != d.perLead.end()) shown = *lead;
        else data.note = "No diagnosis at the lead shown: this is the diagnosed lead's.";
    }
    const auto info = leadInfo(shown);
    if (shown == d.shownLead) {
        data.cause = toString(d.cause);
        data.explanation = d.explanation;
    } else {
        data.cause = toString(info->cause);
        char text[200];
        std::snprintf(text, sizeof text,
                      "At this lead the graph part holds %.0f %% of Σ(A−B)² of the fields beyond tolerance. ",
                      100 * info->graphShare);
        data.explanation = text + std::string("At the first lead diagnosed: ") + d.explanation;
    }
    const bool severalLeads = d.perLead.size() > 1;
    if (info != d.perLead.end() && (severalLeads || info->hours)) {
        data.lead = leadText(info->hours, shown);
        if (!data.note.empty()) data.note = "No diagnosis at the lead shown: this is " + data.lead + "'s.";
    }
    data.neighbourhood = neighbourhoodText(d);
    // The member asked for, else the lead's first diagnosed member (fields without members always).
    int shownMember = member;
    bool found = false;
    for (const FieldDiagnosis& f : d.perField) {
        if (f.field.lead != shown || !f.field.member) continue;
        if (*f.field.member == member) {
            found = true;
            break;
        }
    }
    if (!found) {
        for (const FieldDiagnosis& f : d.perField) {
            if (f.field.lead == shown && f.field.member) {
                shownMember = *f.field.member;
                break;
            }
        }
    }
    for (const FieldDiagnosis& f : d.perField) {
        if (f.field.lead == shown && (!f.field.member || *f.field.member == shownMember))
            data.fields.push_back(rowOf(f));
    }
    std::stable_sort(data.fields.begin(), data.fields.end(),
                     [](const DiagnosisFieldRow& a, const DiagnosisFieldRow& b) { return worstKey(a) > worstKey(b); });
    return data;
}

}  // namespace meshdiff::views
