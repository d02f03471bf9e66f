#include "compare/FirstDivergence.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <type_traits>
#include <variant>

namespace meshdiff {
namespace {

using Cell = FirstDivergenceFinder::Cell;

// Largest |A − B| first; ties in field, then grid order, so that the kept cells do not depend on
// the order the threads finish in.
bool before(const Cell& x, const Cell& y) {
    if (x.absDiff != y.absDiff) return x.absDiff > y.absDiff;
    if (x.field != y.field) return x.field < y.field;
    return x.gridIndex < y.gridIndex;
}

// Keeps the `n` cells with the largest nonzero finite |A − B| offered to it.
class Largest {
public:
    Largest(std::size_t field, std::size_t n) : field_(field), n_(n) {}
    // A cell below this cannot enter.
    double floor() const { return kept_.size() == n_ ? kept_.top().absDiff : 0; }
    void offer(double x, double y, std::size_t gridIndex) {
        const double d = std::abs(x - y);
        // NaN and inf fail: only values finite in both runs give a finite d.
        if (!(d > 0) || !std::isfinite(d) || (kept_.size() == n_ && d < kept_.top().absDiff)) return;
        kept_.push(Cell{d, field_, gridIndex});
        if (kept_.size() > n_) kept_.pop();
    }
    std::vector<Cell> cells() {
        std::vector<Cell> cells;
        cells.reserve(kept_.size());
        for (; !kept_.empty(); kept_.pop()) cells.push_back(kept_.top());
        std::reverse(cells.begin(), cells.end());
        return cells;
    }

private:
    struct Worse {  // top(): the smallest kept
        bool operator()(const Cell& x, const Cell& y) const { return before(x, y); }
    };
    std::size_t field_, n_;
    std::priority_queue<Cell, std::vector<Cell>, Worse> kept_;
};

// The `n` aligned points of one field with the largest nonzero |A − B| (finite in both runs).
// With each row's max |A − B| (computeFieldMetrics's rowMaxAbs) only the rows that can hold one
// are read, largest first: a handful of rows instead of the whole field.
template <class TA, class TB>
std::vector<Cell> largestCells(const std::vector<TA>& a, const std::vector<TB>& b, std::size_t nlonA, std::size_t nlonB,
                               const GridAlignment& al, std::size_t field, std::size_t n,
                               const std::vector<double>* rowMaxAbs) {
    if (n == 0) return {};
    Largest largest(field, n);
    auto scanRow = [&](std::size_t i) {
        const std::size_t rowA = al.latA[i] * nlonA, rowB = al.latB[i] * nlonB;
        for (std::size_t j = 0; j < al.lonA.size(); ++j)
            largest.offer(double(a[rowA + al.lonA[j]]), double(b[rowB + al.lonB[j]]), rowA + al.lonA[j]);
    };
    if (!rowMaxAbs || rowMaxAbs->size() != al.latA.size()) {
        for (std::size_t i = 0; i < al.latA.size(); ++i) scanRow(i);
        return largest.cells();
    }
    std::vector<std::size_t> order(al.latA.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return (*rowMaxAbs)[x] != (*rowMaxAbs)[y] ? (*rowMaxAbs)[x] > (*rowMaxAbs)[y] : x < y;
    });
    // The row maxima are of differences taken around a shift (fields/FieldMetrics.cpp), equal to
    // these up to rounding: a row is passed over only when it is clearly below the floor (a cell
    // tied with the last one kept to a millionth may be left out).
    constexpr double kMargin = 1 - 1e-6;
    for (std::size_t i : order) {
        const double most = (*rowMaxAbs)[i];
        if (!(most > 0) || most < largest.floor() * kMargin) break;
        scanRow(i);
    }
    return largest.cells();
}

// `into` and `more` largest first; keeps the `n` largest, one per field and grid index.
void merge(std::vector<Cell>& into, const std::vector<Cell>& more, std::size_t n) {
    into.insert(into.end(), more.begin(), more.end());
    std::sort(into.begin(), into.end(), before);
    std::vector<Cell> unique;
    for (const Cell& c : into) {
        if (unique.size() == n) break;
        const bool seen = std::any_of(unique.begin(), unique.end(),
                                      [&](const Cell& u) { return u.field == c.field && u.gridIndex == c.gridIndex; });
        if (!seen) unique.push_back(c);
    }
    into = std::move(unique);
}

}  // namespace

bool FirstDivergenceFinder::wants(std::size_t lead) const { return lead <= earliest_.load(std::memory_order_relaxed); }

FirstDivergenceFinder::FirstDivergenceFinder(std::size_t fieldCount, std::size_t maxPoints)
    : fieldCount_(fieldCount), maxPoints_(maxPoints), earliest_(std::numeric_limits<std::size_t>::max()) {}

void FirstDivergenceFinder::add(std::size_t lead, std::size_t field, const FieldMetrics& metrics, const Field& a,
                                const Field& b, const GridAlignment& alignment, const std::vector<double>* rowMaxAbs) {
    if (lead > earliest_.load(std::memory_order_relaxed)) return;  // a lead before it differs already
    if (!(metrics.maxAbs > 0) && metrics.nanMasksEqual) return;    // bit-identical where compared
    std::vector<Cell> cells;
    if (metrics.maxAbs > 0) {
        cells = std::visit(
            [&](const auto& va, const auto& vb) {
                return largestCells(va, vb, a.nlon, b.nlon, alignment, field, maxPoints_, rowMaxAbs);
            },
            a.values, b.values);
    }
    const std::lock_guard lock(mutex_);
    if (lead > earliest_.load(std::memory_order_relaxed)) return;
    if (lead < earliest_.load(std::memory_order_relaxed)) {
        earliest_.store(lead, std::memory_order_relaxed);
        leads_.erase(leads_.upper_bound(lead), leads_.end());
    }
    LeadCells& l = leads_[lead];
    if (l.fields.empty()) l.fields.resize(fieldCount_);
    l.fields[field] = true;
    merge(l.cells, cells, maxPoints_);
}

std::optional<FirstDivergence> FirstDivergenceFinder::result(const std::vector<std::string>& names,
                                                             const LatLonGrid& gridA,
                                                             const DiffNeighbourhood* around) const {
    const std::lock_guard lock(mutex_);
    if (leads_.empty()) return std::nullopt;
    const auto& [lead, cells] = *leads_.begin();
    FirstDivergence d;
    d.lead = lead;
    for (std::size_t f = 0; f < cells.fields.size(); ++f) {
        if (cells.fields[f]) d.fields.push_back(names.at(f));
    }
    const std::size_t nlon = gridA.nlon();
    const bool placed = around && around->nlat == gridA.nlat() && around->nlon == nlon;
    if (placed) d.nearGraphDifference = false;
    for (const Cell& c : cells.cells) {
        DivergencePoint p;
        p.field = names.at(c.field);
        p.gridIndex = c.gridIndex;
        p.absDiff = c.absDiff;
        if (nlon > 0 && c.gridIndex / nlon < gridA.nlat()) {
            p.lat = gridA.lat[c.gridIndex / nlon];
            p.lon = gridA.lon[c.gridIndex % nlon];
        }
        if (placed) {
            p.nearGraphDifference = around->zone[c.gridIndex] == DiffNeighbourhood::Near;
            d.nearGraphDifference = *d.nearGraphDifference || *p.nearGraphDifference;
        }
        d.points.push_back(std::move(p));
    }
    return d;
}

}  // namespace meshdiff
