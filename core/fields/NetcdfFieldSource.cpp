#include "fields/NetcdfFieldSource.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include "common/Error.h"
#include "fields/CfTime.h"
#include "io/Hdf5Reader.h"

namespace meshdiff {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string baseName(const std::string& objectPath) {
    const auto slash = objectPath.rfind('/');
    return slash == std::string::npos ? objectPath : objectPath.substr(slash + 1);
}

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }
bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

const std::set<std::string> kLatNames{"lat", "latitude", "lats", "y", "nav_lat", "grid_yt"};
const std::set<std::string> kLonNames{"lon", "longitude", "lons", "x", "nav_lon", "grid_xt"};
const std::set<std::string> kLatUnits{"degrees_north", "degree_north", "degree_n", "degrees_n", "degreen", "degreesn"};
const std::set<std::string> kLonUnits{"degrees_east", "degree_east", "degree_e", "degrees_e", "degreee", "degreese"};
const std::set<std::string> kLevelNames{"level",        "levels",         "lev",
                                        "plev",         "isobaricinhpa",  "isobaric",
                                        "pressure",     "pressure_level", "pressure_levels",
                                        "air_pressure", "height",         "altitude",
                                        "depth",        "model_level",    "model_level_number",
                                        "hybrid",       "sigma",          "z",
                                        "layer"};
const std::set<std::string> kLevelUnits{"hpa",       "pa",          "mb",           "mbar", "millibar",
                                        "millibars", "hectopascal", "hectopascals", "kpa"};
const std::set<std::string> kLevelStandardNames{"air_pressure",
                                                "altitude",
                                                "height",
                                                "depth",
                                                "model_level_number",
                                                "atmosphere_hybrid_sigma_pressure_coordinate",
                                                "atmosphere_sigma_coordinate"};
const std::set<std::string> kLeadingNames{"time",
                                          "valid_time",
                                          "init_time",
                                          "forecast_reference_time",
                                          "step",
                                          "lead_time",
                                          "batch",
                                          "sample",
                                          "samples",
                                          "member",
                                          "number",
                                          "ensemble",
                                          "realization",
                                          "datetime",
                                          "t",
                                          "prediction_timedelta",
                                          "forecast_period",
                                          "lead",
                                          "ens",
                                          "ensemble_member"};
// Leading dimensions that are a rollout's lead axis (first found in this order) and its members.
const std::vector<std::string> kLeadAxisNames{
    "step", "lead_time", "prediction_timedelta", "forecast_period", "lead", "time", "valid_time", "datetime", "t"};
const std::set<std::string> kMemberAxisNames{"member",  "number",   "realization", "sample",
                                             "samples", "ensemble", "ens",         "ensemble_member"};
const std::vector<std::string> kReferenceTimeNames{"forecast_reference_time", "init_time", "reference_time",
                                                   "initial_time", "analysis_time"};
// netCDF-4 marks dimensions that have no coordinate variable with this NAME attribute.
const std::string kPureDimensionMarker = "This is a netCDF dimension but not a netCDF variable";
// netCDF-4 renames a variable that shares its name with a dimension but is not its coordinate.
const std::string kNonCoordPrefix = "_nc4_non_coord_";
// Sanity limits for what a damaged file may claim (checked before anything is allocated).
constexpr std::size_t kMaxFieldPoints = std::size_t(1) << 30;
constexpr std::size_t kAlwaysAllowedFieldBytes = std::size_t(64) << 20;
constexpr std::uint64_t kMaxInflation = 1100;  // deflate's best ratio, with room
constexpr std::size_t kMaxLevels = 100000;

// One HDF5 dataset at the root, as netCDF sees it.
struct Variable {
    std::string dataset;  // "/temperature"
    std::string name;     // "temperature"
    Hdf5DatasetInfo info;
    std::vector<std::string> dims;  // one name per axis, "" when no dimension scale is attached
    bool isScale = false;
    bool isPureDimension = false;
};

// A variable that holds fields: axes [leading..., (level), lat, lon].
struct FieldVariable {
    std::string dataset;
    std::string name;
    std::vector<std::size_t> shape;
    std::vector<std::size_t> leadingDims;  // index into the file's leading dimensions, per leading axis
    bool hasLevel = false;
    std::string units, longName;
    std::string levelUnits;  // the level coordinate's units as written; empty without one
    DType fileType = DType::Float32;
    std::optional<double> scale, offset;
    std::vector<double> missing;  // _FillValue and missing_value, in the packed (file) domain
    bool outputDouble = false;
};

