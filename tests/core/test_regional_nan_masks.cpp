// NaN masks per region (issue 33): a region's numbers say whether A's and B's NaN masks differ
// within it, and the regional scorecard flags (JSON nan_masks_differ, the hatch, Markdown "NaN ≠")
// only the cells whose region holds the difference. Values and NaN positions are written here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>

#include <unistd.h>

#include "compare/Comparison.h"
#include "compare/Scorecard.h"
#include "fields/FieldMetrics.h"
#include "fields/Regions.h"
#include "io/NpzArchive.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

const std::vector<double> kLats{-60, -30, 0, 30, 60};
constexpr std::size_t kLon = 8;  // 0°, 45°, …, 315°
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

LatLonGrid grid() {
    LatLonGrid g;
    g.lat = kLats;
    for (std::size_t j = 0; j < kLon; ++j) g.lon.push_back(45.0 * double(j));
    return g;
}

// A smooth field, with `special` at (lat, lon) when given.
std::vector<double> values(double latAt = 999, double lonAt = 999, double special = 0) {
    std::vector<double> v;
    for (double lat : kLats)
        for (std::size_t j = 0; j < kLon; ++j) {
            const double lon = 45.0 * double(j);
            v.push_back(lat == latAt && lon == lonAt ? special : 280 + lat / 10 + double(j));
        }
    return v;
}

template <class T>
Field field(const std::vector<double>& v) {
    Field f;
    f.name = "x";
    f.nlat = kLats.size();
    f.nlon = kLon;
    f.values = std::vector<T>(v.begin(), v.end());
    return f;
}

struct RegionCase {
    Region region;
    bool masksEqual;
};

// Each region's NaN-mask answer for A and B differing only at (0°, 90°), by every pass the numbers
// take: float32 rows (vectorised), float64 rows, and a mask over the points (point by point).
void expectPerRegion(const std::vector<double>& a, const std::vector<double>& b, const std::vector<RegionCase>& cases) {
    const LatLonGrid g = grid();
    const GridAlignment al = alignGrids(g, g, "A", "B");
    std::vector<RegionSelection> selections;
    for (const RegionCase& c : cases) selections.push_back(selectRegion(c.region, g, al));
    const std::vector<std::uint8_t> everyPoint(al.size(), 1);
    for (int pass = 0; pass < 3; ++pass) {
        const FieldMetrics m =
            pass == 0 ? computeFieldMetrics(field<float>(a), field<float>(b), al, nullptr, 1, nullptr, &selections)
            : pass == 1
                ? computeFieldMetrics(field<double>(a), field<double>(b), al, nullptr, 1, nullptr, &selections)
                : computeFieldMetrics(field<float>(a), field<float>(b), al, &everyPoint, 1, nullptr, &selections);
        ASSERT_EQ(m.regions.size(), cases.size());
        EXPECT_FALSE(m.nanMasksEqual) << "pass " << pass;
        EXPECT_FALSE(m.areaWeighted.nanMasksEqual) << "pass " << pass;
        for (std::size_t r = 0; r < cases.size(); ++r)
            EXPECT_EQ(m.regions[r].nanMasksEqual, cases[r].masksEqual) << cases[r].region.name << ", pass " << pass;
    }
}

std::vector<RegionCase> casesAroundTheEquatorAt90East() {
    std::vector<RegionCase> cases;
    for (const Region& r : standardRegions()) cases.push_back({r, r.name != "global" && r.name != "tropics"});
    cases.push_back({parseRegionBox("10,80,-10,100"), false});   // holds (0°, 90°E)
    cases.push_back({parseRegionBox("10,170,-10,-170"), true});  // the same band across the date line
    cases.push_back({parseRegionBox("70,80,50,100"), true});     // 60°N above it
    return cases;
}

}  // namespace

TEST(RegionalNanMasks, ANaNInBOnlyDiffersInTheRegionsThatHoldIt) {
    expectPerRegion(values(), values(0, 90, kNaN), casesAroundTheEquatorAt90East());
}

