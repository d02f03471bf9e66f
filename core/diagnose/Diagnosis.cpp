#include "diagnose/Diagnosis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace meshdiff {
namespace {

std::string percent(double share) {
    const double p = 100 * share;
    char text[32];
    std::snprintf(text, sizeof text, p >= 10 ? "%.0f %%" : p >= 1 ? "%.1f %%" : "%.2g %%", p);
    return text;
}

std::string number(const char* format, double value) {
    char text[32];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::string count(std::size_t n, const std::string& what) { return std::to_string(n) + " " + what; }

FieldDiagnosis judge(const FieldDifference& f, const DiagnosisInput& in) {
    FieldDiagnosis d;
    d.field = f;
    const DiagnosisThresholds& t = in.pair.thresholds;
    if (!f.beyondTolerance) return d;
    if (!in.pair.graphsCompared) {
        d.cause = Cause::Unknown;
        return d;
    }
    const bool orderOnly = !in.pair.graphsDiffer &&
                           in.pair.reorderedMeshNodes + in.pair.reorderedGridPoints + in.pair.renumberedMeshNodes > 0;
    d.cause = orderOnly ? Cause::Order : Cause::Everywhere;
    if (!in.pair.graphsDiffer || !f.energy) return d;
    d.energyNear = f.energy->energyShare();
    d.areaNear = f.energy->areaShare();
    d.concentration = f.energy->concentration();
    // The spread part has the density of the points far from the places, everywhere; the rest is
    // the graph's. Without far points, the density outside the near ones stands in.
    const double farArea = f.energy->farAreaShare(), farEnergy = f.energy->farEnergyShare();
    double spread = 1;
    if (farArea > 0) spread = farEnergy / farArea;
    else if (d.areaNear < 1) spread = (1 - d.energyNear) / (1 - d.areaNear);
    if (d.concentration >= t.minConcentration) d.graphShare = std::clamp(1 - spread, 0.0, 1.0);
    const double g = d.graphShare;
    // An undefined rel RMS (A constant) is a difference without a scale: each part counts by its share alone.
    const double rel = std::isnan(f.relRms) ? std::numeric_limits<double>::infinity() : f.relRms;
    const bool graphPart = g >= t.significantShare && rel * std::sqrt(g) > in.pair.tolerance;
    const bool spreadPart = 1 - g >= t.significantShare && rel * std::sqrt(1 - g) > in.pair.tolerance;
    if (graphPart && spreadPart) d.cause = Cause::Mixed;
    else if (graphPart != spreadPart) d.cause = graphPart ? Cause::Graph : Cause::Everywhere;
    else d.cause = g >= 0.5 ? Cause::Graph : Cause::Everywhere;
    return d;
}

// Pools one lead's fields beyond tolerance, each weighted by its rel RMS², so that fields of any
// unit count alike.
struct Pooled {
    Cause cause = Cause::None;
    double graphShare = 0, energyNear = 0;
    std::size_t beyondTolerance = 0;
};

Pooled pool(const std::vector<FieldDiagnosis>& fields, std::size_t lead, const DiagnosisThresholds& t) {
    Pooled p;
    double weight = 0, graph = 0, near = 0;
    bool known = false, order = false;
    for (const FieldDiagnosis& f : fields) {
        if (f.field.lead != lead || f.cause == Cause::None) continue;
        ++p.beyondTolerance;
        known = known || f.cause != Cause::Unknown;
        order = order || f.cause == Cause::Order;
        const double w = std::isnan(f.field.relRms) ? 1.0 : std::max(f.field.relRms * f.field.relRms, 1e-300);
        weight += w, graph += w * f.graphShare, near += w * f.energyNear;
    }
    if (p.beyondTolerance == 0) return p;
    if (!known || order) {
        p.cause = order ? Cause::Order : Cause::Unknown;
        return p;
    }
    p.graphShare = graph / weight;
    p.energyNear = near / weight;
    const bool graphPart = p.graphShare >= t.significantShare, spreadPart = 1 - p.graphShare >= t.significantShare;
    p.cause = graphPart && spreadPart ? Cause::Mixed : graphPart ? Cause::Graph : Cause::Everywhere;
    return p;
}

// "7 mesh→grid triangles, 2 grid→mesh edges": the items counted as places, none left out.
std::string placesText(const Diagnosis& d) {
    std::string text;
    auto add = [&](std::size_t n, const char* one, const char* many) {
        if (n == 0) return;
        text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + (n == 1 ? one : many);
    };
    add(d.triangles, "mesh→grid triangle", "mesh→grid triangles");
    add(d.grid2meshEdges, "grid→mesh edge", "grid→mesh edges");
    if (d.movedNodesPlaced) add(d.movedNodes, "moved mesh node", "moved mesh nodes");
    return text.empty() ? "nothing placed" : text;
}

std::string concentrationText(double c) { return number(c >= 100 ? "%.0f" : "%.2g", c) + "×"; }

// "B numbers 40961 mesh nodes differently; 20430 mesh nodes and 26736 grid points receive their
// edges in another order"
std::string reorderedText(const Diagnosis& d) {
    std::string text, receivers;
    if (d.renumberedMeshNodes > 0)
        text = "B numbers " + count(d.renumberedMeshNodes, d.renumberedMeshNodes == 1 ? "mesh node" : "mesh nodes") +
               " differently";
    if (d.reorderedMeshNodes > 0)
        receivers = count(d.reorderedMeshNodes, d.reorderedMeshNodes == 1 ? "mesh node" : "mesh nodes");
    if (d.reorderedGridPoints > 0)
        receivers += (receivers.empty() ? "" : " and ") +
                     count(d.reorderedGridPoints, d.reorderedGridPoints == 1 ? "grid point" : "grid points");
    if (!receivers.empty())
        text += (text.empty() ? "" : "; ") + receivers +
                (d.reorderedMeshNodes + d.reorderedGridPoints == 1 ? " receives its" : " receive their") +
                " edges in another order";
    return text;
}

// The largest rel RMS among the lead's fields beyond tolerance (NaN when none is defined).
double largestRelRms(const Diagnosis& d, std::size_t lead) {
    double largest = std::numeric_limits<double>::quiet_NaN();
    for (const FieldDiagnosis& f : d.perField)
        if (f.field.lead == lead && f.cause != Cause::None && !std::isnan(f.field.relRms))
            largest = std::isnan(largest) ? f.field.relRms : std::max(largest, f.field.relRms);
    return largest;
}

// Summation order alone moves a float32 model by rounding-level amounts that grow with each
// step (docs/diagnosis.md); beyond this a first difference asks for another cause as well.
constexpr double kRoundingLevelRelRms = 1e-5;

std::string explainOrder(const Diagnosis& d) {
    const std::string fields = count(d.fieldsBeyondTolerance, d.fieldsBeyondTolerance == 1 ? "field" : "fields");
    std::string text = "The graphs hold the same edges, but " + reorderedText(d) +
                       ": the model sums their messages in another order (summation order). Expect the " + fields +
                       " beyond tolerance to differ at rounding level, spread everywhere, growing with lead";
    const double largest = largestRelRms(d, d.explainedLead);
    if (!std::isnan(largest) && largest > kRoundingLevelRelRms)
        text += "; rel RMS " + number("%.2g", largest) +
                " is more than summation order alone gives in a few steps, "
                "so device numerics, precision (TF32), library versions or inputs may add to it";
    return text + ".";
}

std::string explain(const Diagnosis& d) {
    const std::string fields = count(d.fieldsBeyondTolerance, d.fieldsBeyondTolerance == 1 ? "field" : "fields");
    const std::string tolerance = d.toleranceText.empty() ? "rel RMS ≤ " + number("%g", d.tolerance) : d.toleranceText;
    const std::string near = "within " + number("%.2f", d.radiusDegrees) + "° of where the graphs differ (" +
                             placesText(d) + "; " + percent(d.globeAreaNear) + " of the grid points)";
    const std::string elsewhere = "device numerics, precision (TF32), library versions or inputs";
    std::string text;
    switch (d.cause) {
        case Cause::None:
            text = "Every field is within tolerance (" + tolerance + ")";
            if (d.graphsDiffer) text += ", although the graphs differ (" + placesText(d) + ")";
            else if (!reorderedText(d).empty()) text += ", although " + reorderedText(d);
            return text + ".";
        case Cause::Unknown:
            return fields + " beyond tolerance, but no graphs were compared to tell a graph cause from " + elsewhere +
                   ".";
        case Cause::Graph:
            text = percent(d.energyNear) + " of Σ(A−B)² of the " + fields + " beyond tolerance lies " + near +
                   ": the difference comes from the graph (concentration " +
                   concentrationText(d.energyNear / d.globeAreaNear) + ").";
            break;
        case Cause::Everywhere:
            if (!d.graphsDiffer)
                return "The graphs are identical, so the difference of the " + fields +
                       " beyond tolerance comes from " + elsewhere + ".";
            text = "Only " + percent(d.energyNear) + " of Σ(A−B)² of the " + fields + " beyond tolerance lies " + near +
                   ": the difference is spread everywhere, from " + elsewhere + ".";
            break;
        case Cause::Order: return explainOrder(d);
        case Cause::Mixed:
            text = percent(d.graphShare) + " of Σ(A−B)² of the " + fields + " beyond tolerance is concentrated " +
                   near + "; the other " + percent(1 - d.graphShare) + " is spread everywhere, from " + elsewhere + ".";
            break;
    }
    if (d.movedNodes > 0 && !d.movedNodesPlaced)
        text += " " + count(d.movedNodes, d.movedNodes == 1 ? "mesh node" : "mesh nodes") +
                " also moved by float32 steps; they act through edge features and are not counted as places.";
    if (d.globeAreaNear > 0.5)
        text += " The graph differences cover most of the globe: their part is hard to tell from a spread one.";
    return text;
}

// "Every field is within tolerance at +6 h, not at +12 h: "
std::string elsewhereLeadText(const Diagnosis& d) {
    auto leadText = [&d](std::size_t lead) {
        for (const LeadDiagnosis& l : d.perLead)
            if (l.lead == lead && l.hours) return "+" + number("%g", *l.hours) + " h";
        return "lead " + std::to_string(lead);
    };
    return "Every field is within tolerance at " + leadText(d.shownLead) + ", not at " + leadText(d.explainedLead) +
           ": ";
}

}  // namespace

const char* toString(Cause cause) {
    switch (cause) {
        case Cause::None: return "none";
        case Cause::Graph: return "graph";
        case Cause::Everywhere: return "everywhere";  // not "spread": that reads as the member spread
        case Cause::Mixed: return "mixed";
        case Cause::Unknown: return "unknown";
        case Cause::Order: return "order";
    }
    return "unknown";
}

Diagnosis diagnose(const DiagnosisInput& input) {
    Diagnosis d;
    d.shownLead = input.shownLead;
    d.pair = input.pair;
    d.graphsCompared = input.pair.graphsCompared;
    d.graphsDiffer = input.pair.graphsDiffer;
    d.tolerance = input.pair.tolerance;
    d.toleranceText = input.pair.toleranceText;
    d.thresholds = input.pair.thresholds;
    d.residual = input.pair.residual;
    d.globeAreaNear = input.pair.globeAreaNear;
    d.reorderedMeshNodes = input.pair.reorderedMeshNodes;
    d.reorderedGridPoints = input.pair.reorderedGridPoints;
    d.renumberedMeshNodes = input.pair.renumberedMeshNodes;
    if (input.pair.places) {
        d.movedNodesPlaced = input.pair.places->movedNodesPlaced;
        d.triangles = input.pair.places->triangles;
        d.grid2meshEdges = input.pair.places->grid2meshEdges;
        d.movedNodes = input.pair.places->movedNodes;
        d.radiusDegrees = input.pair.places->radiusDegrees;
    }
    for (const FieldDifference& f : input.fields) d.perField.push_back(judge(f, input));

    std::vector<std::size_t> leads;
    for (const FieldDifference& f : input.fields)
        if (std::find(leads.begin(), leads.end(), f.lead) == leads.end()) leads.push_back(f.lead);
    for (std::size_t lead : leads) {
        const Pooled p = pool(d.perField, lead, d.thresholds);
        LeadDiagnosis l{lead, std::nullopt, p.cause, p.graphShare};
        for (const FieldDifference& f : input.fields)
            if (f.lead == lead) l.hours = f.leadHours;
        d.perLead.push_back(l);
    }
    d.explainedLead = input.shownLead;
    if (pool(d.perField, input.shownLead, d.thresholds).cause == Cause::None) {
        for (const LeadDiagnosis& l : d.perLead) {
            if (l.cause == Cause::None) continue;
            d.explainedLead = l.lead;
            break;
        }
    }
    const Pooled explained = pool(d.perField, d.explainedLead, d.thresholds);
    d.cause = explained.cause;
    d.graphShare = explained.graphShare;
    d.energyNear = explained.energyNear;
    d.fieldsBeyondTolerance = explained.beyondTolerance;
    d.explanation = explain(d);
    if (d.explainedLead != d.shownLead) d.explanation = elsewhereLeadText(d) + d.explanation;
    if (d.residual && !d.residual->what.empty()) d.explanation += " Residual: " + d.residual->what + ".";
    return d;
}

std::string diagnosisLine(const Diagnosis& d) {
    return std::string("Cause: ") + toString(d.cause) + " — " + d.explanation;
}

}  // namespace meshdiff