struct FieldEntry {
    std::string name;
    std::size_t variable = 0;
    std::size_t level = 0;
};

std::string levelLabel(double value) {
    if (std::isfinite(value) && std::abs(value) < 1e15 && value == std::round(value))
        return std::to_string(static_cast<long long>(value));
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

void rejectClassicNetcdf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[4] = {};
    if (in.read(magic, 4) && magic[0] == 'C' && magic[1] == 'D' && magic[2] == 'F' &&
        (magic[3] == 1 || magic[3] == 2 || magic[3] == 5))
        throw Error(path, "is a classic NetCDF-3 file; meshdiff reads NetCDF-4 (convert with `nccopy -k nc4`)");
}

class NetcdfFieldSource final : public FieldSource {
public:
    NetcdfFieldSource(const std::string& path, const FieldSourceOptions& options) : path_(path) {
        rejectClassicNetcdf(path);
        file_ = std::make_unique<Hdf5Reader>(path);
        discover(options);
    }

    const std::string& path() const override { return path_; }
    const LatLonGrid& grid() const override { return grid_; }

    std::vector<std::string> fieldNames() const override {
        std::vector<std::string> names;
        names.reserve(entries_.size());
        for (const auto& e : entries_) names.push_back(e.name);
        return names;
    }

    Field load(const std::string& name) const override { return readSlice(name, leadingIndex_); }

    std::vector<LeadTime> leads() const override { return leads_; }
    std::vector<int> members() const override { return members_; }

    std::string levelUnits(const std::string& name) const override {
        const auto found = byName_.find(name);
        return found == byName_.end() ? std::string{} : variables_[entries_[found->second].variable].levelUnits;
    }

    Field loadAt(const std::string& name, std::size_t lead, std::size_t member) const override {
        return loadThroughBuffer(name, lead, member);
    }

    void loadInto(const std::string& name, std::size_t lead, std::size_t member, Field& into) const override {
        checkPosition(lead, member);
        std::vector<std::size_t> index = leadingIndex_;
        if (leadAxis_) index[*leadAxis_] = leads_[lead].index;
        if (memberAxis_) index[*memberAxis_] = member;
        readSlice(name, index, into);
    }

    // A 1×1 hyperslab: HDF5 reads (and for a compressed variable inflates) only the chunk holding it.
    Field loadPointAt(const std::string& name, std::size_t lead, std::size_t member, std::size_t row,
                      std::size_t column) const override {
        checkPosition(lead, member);
        if (row >= grid_.nlat() || column >= grid_.nlon())
            throw Error(path_, "grid point (" + std::to_string(row) + ", " + std::to_string(column) +
                                   ") asked for, but the grid is " + std::to_string(grid_.nlat()) + "×" +
                                   std::to_string(grid_.nlon()));
        std::vector<std::size_t> index = leadingIndex_;
        if (leadAxis_) index[*leadAxis_] = leads_[lead].index;
        if (memberAxis_) index[*memberAxis_] = member;
        Field point;
        readSlice(name, index, point, Block{row, 1, column, 1});
        return point;
    }

private:
    // Rows and columns of the grid read.
    struct Block {
        std::size_t row, rows, column, columns;
    };

    // One 2-D block: `leadingIndex` gives the position along each of the file's leading dimensions.
    Field readSlice(const std::string& name, const std::vector<std::size_t>& leadingIndex) const {
        Field field;
        readSlice(name, leadingIndex, field);
        return field;
    }

    // The same into `field`, reusing its float buffer when the slice is float.
    void readSlice(const std::string& name, const std::vector<std::size_t>& leadingIndex, Field& field) const {
        readSlice(name, leadingIndex, field, Block{0, grid_.nlat(), 0, grid_.nlon()});
    }

