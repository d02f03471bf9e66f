#pragma once
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

#include "fields/FieldSource.h"
#include "fields/LatLonGrid.h"

namespace meshdiff::views {

// One lead of a rollout: its positions along A's and B's lead axes.
struct PointSeriesLead {
    std::size_t leadA = 0, leadB = 0;
};

// A and B at one grid point of the common grid, lead after lead (NaN where a value is missing).
struct PointSeries {
    std::string field, units;
    std::size_t member = 0;
    double lat = 0, lon = 0;    // A's grid point nearest to the one asked for
    std::vector<double> hours;  // per lead; the lead's position (1, 2, …) when the files give no hours
    bool hoursKnown = true;
    std::vector<double> a, b;
    std::string memberLabel;  // "member 3" as the window names it; empty without members
};

// Reads `field` at the common grid point nearest (lat, lon) for every lead of `leads`, the lead
// hours as A's file gives them. Reads that point only where the sources can (FieldSource::
// loadPointAt: NetCDF, .npz; GRIB reads whole fields): call it off the GUI thread. `sourcesLock`
// (if any) is held for one lead's reads at a time, so another reader of the sources waits for
// one field, not the whole series. Throws meshdiff::Error (unknown field, lead or member).
PointSeries readPointSeries(const FieldSource& a, const FieldSource& b, const GridAlignment& alignment,
                            const std::string& field, std::size_t member, const std::vector<PointSeriesLead>& leads,
                            double lat, double lon, std::mutex* sourcesLock = nullptr);

}  // namespace meshdiff::views
