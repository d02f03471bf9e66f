#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <unordered_set>

#include <tbb/parallel_invoke.h>
#include <tbb/parallel_pipeline.h>

#include "common/Error.h"
#include "compare/Comparison.h"
#include "compare/LeadPairs.h"

namespace meshdiff {
namespace {

// One field at one lead pair and member pair; `spread` holds A's second member when the
// member spread is measured at this step.
struct Step {
    std::size_t lead = 0, field = 0, member = 0;
};

struct LoadedStep {
    Step step;
    Field a, b;
    std::optional<Field> spread;
};

struct MemberPlan {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;  // positions in A's and B's members()
    std::vector<int> numbers;                                // label of each pair; empty without members
    bool spread = false;                                     // A has two members to measure the spread
    std::vector<std::string> notes;
};

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    const std::size_t mid = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(mid), values.end());
    if (values.size() % 2 == 1) return values[mid];
    const double upper = values[mid];
    const double lower = *std::max_element(values.begin(), values.begin() + std::ptrdiff_t(mid));
    return 0.5 * (lower + upper);
}

// Fields beyond tolerance first; among them an undefined rel RMS (a constant field that changed)
// ranks above every defined one.
double worstKey(const FieldMetrics& m) {
    if (!m.relRmsDefined()) return m.withinTolerance ? 0.0 : std::numeric_limits<double>::infinity();
    return m.relRms;
}

// Min corr, max and median rel RMS are over the fields where they are defined.
void summarize(LeadComparison& c) {
    std::vector<double> rel;
    for (const auto& m : c.perField) {
        if (!std::isnan(m.corr)) c.minCorr = std::min(c.minCorr, m.corr);
        if (m.relRmsDefined()) c.maxRelRms = std::max(c.maxRelRms, m.relRms), rel.push_back(m.relRms);
        c.nanMasksEqual = c.nanMasksEqual && m.nanMasksEqual;
        c.beyondTolerance += !m.withinTolerance;
        c.undefinedRelRms += !m.relRmsDefined();
    }
    c.medianRelRms = median(rel);
    std::vector<const FieldMetrics*> order;
    for (const auto& m : c.perField) order.push_back(&m);
    std::stable_sort(order.begin(), order.end(), [](auto* x, auto* y) {
        if (x->withinTolerance != y->withinTolerance) return !x->withinTolerance;
        return worstKey(*x) > worstKey(*y);
    });
    for (const FieldMetrics* m : order) {
        if (c.worst.size() == 3) break;
        if (std::find(c.worst.begin(), c.worst.end(), m->name) == c.worst.end()) c.worst.push_back(m->name);
    }
}

std::optional<MemberSpread> summarizeSpread(const std::vector<std::optional<FieldMetrics>>& metrics, MemberSpread s) {
    std::vector<double> rel;
    for (const auto& m : metrics) {
        if (!m || !m->relRmsDefined()) continue;
        s.maxRelRms = std::max(s.maxRelRms, m->relRms);
        rel.push_back(m->relRms);
    }
    if (rel.empty()) return std::nullopt;
    s.medianRelRms = median(rel);
    s.count = rel.size();
    s.perField = metrics;
    return s;
}

MemberPlan planMembers(const FieldSource& a, const FieldSource& b) {
    MemberPlan plan;
    const std::vector<int> ma = a.members(), mb = b.members();
    plan.spread = ma.size() >= 2;
    if (!ma.empty() && !mb.empty()) {
        const std::size_t n = std::min(ma.size(), mb.size());
        for (std::size_t k = 0; k < n; ++k) plan.pairs.push_back({k, k}), plan.numbers.push_back(ma[k]);
        if (ma.size() != mb.size())
            plan.notes.push_back("A has " + std::to_string(ma.size()) + " members, B " + std::to_string(mb.size()) +
                                 ": the first " + std::to_string(n) + " compared");
        for (std::size_t k = 0; k < n; ++k) {
            if (ma[k] != mb[k]) {
                plan.notes.push_back("members compared by position: A's member numbers differ from B's");
                break;
            }
        }
        return plan;
    }
    plan.pairs.push_back({0, 0});
    if (!ma.empty()) plan.notes.push_back("only A has members: A's member " + std::to_string(ma[0]) + " compared");
    if (!mb.empty()) plan.notes.push_back("only B has members: B's member " + std::to_string(mb[0]) + " compared");
    return plan;
}

