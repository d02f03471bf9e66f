#include "fields/GribNames.h"

#include <cmath>
#include <cstdio>

namespace meshdiff {
namespace {

const std::string kPressureLevels = "pressure levels";
const std::string kWindowMark = "{H}";

// GraphCast's variable names (the ERA5 names of WeatherBench 2) for ECMWF's shortNames.
const std::vector<GribNameRow> kTable = {
    {"t", kPressureLevels, "temperature"},
    {"u", kPressureLevels, "u_component_of_wind"},
    {"v", kPressureLevels, "v_component_of_wind"},
    {"w", kPressureLevels, "vertical_velocity"},
    {"z", kPressureLevels, "geopotential"},
    {"gh", kPressureLevels, "geopotential_height"},
    {"q", kPressureLevels, "specific_humidity"},
    {"r", kPressureLevels, "relative_humidity"},
    {"vo", kPressureLevels, "vorticity"},
    {"d", kPressureLevels, "divergence"},
    {"pv", kPressureLevels, "potential_vorticity"},
    {"o3", kPressureLevels, "ozone_mass_mixing_ratio"},
    {"cc", kPressureLevels, "fraction_of_cloud_cover"},
    {"clwc", kPressureLevels, "specific_cloud_liquid_water_content"},
    {"ciwc", kPressureLevels, "specific_cloud_ice_water_content"},
    {"2t", "2 m", "2m_temperature"},
    {"2d", "2 m", "2m_dewpoint_temperature"},
    {"10u", "10 m", "10m_u_component_of_wind"},
    {"10v", "10 m", "10m_v_component_of_wind"},
    {"100u", "100 m", "100m_u_component_of_wind"},
    {"100v", "100 m", "100m_v_component_of_wind"},
    {"msl", "mean sea level", "mean_sea_level_pressure"},
    {"sp", "surface", "surface_pressure"},
    {"skt", "surface", "skin_temperature"},
    {"sst", "surface", "sea_surface_temperature"},
    {"ci", "surface", "sea_ice_cover"},
    {"z", "surface", "geopotential_at_surface"},
    {"lsm", "surface", "land_sea_mask"},
    {"sdor", "surface", "standard_deviation_of_orography"},
    {"slor", "surface", "slope_of_sub_gridscale_orography"},
    {"tcc", "surface", "total_cloud_cover"},
    {"tcwv", "entire atmosphere", "total_column_water_vapour"},
    {"tisr", "surface", "toa_incident_solar_radiation"},
    {"tp", "surface, accumulated over H hours", "total_precipitation_{H}hr"},
};

bool isPressureLevel(const std::string& typeOfLevel) {
    return typeOfLevel == "isobaricInhPa" || typeOfLevel == "isobaricInPa" || typeOfLevel == "pl";
}

// 850 → "850", 0.5 → "0.5": the labels NetCDF levels get.
std::string number(double value) {
    if (std::isfinite(value) && std::abs(value) < 1e15 && value == std::round(value))
        return std::to_string(static_cast<long long>(value));
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

const GribNameRow* find(const std::string& shortName, bool pressureLevel) {
    for (const auto& row : kTable)
        if (row.shortName == shortName && (row.where == kPressureLevels) == pressureLevel) return &row;
    return nullptr;
}

std::string withWindow(std::string name, const std::optional<double>& hours) {
    const auto mark = name.find(kWindowMark);
    if (mark == std::string::npos) return name;
    if (!hours || *hours <= 0) return name.substr(0, mark > 0 && name[mark - 1] == '_' ? mark - 1 : mark);
    return name.replace(mark, kWindowMark.size(), number(*hours));
}

}  // namespace

const std::vector<GribNameRow>& gribNameTable() { return kTable; }

std::string gribFieldName(const GribFieldKey& key) {
    if (isPressureLevel(key.typeOfLevel)) {
        const double hPa = key.typeOfLevel == "isobaricInPa" ? key.level / 100.0 : key.level;
        const GribNameRow* row = find(key.shortName, true);
        return (row ? row->name : key.shortName) + "@" + number(hPa);
    }
    if (const GribNameRow* row = find(key.shortName, false)) return withWindow(row->name, key.accumHours);
    if (key.level == 0) return key.shortName;
    return key.shortName + "@" + number(key.level);
}

std::string gribLevelUnits(const GribFieldKey& key) {
    if (isPressureLevel(key.typeOfLevel)) return "hPa";
    if (gribFieldName(key).find('@') == std::string::npos) return {};
    if (key.typeOfLevel == "heightAboveGround" || key.typeOfLevel == "heightAboveSea") return "m";
    if (key.typeOfLevel == "theta" || key.typeOfLevel == "isothermal") return "K";
    return {};
}

}  // namespace meshdiff
