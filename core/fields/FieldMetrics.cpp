#include "fields/FieldMetrics.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <variant>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>  // parallel_deterministic_reduce

#include "common/Error.h"
#include "common/TargetClones.h"
#include "fields/AreaWeights.h"

namespace meshdiff {
namespace {

// Sums shifted by a reference value so that large means (geopotential, pressure) keep precision.
// The w-sums are the area-weighted ones: each row's own sums times the row's weight.
struct Sums {
    double n = 0, nonFiniteA = 0, nonFiniteB = 0, maskMismatch = 0;
    double sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0, sdd = 0, maxAbs = 0;
    double sd = 0;
    double wn = 0, wsa = 0, wsaa = 0, wsd = 0, wsdd = 0;

    // Branch-free so that the compiler vectorises the contiguous loop.
    void add(double a, double b, double shift) {
        const bool fa = (a - a) == 0, fb = (b - b) == 0;  // false for NaN and ±inf
        const bool both = fa && fb;
        nonFiniteA += !fa;
        nonFiniteB += !fb;
        // Non-finite in both counts as a match only for the same value: NaN and NaN, or one infinity.
        const bool sameNonFinite = a == b || (a != a && b != b);  // NOLINT(misc-redundant-expression)
        maskMismatch += (fa != fb) || (!fa && !fb && !sameNonFinite);
        const double x = both ? a - shift : 0.0, y = both ? b - shift : 0.0;
        const double d = x - y;
        n += both;
        sa += x, sb += y, saa += x * x, sbb += y * y, sab += x * y, sdd += d * d, sd += d;
        maxAbs = std::max(maxAbs, std::abs(d));
    }
    void merge(const Sums& o) {
        n += o.n, nonFiniteA += o.nonFiniteA, nonFiniteB += o.nonFiniteB, maskMismatch += o.maskMismatch;
        sa += o.sa, sb += o.sb, saa += o.saa, sbb += o.sbb, sab += o.sab, sdd += o.sdd, sd += o.sd;
        maxAbs = std::max(maxAbs, o.maxAbs);
        wn += o.wn, wsa += o.wsa, wsaa += o.wsaa, wsd += o.wsd, wsdd += o.wsdd;
    }
    // One row's sums, all of whose points have weight w.
    void addWeightedRow(const Sums& row, double w) {
        wn += w * row.n, wsa += w * row.sa, wsaa += w * row.saa, wsd += w * row.sd, wsdd += w * row.sdd;
    }
    // A row of a region: its weighted sums and its NaN-mask mismatches, all a region's numbers need.
    void addRegionRow(const Sums& row, double w) {
        addWeightedRow(row, w);
        maskMismatch += row.maskMismatch;
    }
};

// The hot loop of a compare: float32 rows on identical grids, four double lanes at a time
// (GCC vector extensions), so the sums vectorise without reassociation (no -ffast-math).
using Double4 = double __attribute__((vector_size(32)));
using Float4 = float __attribute__((vector_size(16)));

// By reference: a 32-byte vector passed by value travels in a ymm register from the AVX2 clone
// but in memory to a baseline callee, so an out-of-line call (as at -O1) read garbage.
double laneSum(const Double4& v) { return (v[0] + v[1]) + (v[2] + v[3]); }

MESHDIFF_AVX2_CLONES void accumulateRowF32(const float* a, const float* b, std::size_t count, double shift,
                                           double weight, Sums& out, Sums* rowOut) {
    const Double4 zero{}, one{1, 1, 1, 1}, shift4{shift, shift, shift, shift};
    Double4 n{}, fa{}, fb{}, mm{}, sa{}, sb{}, saa{}, sbb{}, sab{}, sdd{}, sd{}, mx{};
    std::size_t j = 0;
    for (; j + 4 <= count; j += 4) {
        Float4 af, bf;
        std::memcpy(&af, a + j, sizeof af);
        std::memcpy(&bf, b + j, sizeof bf);
        const Double4 x0 = __builtin_convertvector(af, Double4), y0 = __builtin_convertvector(bf, Double4);
        // x − x is 0 exactly when x is finite (NaN and ±inf give NaN).
        const auto okA = (x0 - x0) == zero, okB = (y0 - y0) == zero;  // NOLINT(misc-redundant-expression)
        const auto both = okA & okB;
        const auto sameNonFinite = (x0 == y0) | ((x0 != x0) & (y0 != y0));  // NOLINT(misc-redundant-expression)
        fa += okA ? zero : one;
        fb += okB ? zero : one;
        mm += ((okA ^ okB) | (~okA & ~okB & ~sameNonFinite)) ? one : zero;
        n += both ? one : zero;
        const Double4 x = both ? x0 - shift4 : zero, y = both ? y0 - shift4 : zero, d = x - y;
        sa += x, sb += y, saa += x * x, sbb += y * y, sab += x * y, sdd += d * d, sd += d;
        const Double4 ad = d < zero ? -d : d;
        mx = mx > ad ? mx : ad;
    }
    Sums s;
    for (; j < count; ++j) s.add(a[j], b[j], shift);
    s.n += laneSum(n), s.nonFiniteA += laneSum(fa), s.nonFiniteB += laneSum(fb), s.maskMismatch += laneSum(mm);
    s.sa += laneSum(sa), s.sb += laneSum(sb), s.saa += laneSum(saa), s.sbb += laneSum(sbb), s.sab += laneSum(sab);
    s.sdd += laneSum(sdd), s.sd += laneSum(sd);
    s.maxAbs = std::max({s.maxAbs, mx[0], mx[1], mx[2], mx[3]});
    out.merge(s);
    out.addWeightedRow(s, weight);
    if (rowOut) *rowOut = s;
}

template <class T>
double firstFinite(const std::vector<T>& values) {
    for (T v : values) {
        if (std::isfinite(double(v))) return double(v);
    }
    return 0;
}

template <class TA, class TB>
Sums accumulate(const std::vector<TA>& a, const std::vector<TB>& b, std::size_t nlonA, std::size_t nlonB,
                const GridAlignment& al, const std::vector<double>& rowWeights, const std::vector<std::uint8_t>* mask,
                std::uint8_t maskValue, std::vector<double>* rowMaxAbs, std::vector<Sums>* rowSums) {
    const double shift = firstFinite(a);
    const std::size_t ni = al.latA.size(), nj = al.lonA.size();
    const bool contiguous = al.identical && nlonA == nj && nlonB == nj && !mask;
    auto addRow = [&](std::size_t i, Sums& s) {
        const TA* rowA = a.data() + al.latA[i] * nlonA;
        const TB* rowB = b.data() + al.latB[i] * nlonB;
        const double weight = rowWeights.empty() ? 0.0 : rowWeights[i];
        if constexpr (std::is_same_v<TA, float> && std::is_same_v<TB, float>) {
            if (contiguous) {
                accumulateRowF32(rowA, rowB, nj, shift, weight, s, rowSums ? &(*rowSums)[i] : nullptr);
                return;
            }
        }
        // The unweighted sums point by point as before (the same digits); the row's own sums
        // beside them for its weight.
        Sums row;
        if (contiguous) {
            for (std::size_t j = 0; j < nj; ++j) {
                s.add(double(rowA[j]), double(rowB[j]), shift);
                row.add(double(rowA[j]), double(rowB[j]), shift);
            }
            s.addWeightedRow(row, weight);
            if (rowSums) (*rowSums)[i] = row;
            return;
        }
        const std::uint8_t* rowMask = mask ? mask->data() + i * nj : nullptr;
        for (std::size_t j = 0; j < nj; ++j) {
            if (rowMask && rowMask[j] != maskValue) continue;
            s.add(double(rowA[al.lonA[j]]), double(rowB[al.lonB[j]]), shift);
            row.add(double(rowA[al.lonA[j]]), double(rowB[al.lonB[j]]), shift);
        }
        s.addWeightedRow(row, weight);
        if (rowSums) (*rowSums)[i] = row;
    };
    // The row's own max |A − B| when asked: the running max set aside, then put back (the same result).
    auto rows = [&](const tbb::blocked_range<std::size_t>& range, Sums s) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
            if (!rowMaxAbs) {
                addRow(i, s);
                continue;
            }
            const double carried = s.maxAbs;
            s.maxAbs = 0;
            addRow(i, s);
            (*rowMaxAbs)[i] = s.maxAbs;
            s.maxAbs = std::max(carried, s.maxAbs);
        }
        return s;
    };
    // Deterministic: the same chunks summed in the same order on every run, so that the report
    // and the field table give the same digits for the same runs (a work-stealing reduce did not).
    return tbb::parallel_deterministic_reduce(tbb::blocked_range<std::size_t>(0, ni, 32), Sums{}, rows,
                                              [](Sums x, const Sums& y) {
                                                  x.merge(y);
                                                  return x;
                                              });
}

