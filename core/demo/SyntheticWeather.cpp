#include "demo/SyntheticWeather.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace meshdiff {
namespace {

constexpr double kDeg = std::numbers::pi / 180.0;
constexpr float kUnbounded = -std::numeric_limits<float>::infinity();

double storm(double lat, double lon, double lat0, double lon0, double widthDeg) {
    double dlon = std::remainder(lon - lon0, 360.0) * std::cos(lat * kDeg);
    const double dlat = lat - lat0;
    return std::exp(-(dlat * dlat + dlon * dlon) / (widthDeg * widthDeg));
}

}  // namespace

const std::vector<OutputFieldSpec>& demoOutputFields() {
    static const std::vector<OutputFieldSpec> fields{
        {"2m_temperature", 288.0f, 20.0f, false, kUnbounded},
        {"mean_sea_level_pressure", 101325.0f, 1500.0f, false, kUnbounded},
        {"10m_u_component_of_wind", 0.0f, 6.0f, false, kUnbounded},
        {"10m_v_component_of_wind", 0.0f, 5.0f, false, kUnbounded},
        {"total_precipitation_6hr", 0.001f, 0.002f, false, 0.0f},
        {"total_column_water_vapour", 25.0f, 15.0f, false, 0.0f},
        {"sea_surface_temperature", 290.0f, 8.0f, true, 271.0f},
        {"sea_ice_cover", 0.1f, 0.2f, true, 0.0f},
        {"geopotential@250", 100000.0f, 4000.0f, false, kUnbounded},
        {"geopotential@500", 54000.0f, 2500.0f, false, kUnbounded},
        {"geopotential@850", 14000.0f, 800.0f, false, kUnbounded},
        {"temperature@250", 222.0f, 8.0f, false, kUnbounded},
        {"temperature@500", 253.0f, 12.0f, false, kUnbounded},
        {"temperature@850", 275.0f, 15.0f, false, kUnbounded},
        {"u_component_of_wind@250", 15.0f, 15.0f, false, kUnbounded},
        {"u_component_of_wind@500", 8.0f, 10.0f, false, kUnbounded},
        {"u_component_of_wind@850", 3.0f, 7.0f, false, kUnbounded},
        {"v_component_of_wind@250", 0.0f, 10.0f, false, kUnbounded},
        {"v_component_of_wind@500", 0.0f, 8.0f, false, kUnbounded},
        {"v_component_of_wind@850", 0.0f, 6.0f, false, kUnbounded},
        {"specific_humidity@700", 0.004f, 0.003f, false, 0.0f},
        {"specific_humidity@850", 0.007f, 0.004f, false, 0.0f},
        {"vertical_velocity@500", 0.0f, 0.2f, false, kUnbounded},
        {"vertical_velocity@50", 0.0f, 0.01f, false, kUnbounded},
    };
    return fields;
}

float demoInput(int channel, double lat, double lon) {
    const double phi = lat * kDeg, lam = lon * kDeg;
    switch (channel) {
        case 0: return float(std::cos(phi));
        case 1: return float(std::sin(phi));
        case 2: return float(std::cos(phi) * std::cos(3 * lam + 0.5));
        case 3: return float(std::cos(phi) * std::cos(phi) * std::sin(5 * lam - 2 * phi));
        case 4: return float(std::sin(2 * phi) * std::cos(2 * lam) + std::exp(-std::pow((std::abs(lat) - 45) / 12, 2)));
        default:
            return float(storm(lat, lon, 18, 285, 6) - storm(lat, lon, -22, 75, 8) +
                         0.5 * storm(lat, lon, 52, 160, 10));
    }
}

bool demoLand(double lat, double lon) {
    const double phi = lat * kDeg, lam = lon * kDeg;
    return std::sin(2 * lam + 0.7) * std::cos(phi) + 0.35 * std::sin(3 * phi + 1.0) > 0.4 || lat < -70;
}

}  // namespace meshdiff