// Where the yardstick comes from: A's second member, or a third run at A's lead and field.
struct SpreadPlan {
    std::optional<GridAlignment> alignment;  // none: no spread measured
    MemberSpread label;
    const FieldSource* run = nullptr;
    std::vector<std::optional<std::size_t>> runLead;  // per position in A's leads
    std::unordered_set<std::string> runFields;
    std::vector<std::string> notes;

    std::optional<Field> load(const FieldSource& a, const std::string& name, std::size_t leadA) const {
        if (!alignment) return std::nullopt;
        if (!run) return a.loadAt(name, leadA, 1);
        if (!runLead[leadA] || !runFields.count(name)) return std::nullopt;
        return run->loadAt(name, *runLead[leadA], 0);
    }
};

SpreadPlan planSpread(const FieldSource& a, const FieldSource* run, bool aHasTwoMembers,
                      const std::vector<LeadTime>& leadsA) {
    SpreadPlan plan;
    if (run) {
        plan.run = run;
        plan.label.run = run->path();
        plan.alignment = alignGrids(a.grid(), run->grid(), a.path(), run->path());
        const auto names = run->fieldNames();
        plan.runFields.insert(names.begin(), names.end());
        const LeadLineUp lineUp = lineUpLeads(leadsA, run->leads());
        plan.runLead.resize(leadsA.size());
        for (const LeadPair& p : lineUp.pairs) plan.runLead[p.a] = p.b;
        for (const std::string& line : lineUp.notLinedUp) {
            if (line.find("only in A") != std::string::npos)
                plan.notes.push_back("spread run: " + line.substr(0, line.find(':')) + " missing, no spread there");
        }
        for (const std::string& note : lineUp.notes) plan.notes.push_back("spread run: " + note);
        return plan;
    }
    if (aHasTwoMembers) {
        const std::vector<int> numbers = a.members();
        plan.label.memberA = numbers[0];
        plan.label.memberB = numbers[1];
        plan.alignment = alignGrids(a.grid(), a.grid(), a.path(), a.path());
    }
    return plan;
}

std::size_t chooseLead(const std::vector<LeadComparison>& leads, std::optional<double> wanted) {
    if (!wanted) return 0;
    std::string known;
    bool anyHours = false;
    for (std::size_t k = 0; k < leads.size(); ++k) {
        if (leads[k].hours && std::abs(*leads[k].hours - *wanted) < 1e-6) return k;
        anyHours = anyHours || leads[k].hours.has_value();
        known += (known.empty() ? "" : ", ") +
                 (leads[k].hours ? hoursText(*leads[k].hours) : "index " + std::to_string(leads[k].index));
    }
    if (!anyHours) {
        for (std::size_t k = 0; k < leads.size(); ++k)
            if (double(leads[k].index) == *wanted) return k;
    }
    char number[32];
    std::snprintf(number, sizeof number, "%g", *wanted);
    throw Error("", std::string("--lead ") + number + " is not a lead both runs have (" +
                        (anyHours ? "by hours" : "by index: no file gives hours") +
                        "); leads: " + (known.empty() ? "none" : known));
}

}  // namespace

std::optional<double> LeadComparison::ratioToSpread() const {
    if (!spread || !(spread->maxRelRms > 0)) return std::nullopt;
    return maxRelRms / spread->maxRelRms;
}