// A region with a column subset (a box): a pass over its rows × columns only, weighted like the
// global sums.
template <class TA, class TB>
Sums accumulateBox(const std::vector<TA>& a, const std::vector<TB>& b, std::size_t nlonA, std::size_t nlonB,
                   const GridAlignment& al, const std::vector<double>& rowWeights,
                   const std::vector<std::uint8_t>* mask, std::uint8_t maskValue, const RegionSelection& box) {
    const double shift = firstFinite(a);
    const std::size_t nj = al.lonA.size();
    // On identical float32 grids the box's runs of columns (one, or two across the seam) go
    // through the vectorised loop.
    std::vector<std::pair<std::size_t, std::size_t>> runs;  // [begin, end) of selected columns
    for (std::size_t j = 0; j < nj; ++j) {
        if (!box.columns[j]) continue;
        if (runs.empty() || runs.back().second != j) runs.emplace_back(j, j);
        runs.back().second = j + 1;
    }
    const bool contiguous = al.identical && nlonA == nj && nlonB == nj && !mask;
    auto rows = [&](const tbb::blocked_range<std::size_t>& range, Sums s) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
            if (!box.rows[i]) continue;
            const TA* rowA = a.data() + al.latA[i] * nlonA;
            const TB* rowB = b.data() + al.latB[i] * nlonB;
            const std::uint8_t* rowMask = mask ? mask->data() + i * nj : nullptr;
            Sums row;
            if constexpr (std::is_same_v<TA, float> && std::is_same_v<TB, float>) {
                if (contiguous) {
                    for (const auto& [begin, end] : runs)
                        accumulateRowF32(rowA + begin, rowB + begin, end - begin, shift, 0.0, row, nullptr);
                    s.addRegionRow(row, rowWeights[i]);
                    continue;
                }
            }
            for (std::size_t j = 0; j < nj; ++j) {
                if (!box.columns[j] || (rowMask && rowMask[j] != maskValue)) continue;
                row.add(double(rowA[al.lonA[j]]), double(rowB[al.lonB[j]]), shift);
            }
            s.addRegionRow(row, rowWeights[i]);
        }
        return s;
    };
    return tbb::parallel_deterministic_reduce(tbb::blocked_range<std::size_t>(0, al.latA.size(), 32), Sums{}, rows,
                                              [](Sums x, const Sums& y) {
                                                  x.merge(y);
                                                  return x;
                                              });
}

