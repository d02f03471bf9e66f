#include "fields/LatLonGrid.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

#include "common/Error.h"
#include "geo/LatLonAxis.h"

namespace meshdiff {
namespace {

constexpr double kCoordinateTolerance = 1e-4;  // degrees

std::string formatDegrees(double v) {
    std::ostringstream out;
    out << v << "°";
    return out.str();
}

std::string ordinal(long n) {
    const long tens = n % 100;
    const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                         : n % 10 == 1              ? "st"
                         : n % 10 == 2              ? "nd"
                         : n % 10 == 3              ? "rd"
                                                    : "th";
    return std::to_string(n) + suffix;
}

// [0, 360), with longitudes within the coordinate tolerance below 360 taken as 0.
double wrapLongitude(double lon) {
    double w = wrapLongitude360(lon);
    if (w > 360.0 - kCoordinateTolerance) w -= 360.0;
    return w;
}

std::string describe(const LatLonGrid& g) {
    std::ostringstream out;
    out << g.nlat() << "×" << g.nlon();
    if (!g.lat.empty() && !g.lon.empty()) {
        out << " (lat " << g.lat.front() << "…" << g.lat.back() << ", lon " << g.lon.front() << "…" << g.lon.back()
            << ")";
    }
    return out.str();
}

// Index in `axis` of every value of `wanted`, or empty when one is missing.
std::vector<std::size_t> locate(const std::vector<double>& wanted, const std::vector<double>& axis, bool longitude) {
    std::vector<std::size_t> indices;
    indices.reserve(wanted.size());
    for (double w : wanted) {
        const double target = longitude ? wrapLongitude(w) : w;
        bool found = false;
        for (std::size_t i = 0; i < axis.size() && !found; ++i) {
            const double v = longitude ? wrapLongitude(axis[i]) : axis[i];
            if (std::abs(v - target) <= kCoordinateTolerance) {
                indices.push_back(i);
                found = true;
            }
        }
        if (!found) return {};
    }
    return indices;
}

// The constant step of an index sequence, or 0 when it is not regular.
long regularStride(const std::vector<std::size_t>& indices) {
    if (indices.size() < 2) return 1;
    const long step = long(indices[1]) - long(indices[0]);
    for (std::size_t i = 2; i < indices.size(); ++i) {
        if (long(indices[i]) - long(indices[i - 1]) != step) return 0;
    }
    return step;
}

std::vector<std::size_t> iota(std::size_t n) {
    std::vector<std::size_t> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = i;
    return v;
}

bool sameAxis(const std::vector<double>& a, const std::vector<double>& b, bool longitude) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const double x = longitude ? wrapLongitude(a[i]) : a[i];
        const double y = longitude ? wrapLongitude(b[i]) : b[i];
        if (std::abs(x - y) > kCoordinateTolerance) return false;
    }
    return true;
}

}  // namespace

std::optional<LatLonGrid> inferGlobalGrid(std::size_t nlat, std::size_t nlon, bool latAscending) {
    if (nlat < 2 || nlon < 2) return std::nullopt;
    // Base grids in order of preference; a stride s keeps every s-th point from -90° and 0°.
    constexpr std::array<double, 9> bases{0.25, 1.0, 0.5, 0.1, 0.125, 1.5, 2.0, 2.5, 5.0};
    for (double base : bases) {
        const auto baseLon = static_cast<std::size_t>(std::lround(360.0 / base));
        const auto baseLat = static_cast<std::size_t>(std::lround(180.0 / base)) + 1;
        for (std::size_t stride = 1; stride <= 64; ++stride) {
            if ((baseLon + stride - 1) / stride != nlon || (baseLat + stride - 1) / stride != nlat) continue;
            const double step = base * double(stride);
            LatLonGrid grid;
            for (std::size_t i = 0; i < nlat; ++i) grid.lat.push_back(-90.0 + step * double(i));
            if (!latAscending) std::reverse(grid.lat.begin(), grid.lat.end());
            for (std::size_t j = 0; j < nlon; ++j) grid.lon.push_back(step * double(j));
            std::ostringstream note;
            note << "regular global grid inferred from the shape " << nlat << "×" << nlon << ": " << formatDegrees(step)
                 << " spacing";
            if (stride > 1) note << " (" << formatDegrees(base) << " every " << ordinal(long(stride)) << " point)";
            note << ", lat " << grid.lat.front() << "…" << grid.lat.back() << " ("
                 << (latAscending ? "ascending" : "descending") << " assumed), lon " << grid.lon.front() << "…"
                 << grid.lon.back();
            grid.inference = note.str();
            return grid;
        }
    }
    return std::nullopt;
}

