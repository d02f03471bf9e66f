#include "growthchart/GrowthChartData.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace meshdiff::views {
namespace {

// The rel RMS of the chosen kind.
struct Chosen {
    const MetricChoice& choice;
    const std::vector<Region>& regions;
    double operator()(const FieldMetrics& m) const { return chosenRelRms(m, choice, regions); }
};

// The spread's median and largest rel RMS over the fields, of the chosen kind (core's own numbers
// for grid points); none when no field's is above 0.
std::optional<SpreadBandPoint> spreadBand(const MemberSpread& spread, double x, const Chosen& relRmsOf) {
    if (!relRmsOf.choice.areaWeighted) {
        if (!(spread.maxRelRms > 0)) return std::nullopt;
        return SpreadBandPoint{x, spread.medianRelRms, spread.maxRelRms};
    }
    std::vector<double> values;
    for (const auto& m : spread.perField)
        if (m && std::isfinite(relRmsOf(*m))) values.push_back(relRmsOf(*m));
    if (values.empty()) return std::nullopt;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    if (!(values.back() > 0)) return std::nullopt;
    return SpreadBandPoint{x, median, values.back()};
}

// The largest rel RMS of `field` over the members at one lead, with its member.
std::optional<GrowthPoint> fieldAtLead(const LeadComparison& lead, std::size_t position, double x,
                                       const std::string& field, const Chosen& relRmsOf) {
    std::optional<GrowthPoint> best;
    for (std::size_t i = 0; i < lead.perField.size(); ++i) {
        const FieldMetrics& m = lead.perField[i];
        const double relRms = relRmsOf(m);
        if (m.name != field || !std::isfinite(relRms) || relRms <= 0) continue;
        if (best && best->relRms >= relRms) continue;
        GrowthPoint p;
        p.lead = position;
        p.x = x;
        p.relRms = relRms;
        p.corr = m.corr;
        p.member = i < lead.members.size() ? lead.members[i] : -1;
        if (lead.spread) {
            if (const auto band = spreadBand(*lead.spread, x, relRmsOf)) p.ratioToSpread = relRms / band->max;
        }
        best = p;
    }
    return best;
}

std::string numberText(double v, int digits = 3) {
    std::ostringstream s;
    s.precision(digits);
    s << v;
    return s.str();
}

}  // namespace

GrowthChartData growthChartData(const FieldsComparison& comparison, const std::vector<std::string>& fields,
                                std::size_t worstCount, const MetricChoice& choice) {
    GrowthChartData data;
    data.metric = metricLabel(choice);
    const Chosen relRmsOf{choice, comparison.regions};
    const auto& leads = comparison.perLead;
    data.leadsInHours =
        !leads.empty() && std::all_of(leads.begin(), leads.end(), [](const auto& l) { return l.hours.has_value(); });
    for (const LeadComparison& lead : leads) data.leadX.push_back(data.leadsInHours ? *lead.hours : double(lead.index));

    // Fields asked for first, then the worst at any lead (ties in A's field order).
    std::vector<std::string> names;
    for (const std::string& f : fields)
        if (std::find(names.begin(), names.end(), f) == names.end()) names.push_back(f);
    std::map<std::string, double> peak;
    std::vector<std::string> order;
    for (const LeadComparison& lead : leads) {
        for (const FieldMetrics& m : lead.perField) {
            if (!peak.contains(m.name)) order.push_back(m.name);
            const double relRms = relRmsOf(m);
            const double v = std::isfinite(relRms) ? relRms : 0;
            peak[m.name] = std::max(peak[m.name], v);
        }
    }
    std::stable_sort(order.begin(), order.end(), [&](const auto& x, const auto& y) { return peak[x] > peak[y]; });
    std::size_t added = 0;
    for (const std::string& f : order) {
        if (added == worstCount) break;
        if (std::find(names.begin(), names.end(), f) != names.end()) continue;
        names.push_back(f);
        ++added;
    }

    double lo = INFINITY, hi = 0;
    for (const std::string& name : names) {
        if (!peak.contains(name)) continue;  // asked for, but compared at no lead
        GrowthLine line{name, {}, data.lines.size()};
        for (std::size_t i = 0; i < leads.size(); ++i) {
            if (auto p = fieldAtLead(leads[i], i, data.leadX[i], name, relRmsOf)) {
                lo = std::min(lo, p->relRms);
                hi = std::max(hi, p->relRms);
                line.points.push_back(*p);
            }
        }
        data.lines.push_back(std::move(line));
    }
    for (std::size_t i = 0; i < leads.size(); ++i) {
        const auto& s = leads[i].spread;
        if (!s) continue;
        const std::optional<SpreadBandPoint> band = spreadBand(*s, data.leadX[i], relRmsOf);
        if (!band) continue;
        data.spread.push_back(*band);
        if (data.spreadSource.empty())
            data.spreadSource = s->run.empty()
                                    ? "A's members " + std::to_string(s->memberA) + " and " + std::to_string(s->memberB)
                                    : s->run;
        hi = std::max(hi, band->max);
        lo = std::min(lo, band->median > 0 ? band->median : band->max);
    }
    if (hi > 0) {
        data.yMin = std::pow(10.0, std::floor(std::log10(lo)));
        data.yMax = std::pow(10.0, std::ceil(std::log10(hi)));
        if (data.yMax <= data.yMin) data.yMax = data.yMin * 10;
    }
    return data;
}

std::string leadName(const GrowthChartData& data, std::size_t lead) {
    if (lead >= data.leadX.size()) return {};
    if (data.leadsInHours) return "+" + numberText(data.leadX[lead], 6) + " h";
    return "lead " + numberText(data.leadX[lead], 6);
}

std::string growthPointText(const GrowthChartData& data, const GrowthLine& line, const GrowthPoint& point) {
    std::string text = line.field + " at " + leadName(data, point.lead);
    if (point.member >= 0) text += ", member " + std::to_string(point.member);
    text += "\nrel RMS (" + data.metric + ") " + numberText(point.relRms) + ", corr " + numberText(point.corr, 7);
    text += point.ratioToSpread ? "\n" + numberText(*point.ratioToSpread) + " × the member spread's max"
                                : std::string("\nno member spread at this lead");
    return text;
}

}  // namespace meshdiff::views