    // Rows and columns `block` of the 2-D block.
    void readSlice(const std::string& name, const std::vector<std::size_t>& leadingIndex, Field& field,
                   const Block& block) const {
        const auto found = byName_.find(name);
        if (found == byName_.end()) throw Error(path_, "no field named " + name);
        const FieldEntry& entry = entries_[found->second];
        const FieldVariable& v = variables_[entry.variable];

        std::vector<std::size_t> start, count;
        for (std::size_t dim : v.leadingDims) start.push_back(leadingIndex[dim]), count.push_back(1);
        if (v.hasLevel) start.push_back(entry.level), count.push_back(1);
        start.insert(start.end(), {block.row, block.column});
        count.insert(count.end(), {block.rows, block.columns});

        field.name = name;
        field.units = v.units;
        field.longName = v.longName;
        field.nlat = block.rows;
        field.nlon = block.columns;
        const std::size_t n = field.size();
        const bool packed = v.scale || v.offset;
        if (!packed && v.fileType == DType::Float32) {
            auto* reused = std::get_if<std::vector<float>>(&field.values);
            std::vector<float> values = reused ? std::move(*reused) : std::vector<float>{};
            values.resize(n);  // nothing to zero when the buffer held a field of this grid
            file_->readSlabInto(v.dataset, start, count, DType::Float32, values.data());
            for (double m : v.missing)
                std::replace(values.begin(), values.end(), static_cast<float>(m),
                             std::numeric_limits<float>::quiet_NaN());
            field.values = std::move(values);
            return;
        }
        std::vector<double> values(n);
        file_->readSlabInto(v.dataset, start, count, DType::Float64, values.data());
        for (double m : v.missing)
            std::replace(values.begin(), values.end(), m, std::numeric_limits<double>::quiet_NaN());
        if (packed) {
            const double scale = v.scale.value_or(1.0), offset = v.offset.value_or(0.0);
            for (double& x : values) x = x * scale + offset;
        }
        if (v.outputDouble) {
            field.values = std::move(values);
        } else {
            field.values = std::vector<float>(values.begin(), values.end());
        }
    }

    std::optional<std::string> stringAttr(const std::string& object, const std::string& name) const {
        return file_->stringAttribute(object, name);
    }

    Variable describe(const std::string& member) const {
        Variable v;
        v.dataset = "/" + member;
        v.name = startsWith(member, kNonCoordPrefix) ? member.substr(kNonCoordPrefix.size()) : member;
        v.info = file_->datasetInfo(v.dataset);
        for (const auto& scale : file_->dimensionScales(v.dataset)) v.dims.push_back(baseName(scale));
        v.isScale = stringAttr(v.dataset, "CLASS").value_or("") == "DIMENSION_SCALE";
        v.isPureDimension = v.isScale && startsWith(stringAttr(v.dataset, "NAME").value_or(""), kPureDimensionMarker);
        if (v.isScale && v.info.shape.size() == 1 && v.dims[0].empty()) v.dims[0] = member;
        return v;
    }

    // The coordinate variable of a dimension, if the file has one.
    const Variable* coordinate(const std::string& dim) const {
        const auto it = coordinates_.find(dim);
        return it == coordinates_.end() ? nullptr : &all_[it->second];
    }

    std::string coordinateAttr(const std::string& dim, const std::string& attr) const {
        const Variable* c = coordinate(dim);
        return c ? lower(stringAttr(c->dataset, attr).value_or("")) : "";
    }

    bool isLatitude(const std::string& dim) const {
        return !dim.empty() && (kLatNames.count(lower(dim)) || kLatUnits.count(coordinateAttr(dim, "units")) ||
                                coordinateAttr(dim, "standard_name") == "latitude");
    }

    bool isLongitude(const std::string& dim) const {
        return !dim.empty() && (kLonNames.count(lower(dim)) || kLonUnits.count(coordinateAttr(dim, "units")) ||
                                coordinateAttr(dim, "standard_name") == "longitude");
    }

    bool isLevel(const std::string& dim) const {
        if (dim.empty() || kLeadingNames.count(lower(dim))) return false;
        if (kLevelNames.count(lower(dim))) return true;
        const Variable* c = coordinate(dim);
        if (!c) return false;
        return coordinateAttr(dim, "axis") == "z" || file_->hasAttribute(c->dataset, "positive") ||
               kLevelUnits.count(coordinateAttr(dim, "units")) ||
               kLevelStandardNames.count(coordinateAttr(dim, "standard_name"));
    }

    std::vector<double> coordinateValues(const std::string& dim, std::size_t size) const {
        const Variable* c = coordinate(dim);
        if (!c || !c->info.dtype || c->info.shape != std::vector<std::size_t>{size}) return {};
        file_->checkReadSize(c->dataset, DType::Float64);  // before allocating
        std::vector<double> values(size);
        file_->readInto(c->dataset, DType::Float64, values.data(), size);
        return values;
    }