AreaWeightedMetrics areaWeightedFrom(const Sums& s) {
    constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
    AreaWeightedMetrics aw;
    aw.nanMasksEqual = s.maskMismatch == 0;
    if (!(s.wn > 0)) {
        aw.rms = aw.relRms = aw.bias = aw.stdA = undefined;
        return aw;
    }
    // Around the sums' own weighted mean: a region's std_a is its spread about the region's mean.
    const double w = s.wn, meanA = s.wsa / w;
    aw.rms = std::sqrt(s.wsdd / w);
    aw.bias = s.wsd / w;
    aw.stdA = std::sqrt(std::max(0.0, s.wsaa / w - meanA * meanA));
    aw.relRms = aw.stdA > 0 ? aw.rms / aw.stdA : undefined;
    return aw;
}

void checkSelection(const Field& a, const RegionSelection& r, const GridAlignment& al) {
    if (r.rows.size() != al.latA.size() || (!r.columns.empty() && r.columns.size() != al.lonA.size())) {
        throw Error(a.name, "region selection has " + std::to_string(r.rows.size()) + " rows and " +
                                std::to_string(r.columns.size()) + " columns, the aligned grid " +
                                std::to_string(al.latA.size()) + "×" + std::to_string(al.lonA.size()));
    }
}

bool everyRow(const RegionSelection& r) {
    return r.columns.empty() && std::all_of(r.rows.begin(), r.rows.end(), [](std::uint8_t x) { return x != 0; });
}

}  // namespace

