#include <algorithm>
#include <cmath>
#include <unordered_set>

#include <tbb/parallel_invoke.h>
#include <tbb/parallel_pipeline.h>

#include "compare/Comparison.h"

namespace meshdiff {
namespace {

struct LoadedPair {
    std::size_t index = 0;
    Field a, b;
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

void summarize(FieldsComparison& c) {
    std::vector<double> rel;
    for (const auto& m : c.perField) {
        c.minCorr = std::min(c.minCorr, m.corr);
        c.maxRelRms = std::max(c.maxRelRms, m.relRms);
        c.nanMasksEqual = c.nanMasksEqual && m.nanMasksEqual;
        rel.push_back(m.relRms);
    }
    c.medianRelRms = median(rel);
    std::vector<const FieldMetrics*> order;
    for (const auto& m : c.perField) order.push_back(&m);
    std::stable_sort(order.begin(), order.end(), [](auto* x, auto* y) { return x->relRms > y->relRms; });
    for (std::size_t i = 0; i < order.size() && i < 3; ++i) c.worst.push_back(order[i]->name);
}

}  // namespace

FieldsComparison compareFieldSources(const FieldSource& a, const FieldSource& b, double /*tolerance*/) {
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

    // Read field i+1 while field i is being compared; A and B are read side by side.
    c.perField.resize(common.size());
    std::size_t next = 0;
    tbb::parallel_pipeline(
        3, tbb::make_filter<void, LoadedPair*>(tbb::filter_mode::serial_in_order,
                                               [&](tbb::flow_control& fc) -> LoadedPair* {
                                                   if (next == common.size()) {
                                                       fc.stop();
                                                       return nullptr;
                                                   }
                                                   auto* pair = new LoadedPair;
                                                   pair->index = next++;
                                                   const std::string& name = common[pair->index];
                                                   tbb::parallel_invoke([&] { pair->a = a.load(name); },
                                                                        [&] { pair->b = b.load(name); });
                                                   return pair;
                                               }) &
               tbb::make_filter<LoadedPair*, void>(tbb::filter_mode::parallel, [&](LoadedPair* pair) {
                   std::unique_ptr<LoadedPair> owned(pair);
                   c.perField[pair->index] = computeFieldMetrics(pair->a, pair->b, alignment);
               }));
    summarize(c);
    return c;
}

}  // namespace meshdiff