FieldsComparison compareFieldSources(const FieldSource& a, const FieldSource& b, const FieldTolerance& tolerance,
                                     const RolloutScope& scope) {
    FieldsComparison c;
    const GridAlignment alignment = alignGrids(a.grid(), b.grid(), a.path(), b.path());
    c.gridNote = alignment.description;
    if (a.grid().inferred() && a.grid().inference == b.grid().inference) {
        c.gridNote += "; A and B: " + a.grid().inference;
    } else {
        if (a.grid().inferred()) c.gridNote += "; A: " + a.grid().inference;
        if (b.grid().inferred()) c.gridNote += "; B: " + b.grid().inference;
    }

    const auto namesA = a.fieldNames();
    const auto namesB = b.fieldNames();
    const std::unordered_set<std::string> setA(namesA.begin(), namesA.end());
    const std::unordered_set<std::string> setB(namesB.begin(), namesB.end());
    std::vector<std::string> common;
    for (const auto& n : namesA) (setB.count(n) ? common : c.onlyInA).push_back(n);
    for (const auto& n : namesB) {
        if (!setA.count(n)) c.onlyInB.push_back(n);
    }

    const std::vector<LeadTime> leadsA = a.leads();
    const std::vector<LeadTime> leadsB = b.leads();
    LeadLineUp lineUp = lineUpLeads(leadsA, leadsB);
    c.leadsNotLinedUp = lineUp.notLinedUp;
    c.notes = lineUp.notes;
    const MemberPlan members = scope.everyMember ? planMembers(a, b) : MemberPlan{{{0, 0}}, {}, false, {}};
    c.notes.insert(c.notes.end(), members.notes.begin(), members.notes.end());
    const std::size_t perLeadCount = common.size() * members.pairs.size();
    const SpreadPlan spread = planSpread(a, scope.spreadRun, members.spread, leadsA);
    c.notes.insert(c.notes.end(), spread.notes.begin(), spread.notes.end());

    c.perLead.resize(lineUp.pairs.size());
    for (std::size_t p = 0; p < lineUp.pairs.size(); ++p) {
        LeadComparison& l = c.perLead[p];
        l.index = leadsA[lineUp.pairs[p].a].index;
        l.indexB = leadsB[lineUp.pairs[p].b].index;
        l.hours = lineUp.pairs[p].hours;
    }
    c.shownLead = chooseLead(c.perLead, scope.lead);  // before the work: a wrong --lead fails at once
    if (!scope.everyLead && !c.perLead.empty()) {
        c.leadsNotLinedUp.clear();  // only the shown lead is compared: the others are no verdict
        c.perLead = {c.perLead[c.shownLead]};
        lineUp.pairs = {lineUp.pairs[c.shownLead]};
        c.shownLead = 0;
    }
    std::vector<std::vector<std::optional<FieldMetrics>>> spreads(lineUp.pairs.size());
    for (std::size_t p = 0; p < lineUp.pairs.size(); ++p) {
        LeadComparison& l = c.perLead[p];
        l.perField.resize(perLeadCount);
        for (std::size_t f = 0; f < common.size(); ++f)
            l.members.insert(l.members.end(), members.numbers.begin(), members.numbers.end());
        if (spread.alignment) spreads[p].resize(common.size());
        if (scope.around) l.nearEnergy.resize(perLeadCount);
    }

    c.regions = scope.regions;
    std::vector<RegionSelection> regionsAB, regionsSpread;
    for (const Region& r : scope.regions) {
        regionsAB.push_back(selectRegion(r, a.grid(), alignment));
        if (spread.alignment) regionsSpread.push_back(selectRegion(r, a.grid(), *spread.alignment));
    }
    std::vector<std::string> levelUnits;
    levelUnits.reserve(common.size());
    for (const std::string& name : common) levelUnits.push_back(a.levelUnits(name));

    std::optional<FirstDivergenceFinder> divergence;
    if (scope.everyLead) divergence.emplace(common.size());
    const std::vector<std::uint8_t> nearPoints =
        scope.around ? nearMask(*scope.around, alignment) : std::vector<std::uint8_t>{};
    // Read step i+1 while step i is being compared; A and B are read side by side. One field ×
    // lead × member at a time: memory does not grow with the number of leads.
    const std::size_t total = lineUp.pairs.size() * perLeadCount;
    std::size_t next = 0;
    bool cancelled = false;
    // Steps compared hand their fields back, so that the next reads reuse the buffers.
    std::mutex spareMutex;
    std::vector<std::unique_ptr<LoadedStep>> spare;
    tbb::parallel_pipeline(
        3,
        tbb::make_filter<void, LoadedStep*>(
            tbb::filter_mode::serial_in_order,
            [&](tbb::flow_control& fc) -> LoadedStep* {
                cancelled = cancelled || (scope.cancel && scope.cancel->load());
                if (next == total || cancelled) {
                    fc.stop();
                    return nullptr;
                }
                std::unique_ptr<LoadedStep> loaded;
                {
                    const std::lock_guard lock(spareMutex);
                    if (!spare.empty()) loaded = std::move(spare.back()), spare.pop_back();
                }
                if (!loaded) loaded = std::make_unique<LoadedStep>();
                loaded->spread.reset();
                const std::size_t k = next++;
                loaded->step = {k / perLeadCount, (k % perLeadCount) / members.pairs.size(), k % members.pairs.size()};
                const LeadPair& leadPair = lineUp.pairs[loaded->step.lead];
                const std::size_t memberA = members.pairs[loaded->step.member].first;
                const std::size_t memberB = members.pairs[loaded->step.member].second;
                const std::string& name = common[loaded->step.field];
                tbb::parallel_invoke(
                    [&] {
                        a.loadInto(name, leadPair.a, memberA, loaded->a);
                        if (loaded->step.member == 0) loaded->spread = spread.load(a, name, leadPair.a);
                    },
                    [&] { b.loadInto(name, leadPair.b, memberB, loaded->b); });
                if (scope.progress)
                    scope.progress(
                        {loaded->step.lead, lineUp.pairs.size(), loaded->step.field, common.size(), k + 1, total});
                return loaded.release();
            }) &
            tbb::make_filter<LoadedStep*, void>(tbb::filter_mode::parallel, [&](LoadedStep* raw) {
                std::unique_ptr<LoadedStep> loaded(raw);
                const Step& s = loaded->step;
                const std::size_t k = s.field * members.pairs.size() + s.member;
                // Each row's max |A − B| while a lead before this one may still differ first.
                const bool divergenceWanted = divergence && divergence->wants(s.lead);
                std::vector<double> rowMaxAbs;
                c.perLead[s.lead].perField[k] = computeFieldMetrics(
                    loaded->a, loaded->b, alignment, nullptr, 1, divergenceWanted ? &rowMaxAbs : nullptr, &regionsAB);
                c.perLead[s.lead].perField[k].levelUnits = levelUnits[s.field];
                judgeField(c.perLead[s.lead].perField[k], tolerance);
                if (divergenceWanted)
                    divergence->add(s.lead, s.field, c.perLead[s.lead].perField[k], loaded->a, loaded->b, alignment,
                                    &rowMaxAbs);
                if (scope.around)
                    c.perLead[s.lead].nearEnergy[k] = measureNearAndElsewhere(
                        loaded->a, loaded->b, alignment, *scope.around, nearPoints, c.perLead[s.lead].perField[k]);
                if (loaded->spread) {
                    spreads[s.lead][s.field] = computeFieldMetrics(loaded->a, *loaded->spread, *spread.alignment,
                                                                   nullptr, 1, nullptr, &regionsSpread);
                    spreads[s.lead][s.field]->levelUnits = levelUnits[s.field];
                }
                const std::lock_guard lock(spareMutex);
                spare.push_back(std::move(loaded));
            }));
    if (cancelled) throw CompareCancelled();

    for (std::size_t p = 0; p < c.perLead.size(); ++p) {
        summarize(c.perLead[p]);
        if (spread.alignment) c.perLead[p].spread = summarizeSpread(spreads[p], spread.label);
    }
    if (divergence) {
        c.firstDivergence = divergence->result(common, a.grid(), scope.around);
        if (c.firstDivergence) {
            c.firstDivergence->leadIndex = c.perLead[c.firstDivergence->lead].index;
            c.firstDivergence->hours = c.perLead[c.firstDivergence->lead].hours;
        }
    }
    if (!c.perLead.empty()) c.showLead(c.shownLead);
    return c;
}

void FieldsComparison::showLead(std::size_t position) {
    const LeadComparison& shown = perLead.at(position);
    shownLead = position;
    perField = shown.perField;
    members = shown.members;
    minCorr = shown.minCorr;
    maxRelRms = shown.maxRelRms;
    medianRelRms = shown.medianRelRms;
    nanMasksEqual = shown.nanMasksEqual;
    beyondTolerance = shown.beyondTolerance;
    undefinedRelRms = shown.undefinedRelRms;
    worst = shown.worst;
}

}  // namespace meshdiff
