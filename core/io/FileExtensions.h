#pragma once
#include <string>

namespace meshdiff {

// The one list of file name extensions that claim a format meshdiff reads:
// .npz, .nc, .nc4, .cdf, .h5, .hdf5, .he5, .json, .grib, .grib2, .grb, .grb2 (any case).
// In a run folder such a file must hold what its name says; other files may be ignored.
bool hasReadableExtension(const std::string& path);

// True for the GRIB extensions.
bool hasGribExtension(const std::string& path);

}  // namespace meshdiff