namespace {

GridAlignment alignAxes(const LatLonGrid& a, const LatLonGrid& b, const std::string& fileA, const std::string& fileB) {
    GridAlignment al;
    if (sameAxis(a.lat, b.lat, false) && sameAxis(a.lon, b.lon, true)) {
        al.latA = al.latB = iota(a.nlat());
        al.lonA = al.lonB = iota(a.nlon());
        al.identical = true;
        al.description = "identical grids " + describe(a);
        return al;
    }
    const bool aIsLarger = a.size() >= b.size();
    const LatLonGrid& large = aIsLarger ? a : b;
    const LatLonGrid& small = aIsLarger ? b : a;
    auto latInLarge = locate(small.lat, large.lat, false);
    auto lonInLarge = locate(small.lon, large.lon, true);
    if (latInLarge.empty() || lonInLarge.empty()) {
        throw Error(fileA + " vs " + fileB, "the grids differ and neither is a subsample of the other: A is " +
                                                describe(a) + ", B is " + describe(b));
    }
    const long latStride = regularStride(latInLarge);
    const long lonStride = regularStride(lonInLarge);
    if (latStride == 0 || lonStride == 0) {
        throw Error(fileA + " vs " + fileB,
                    "the grids differ and the smaller is not a regular subsample of the larger: A is " + describe(a) +
                        ", B is " + describe(b));
    }
    if (aIsLarger) {
        al.latA = latInLarge, al.lonA = lonInLarge, al.latB = iota(b.nlat()), al.lonB = iota(b.nlon());
    } else {
        al.latB = latInLarge, al.lonB = lonInLarge, al.latA = iota(a.nlat()), al.lonA = iota(a.nlon());
    }
    std::ostringstream note;
    if (small.size() == large.size()) {
        note << "same points in another order" << (latStride < 0 ? " (latitude reversed)" : "");
        al.description = note.str();
        return al;
    }
    auto every = [](long stride) { return stride == 1 ? std::string("every") : "every " + ordinal(stride); };
    note << (aIsLarger ? "B" : "A") << " is " << (aIsLarger ? "A" : "B") << " at " << every(std::labs(latStride))
         << " latitude and " << every(std::labs(lonStride)) << " longitude";
    if (latStride < 0) note << " (latitude order reversed)";
    note << "; compared on the " << small.nlat() << "×" << small.nlon() << " common points";
    al.description = note.str();
    return al;
}

}  // namespace

GridAlignment alignGrids(const LatLonGrid& a, const LatLonGrid& b, const std::string& fileA, const std::string& fileB) {
    GridAlignment al = alignAxes(a, b, fileA, fileB);
    al.lat.reserve(al.latA.size());
    for (std::size_t i : al.latA) al.lat.push_back(a.lat[i]);
    return al;
}

void requireUsableCoordinates(const LatLonGrid& grid, const std::string& file) {
    for (std::size_t i = 0; i < grid.lat.size(); ++i) {
        if (!(std::abs(grid.lat[i]) <= 90.0 + 1e-3))
            throw Error(file, "latitude " + std::to_string(i) + " is " + std::to_string(grid.lat[i]) +
                                  ", not a latitude (finite, within ±90°)");
    }
    for (std::size_t j = 0; j < grid.lon.size(); ++j) {
        if (!std::isfinite(grid.lon[j])) throw Error(file, "longitude " + std::to_string(j) + " is not finite");
    }
}

}  // namespace meshdiff
