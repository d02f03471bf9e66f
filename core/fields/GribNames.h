#pragma once
#include <optional>
#include <string>
#include <vector>

namespace meshdiff {

// What names a GRIB message's field: ecCodes' shortName, typeOfLevel and level, and for an
// accumulation (stepType accum) the hours it accumulates over.
struct GribFieldKey {
    std::string shortName;             // "t", "2t", "tp"
    std::string typeOfLevel;           // "isobaricInhPa", "surface", "heightAboveGround", "meanSea", …
    double level = 0;                  // in the unit typeOfLevel says (hPa for isobaricInhPa, Pa for isobaricInPa)
    std::optional<double> accumHours;  // endStep − startStep of an accumulated field
};

// One row of the name table (docs/grib-names.md shows it; a test keeps the two equal).
struct GribNameRow {
    std::string shortName;
    std::string where;  // "pressure levels", "surface", "2 m", "10 m", "100 m", "mean sea level"
    std::string name;   // meshdiff's (GraphCast's) name; "total_precipitation_{H}hr" for windowed accumulations
};
const std::vector<GribNameRow>& gribNameTable();

// The name meshdiff gives the field, the one NPZ and NetCDF files of GraphCast-style runs use:
// pressure levels → "temperature@850" (level in hPa), single levels → "2m_temperature",
// "geopotential_at_surface", accumulations → "total_precipitation_6hr". A shortName the table
// does not know keeps it: "cape", "foo@850", and "foo@<level>" on other level types with a level.
std::string gribFieldName(const GribFieldKey& key);

// The unit of the level in gribFieldName's name: "hPa" on pressure levels (isobaricInPa's too, as
// the name gives hPa), "m" on heights above ground or sea, "K" on isentropic and isothermal levels;
// empty when the name has no level or typeOfLevel's unit is not known.
std::string gribLevelUnits(const GribFieldKey& key);

}  // namespace meshdiff
