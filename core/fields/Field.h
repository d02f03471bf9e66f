#pragma once
#include <cstddef>
#include <string>
#include <variant>
#include <vector>

#include "fields/LatLonGrid.h"

namespace meshdiff {

// One 2-D field on a lat/lon grid, row-major [nlat][nlon]. Missing values are NaN.
struct Field {
    std::string name;  // "2m_temperature" or "geopotential@500"
    std::string units;
    std::string longName;
    std::size_t nlat = 0;
    std::size_t nlon = 0;
    std::variant<std::vector<float>, std::vector<double>> values;

    std::size_t size() const { return nlat * nlon; }
};

}  // namespace meshdiff