    void discover(const FieldSourceOptions& options) {
        std::set<std::string> bounds;
        for (const auto& member : file_->members("/")) {
            if (!file_->isDataset("/" + member)) continue;
            all_.push_back(describe(member));
            const Variable& v = all_.back();
            if (v.isScale && v.info.shape.size() == 1 && !v.isPureDimension) coordinates_[v.dims[0]] = all_.size() - 1;
            if (auto b = stringAttr(v.dataset, "bounds")) bounds.insert(*b);
        }

        // Files written without dimension scales: take lat/lon from same-named 1-D datasets by size.
        std::optional<std::size_t> unnamedLatSize, unnamedLonSize;
        for (const Variable& v : all_) {
            if (v.isScale || v.info.shape.size() != 1) continue;
            if (kLatNames.count(lower(v.name)) && !coordinates_.count(v.name)) unnamedLatSize = v.info.shape[0];
            if (kLonNames.count(lower(v.name)) && !coordinates_.count(v.name)) unnamedLonSize = v.info.shape[0];
        }

        std::string latDim, lonDim;
        bool haveGrid = false;
        for (const Variable& v : all_) {
            const std::size_t rank = v.info.shape.size();
            if (v.isScale || rank < 2 || !v.info.dtype || bounds.count(v.name) || endsWith(v.name, "_bnds") ||
                endsWith(v.name, "_bounds"))
                continue;
            std::string vLat = v.dims[rank - 2], vLon = v.dims[rank - 1];
            const bool named = isLatitude(vLat) && isLongitude(vLon);
            const bool bySize = vLat.empty() && vLon.empty() && unnamedLatSize && unnamedLonSize &&
                                v.info.shape[rank - 2] == *unnamedLatSize && v.info.shape[rank - 1] == *unnamedLonSize;
            if (!named && !bySize) continue;
            if (bySize) vLat = "lat", vLon = "lon";
            if (!haveGrid) {
                latDim = vLat, lonDim = vLon, haveGrid = true;
                nlat_ = v.info.shape[rank - 2], nlon_ = v.info.shape[rank - 1];
            }
            if (vLat != latDim || vLon != lonDim || v.info.shape[rank - 2] != nlat_ || v.info.shape[rank - 1] != nlon_)
                continue;  // on another grid than the file's first field
            addFieldVariable(v, rank >= 3 && isLevel(v.dims[rank - 3]));
        }
        if (!haveGrid)
            throw Error(path_, "holds no fields: no variable with latitude and longitude as its last two dimensions");

        leadingIndex_ = options.leadingIndex;
        if (leadingIndex_.size() > leadingNames_.size())
            throw Error(path_, std::to_string(leadingIndex_.size()) + " leading indices given but the file has " +
                                   std::to_string(leadingNames_.size()) + " leading dimension(s)");
        leadingIndex_.resize(leadingNames_.size(), 0);
        for (std::size_t d = 0; d < leadingNames_.size(); ++d)
            if (leadingIndex_[d] >= leadingSizes_[d])
                throw Error(path_, "index " + std::to_string(leadingIndex_[d]) + " along dimension " +
                                       leadingNames_[d] + " is out of range (size " + std::to_string(leadingSizes_[d]) +
                                       ")");

        findRolloutAxes(options.leadingIndex.size());

        grid_.lat = coordinateValues(latDim, nlat_);
        grid_.lon = coordinateValues(lonDim, nlon_);
        if (grid_.lat.empty() && unnamedLatSize == nlat_) grid_.lat = datasetValues(latDim, nlat_);
        if (grid_.lon.empty() && unnamedLonSize == nlon_) grid_.lon = datasetValues(lonDim, nlon_);
        if (grid_.lat.empty() || grid_.lon.empty()) {
            auto inferred = inferGlobalGrid(nlat_, nlon_, options.assumeLatAscending);
            if (!inferred)
                throw Error(path_, "has no latitude/longitude coordinate variables and its " + std::to_string(nlat_) +
                                       "×" + std::to_string(nlon_) + " grid is no regular global grid");
            grid_ = std::move(*inferred);
        }
        requireUsableCoordinates(grid_, path_);
    }