TEST(RegionalNanMasks, NaNAgainstInfinityDiffersThereTooAndTheSameNaNNowhere) {
    expectPerRegion(values(0, 90, kNaN), values(0, 90, std::numeric_limits<double>::infinity()),
                    casesAroundTheEquatorAt90East());
    const LatLonGrid g = grid();
    const GridAlignment al = alignGrids(g, g, "A", "B");
    std::vector<RegionSelection> selections;
    for (const Region& r : standardRegions()) selections.push_back(selectRegion(r, g, al));
    const FieldMetrics same = computeFieldMetrics(field<float>(values(0, 90, kNaN)), field<float>(values(0, 90, kNaN)),
                                                  al, nullptr, 1, nullptr, &selections);
    EXPECT_TRUE(same.nanMasksEqual);
    for (const AreaWeightedMetrics& r : same.regions) EXPECT_TRUE(r.nanMasksEqual);
}

namespace {

NdArray floats(const std::vector<double>& values, std::vector<std::size_t> shape) {
    const std::vector<float> f(values.begin(), values.end());
    NdArray array;
    array.dtype = DType::Float32;
    array.shape = std::move(shape);
    array.bytes.resize(f.size() * sizeof(float));
    std::memcpy(array.bytes.data(), f.data(), array.bytes.size());
    return array;
}

class RegionalScorecard : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("meshdiff_regional_masks_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string writeRun(const std::string& run, const std::map<std::string, std::vector<double>>& fields) const {
        fs::create_directories(dir_ / run);
        NpzWriter npz((dir_ / run / "fields.npz").string(), false);
        std::vector<double> lon;
        for (std::size_t j = 0; j < kLon; ++j) lon.push_back(45.0 * double(j));
        npz.add("lat", floats(kLats, {kLats.size()}));
        npz.add("lon", floats(lon, {kLon}));
        for (const auto& [name, v] : fields) npz.add(name, floats(v, {kLats.size(), kLon}));
        npz.close();
        return (dir_ / run).string();
    }

    fs::path dir_;
};

}  // namespace

// B equals A but for one NaN of each field: t@850's at 60°N 0°E (polar, extratropics north), msl's
// at 0° 90°E (tropics). Each region's scorecard flags only the field whose NaN lies in it; the
// other field's cell there is the exact 0 of A − B.
TEST_F(RegionalScorecard, FlagsOnlyTheCellsWhoseRegionHoldsTheDifferentNaN) {
    const std::string a = writeRun("A", {{"t@850", values()}, {"msl", values()}});
    const std::string b = writeRun("B", {{"t@850", values(60, 0, kNaN)}, {"msl", values(0, 90, kNaN)}});
    const Comparison comparison = compareRuns(a, b, CompareOptions{});
    ASSERT_TRUE(comparison.fields);

    const auto flags = [&](const std::string& region) {
        return scorecardToJson(buildScorecard(*comparison.fields, region))["nan_masks_differ"];
    };
    EXPECT_EQ(flags("global"), nlohmann::json::parse("[[true], [true]]"));
    EXPECT_EQ(flags("tropics"), nlohmann::json::parse("[[false], [true]]"));
    EXPECT_EQ(flags("polar"), nlohmann::json::parse("[[true], [false]]"));
    EXPECT_EQ(flags("extratropics_north"), nlohmann::json::parse("[[true], [false]]"));
    EXPECT_EQ(flags("extratropics_south"), nlohmann::json::parse("[[false], [false]]"));

    const Scorecard tropics = buildScorecard(*comparison.fields, "tropics");
    ASSERT_EQ(tropics.rows.size(), 2u);
    EXPECT_EQ(tropics.rows[0].field, "t@850");
    EXPECT_FALSE(tropics.nanMasksDiffer(0, 0));
    EXPECT_EQ(tropics.cells[0][0], 0.0) << "t@850 is the same in the tropics: a calm 0, not hatched";
    EXPECT_TRUE(tropics.nanMasksDiffer(1, 0));
    EXPECT_TRUE(std::isnan(tropics.cells[1][0]));

    const Scorecard south = buildScorecard(*comparison.fields, "extratropics_south");
    EXPECT_TRUE(south.maskDiffers.empty()) << "no NaN differs south of 20°S";
    EXPECT_EQ(south.cells[1][0], 0.0);
}