FieldMetrics computeFieldMetrics(const Field& a, const Field& b, const GridAlignment& al,
                                 const std::vector<std::uint8_t>* mask, std::uint8_t maskValue,
                                 std::vector<double>* rowMaxAbs, const std::vector<RegionSelection>* regions) {
    if (mask && mask->size() != al.size()) {
        throw Error(a.name, "region mask has " + std::to_string(mask->size()) + " points, the aligned grid " +
                                std::to_string(al.size()));
    }
    if (regions) {
        for (const RegionSelection& r : *regions) checkSelection(a, r, al);
    }
    if (rowMaxAbs) rowMaxAbs->assign(al.latA.size(), 0.0);
    // Without the compared rows' latitudes the weights stay empty and the weighted sums 0.
    const std::vector<double> rowWeights =
        al.lat.size() == al.latA.size() ? latitudeAreaWeights(al.lat) : std::vector<double>{};
    // Each row's own sums, kept when a region takes whole rows: its numbers combine them.
    std::vector<Sums> rowSums;
    if (regions && !rowWeights.empty()) rowSums.resize(al.latA.size());
    const Sums s = std::visit(
        [&](const auto& va, const auto& vb) {
            return accumulate(va, vb, a.nlon, b.nlon, al, rowWeights, mask, maskValue, rowMaxAbs,
                              rowSums.empty() ? nullptr : &rowSums);
        },
        a.values, b.values);

    FieldMetrics m;
    m.name = a.name;
    m.units = a.units;
    m.comparedPoints = static_cast<std::size_t>(s.n);
    m.nonFiniteA = static_cast<std::size_t>(s.nonFiniteA);
    m.nonFiniteB = static_cast<std::size_t>(s.nonFiniteB);
    m.nanMasksEqual = s.maskMismatch == 0;
    m.maxAbs = s.maxAbs;
    m.areaWeighted = areaWeightedFrom(s);
    // Without the rows' weights (unknown latitudes) every region is undefined, as the global numbers,
    // and has the field's NaN-mask answer.
    auto regionSums = [&](const RegionSelection& r) {
        Sums rs;
        if (rowWeights.empty()) {
            rs.maskMismatch = s.maskMismatch;
            return rs;
        }
        if (everyRow(r)) return s;
        if (!r.columns.empty()) {
            return std::visit(
                [&](const auto& va, const auto& vb) {
                    return accumulateBox(va, vb, a.nlon, b.nlon, al, rowWeights, mask, maskValue, r);
                },
                a.values, b.values);
        }
        for (std::size_t i = 0; i < rowSums.size(); ++i) {
            if (r.rows[i]) rs.addRegionRow(rowSums[i], rowWeights[i]);
        }
        return rs;
    };
    if (regions) {
        for (const RegionSelection& r : *regions) m.regions.push_back(areaWeightedFrom(regionSums(r)));
    }
    constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
    if (s.n == 0) {
        m.relRms = m.corr = undefined;
        m.note = "no point is finite in both runs: rel RMS and corr are undefined";
        return m;
    }
    const double n = s.n;
    const double varA = std::max(0.0, s.saa / n - (s.sa / n) * (s.sa / n));
    const double varB = std::max(0.0, s.sbb / n - (s.sb / n) * (s.sb / n));
    const double cov = s.sab / n - (s.sa / n) * (s.sb / n);
    m.rms = std::sqrt(s.sdd / n);
    m.stdA = std::sqrt(varA);
    m.relRms = m.stdA > 0 ? m.rms / m.stdA : undefined;
    m.corr = (varA > 0 && varB > 0) ? std::clamp(cov / std::sqrt(varA * varB), -1.0, 1.0) : undefined;
    if (!(varA > 0)) {
        m.note = "A is constant (std(A) = 0): rel RMS and corr are undefined";
    } else if (!(varB > 0)) {
        m.note = "B is constant (std(B) = 0): corr is undefined";
    }
    return m;
}

}  // namespace meshdiff