    // The lead axis and member axis among the leading dimensions; other leading dimensions (a
    // batch of 1, an init time) keep options.leadingIndex, and so do the first `pinned` ones.
    void findRolloutAxes(std::size_t pinned) {
        for (const std::string& name : kLeadAxisNames) {
            for (std::size_t d = 0; d < leadingNames_.size() && !leadAxis_; ++d)
                if (lower(leadingNames_[d]) == name) leadAxis_ = d;
        }
        for (std::size_t d = 0; d < leadingNames_.size() && !memberAxis_; ++d)
            if (kMemberAxisNames.count(lower(leadingNames_[d])) && d != leadAxis_) memberAxis_ = d;
        const bool leadPinned = leadAxis_ && *leadAxis_ < pinned;
        if (memberAxis_ && *memberAxis_ < pinned) memberAxis_.reset();

        if (!leadAxis_) {
            leads_ = {LeadTime{}};
        } else {
            const std::size_t n = leadingSizes_[*leadAxis_];
            const std::vector<double> hours = leadHours(leadingNames_[*leadAxis_], n);
            for (std::size_t k = 0; k < n; ++k) {
                LeadTime lead{k, std::nullopt};
                if (k < hours.size() && std::isfinite(hours[k])) lead.hours = hours[k];
                if (!leadPinned || k == leadingIndex_[*leadAxis_]) leads_.push_back(lead);
            }
        }
        if (memberAxis_) {
            const std::size_t n = leadingSizes_[*memberAxis_];
            const std::vector<double> numbers = coordinateValues(leadingNames_[*memberAxis_], n);
            for (std::size_t k = 0; k < n; ++k) {
                const bool usable = k < numbers.size() && std::isfinite(numbers[k]) && std::abs(numbers[k]) < 1e9;
                members_.push_back(usable ? static_cast<int>(numbers[k]) : static_cast<int>(k));
            }
        }
    }

    // Hours of each lead, from the axis' coordinate and its CF units; empty when unknown. Dates
    // ("hours since …") become leads from the reference time variable, else are unknown.
    std::vector<double> leadHours(const std::string& dim, std::size_t n) const {
        const Variable* c = coordinate(dim);
        if (!c) return {};
        const auto units = parseCfTimeUnits(stringAttr(c->dataset, "units").value_or(""));
        if (!units) return {};
        std::vector<double> values = coordinateValues(dim, n);
        if (values.empty()) return {};
        for (double& v : values) v *= units->hoursPerUnit;
        if (!units->epochHours) return values;
        const std::optional<double> reference = referenceTimeHours();
        if (!reference) return {};  // valid dates without a start: the lead is unknown, not "from the first date"
        for (double& v : values) v -= *reference - *units->epochHours;
        return values;
    }

    // forecast_reference_time / init_time as a single value, in hours since 1970-01-01.
    std::optional<double> referenceTimeHours() const {
        for (const std::string& name : kReferenceTimeNames) {
            for (const Variable& v : all_) {
                if (lower(v.name) != name || !v.info.dtype) continue;
                std::size_t count = 1;
                for (std::size_t extent : v.info.shape) count *= extent;
                if (count != 1) continue;
                const auto units = parseCfTimeUnits(stringAttr(v.dataset, "units").value_or(""));
                if (!units || !units->epochHours) continue;
                double value = 0;
                file_->readInto(v.dataset, DType::Float64, &value, 1);
                return *units->epochHours + value * units->hoursPerUnit;
            }
        }
        return std::nullopt;
    }

    // Values of a plain 1-D dataset named like the dimension (files without dimension scales).
    std::vector<double> datasetValues(const std::string& dim, std::size_t size) const {
        for (const Variable& v : all_) {
            if (!v.isScale && (dim == "lat" ? kLatNames : kLonNames).count(lower(v.name)) && v.info.dtype &&
                v.info.shape == std::vector<std::size_t>{size}) {
                file_->checkReadSize(v.dataset, DType::Float64);  // before allocating
                std::vector<double> values(size);
                file_->readInto(v.dataset, DType::Float64, values.data(), size);
                return values;
            }
        }
        return {};
    }

    // A field block is allocated before it is read: refuse grids the file cannot hold (data never
    // written reads as fill values, so small files may claim large shapes, but not absurd ones).
    void checkFieldSize(const Variable& v, std::size_t levels) const {
        const std::size_t item = dtypeSize(*v.info.dtype);
        std::size_t points = 0, fileBytes = 0;
        const bool overflow = __builtin_mul_overflow(nlat_, nlon_, &points) ||
                              __builtin_mul_overflow(points, item, &fileBytes) || points > kMaxFieldPoints;
        const std::uint64_t room = file_->fileSize() * (v.info.filtered ? kMaxInflation : 1);
        if (overflow || (points * sizeof(double) > kAlwaysAllowedFieldBytes && fileBytes > room))
            throw Error(path_, "variable " + v.name + " claims a " + std::to_string(nlat_) + "×" +
                                   std::to_string(nlon_) + " grid, more than the file can hold: the file is damaged");
        if (levels > kMaxLevels)
            throw Error(path_,
                        "variable " + v.name + " claims " + std::to_string(levels) + " levels: the file is damaged");
    }

    void addFieldVariable(const Variable& v, bool hasLevel) {
        checkFieldSize(v, hasLevel ? v.info.shape[v.info.shape.size() - 3] : 1);
        FieldVariable f;
        f.dataset = v.dataset;
        f.name = v.name;
        f.shape = v.info.shape;
        f.hasLevel = hasLevel;
        f.fileType = *v.info.dtype;
        const std::size_t rank = v.info.shape.size();
        const std::size_t leadingAxes = rank - 2 - (hasLevel ? 1 : 0);
        for (std::size_t axis = 0; axis < leadingAxes; ++axis) {
            const std::string dim = v.dims[axis].empty() ? v.name + " axis " + std::to_string(axis) : v.dims[axis];
            auto it = std::find(leadingNames_.begin(), leadingNames_.end(), dim);
            if (it == leadingNames_.end()) {
                leadingNames_.push_back(dim);
                leadingSizes_.push_back(v.info.shape[axis]);
                it = leadingNames_.end() - 1;
            }
            f.leadingDims.push_back(static_cast<std::size_t>(it - leadingNames_.begin()));
        }
        f.units = stringAttr(v.dataset, "units").value_or("");
        f.longName = stringAttr(v.dataset, "long_name").value_or("");

        auto scalarOf = [&](const char* attr) -> std::optional<double> {
            const auto values = file_->numericAttribute(v.dataset, attr);
            if (!values || values->empty()) return std::nullopt;
            return values->front();
        };
        f.scale = scalarOf("scale_factor");
        f.offset = scalarOf("add_offset");
        if (const auto fill = scalarOf("_FillValue")) f.missing.push_back(*fill);
        if (const auto missing = file_->numericAttribute(v.dataset, "missing_value"))
            f.missing.insert(f.missing.end(), missing->begin(), missing->end());
        if (f.scale || f.offset) {
            const auto scaleType = file_->attributeDType(v.dataset, f.scale ? "scale_factor" : "add_offset");
            f.outputDouble = scaleType == DType::Float64;
        } else {
            f.outputDouble = f.fileType == DType::Float64 || dtypeSize(f.fileType) > 2;
        }

        const std::size_t index = variables_.size();
        if (!hasLevel) {
            variables_.push_back(std::move(f));
            addEntry(v.name, index, 0);
            return;
        }
        const std::string levelDim = v.dims[rank - 3];
        const std::size_t levels = v.info.shape[rank - 3];
        const std::vector<double> values = coordinateValues(levelDim, levels);
        // Without level values the names carry the level's position, which has no unit.
        if (const Variable* c = coordinate(levelDim); c && !values.empty())
            f.levelUnits = stringAttr(c->dataset, "units").value_or("");
        variables_.push_back(std::move(f));
        for (std::size_t k = 0; k < levels; ++k)
            addEntry(v.name + "@" + (values.empty() ? std::to_string(k) : levelLabel(values[k])), index, k);
    }

    void addEntry(const std::string& name, std::size_t variable, std::size_t level) {
        if (byName_.count(name)) return;  // repeated level values: the first one wins
        byName_[name] = entries_.size();
        entries_.push_back({name, variable, level});
    }

    std::string path_;
    std::unique_ptr<Hdf5Reader> file_;
    std::vector<Variable> all_;
    std::map<std::string, std::size_t> coordinates_;  // dimension name → index in all_
    std::vector<FieldVariable> variables_;
    std::vector<FieldEntry> entries_;
    std::map<std::string, std::size_t> byName_;
    std::vector<std::string> leadingNames_;
    std::vector<std::size_t> leadingSizes_;
    std::vector<std::size_t> leadingIndex_;
    std::optional<std::size_t> leadAxis_, memberAxis_;  // positions in leadingNames_
    std::vector<LeadTime> leads_;
    std::vector<int> members_;
    std::size_t nlat_ = 0, nlon_ = 0;
    LatLonGrid grid_;
};

}  // namespace

std::unique_ptr<FieldSource> openNetcdfFieldSource(const std::string& path, const FieldSourceOptions& options) {
    return std::make_unique<NetcdfFieldSource>(path, options);
}

}  // namespace meshdiff
