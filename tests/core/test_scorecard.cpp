// The reproducibility scorecard (compare/Scorecard.h): rows laid out as WeatherBench 2's
// visualize_scorecard (variables on levels stacked 50 … 1000, surface fields after), cells the
// area-weighted RMS of A − B over that of the spread pair, or the rel RMS without a spread; and
// one cell through compareRuns on run folders written here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>

#include <unistd.h>

#include "common/Error.h"
#include "compare/Comparison.h"
#include "compare/Scorecard.h"
#include "io/NpzArchive.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

AreaWeightedMetrics weighted(double rms, double relRms) {
    AreaWeightedMetrics w;
    w.rms = rms;
    w.relRms = relRms;
    return w;
}

FieldMetrics metric(const std::string& name, double rms, double relRms) {
    FieldMetrics m;
    m.name = name;
    m.units = "K";
    m.areaWeighted = weighted(rms, relRms);
    return m;
}

// One lead of fields t@850, t@500 and msl (A's order): difference RMS d[f], rel RMS r[f].
LeadComparison lead(double hours, const std::vector<double>& d, const std::vector<double>& r) {
    LeadComparison l;
    l.hours = hours;
    l.index = std::size_t(hours / 6);
    const std::vector<std::string> names{"t@850", "t@500", "msl"};
    for (std::size_t f = 0; f < names.size(); ++f) l.perField.push_back(metric(names[f], d[f], r[f]));
    return l;
}

MemberSpread spreadOf(const std::vector<std::optional<double>>& rms) {
    MemberSpread s;
    for (const auto& v : rms) {
        if (v) {
            s.perField.push_back(metric("", *v, 0.5));
        } else {
            s.perField.emplace_back();
        }
    }
    return s;
}

std::vector<std::string> fieldsOfRows(const Scorecard& card) {
    std::vector<std::string> names;
    for (const ScorecardRow& r : card.rows) names.push_back(r.field);
    return names;
}

}  // namespace

TEST(Scorecard, CellsAreTheDifferenceOverTheSpreadInWeatherBenchRowOrder) {
    FieldsComparison fields;
    fields.perLead.push_back(lead(6, {0.2, 0.3, 5.0}, {0.01, 0.02, 0.03}));
    fields.perLead.push_back(lead(12, {0.8, 0.6, 9.0}, {0.04, 0.05, 0.06}));
    fields.perLead[0].spread = spreadOf({0.4, 0.1, 2.0});
    fields.perLead[1].spread = spreadOf({0.4, 1.2, 3.0});

    const Scorecard card = buildScorecard(fields);
    EXPECT_EQ(card.metric, ScorecardMetric::RatioToSpread);
    // t's levels from the lowest number down, the surface field after.
    ASSERT_EQ(fieldsOfRows(card), (std::vector<std::string>{"t@500", "t@850", "msl"}));
    EXPECT_EQ(card.rows[0].variable, "t");
    EXPECT_EQ(card.rows[0].level, 500.0);
    EXPECT_FALSE(card.rows[2].level);
    EXPECT_EQ(card.fieldPosition, (std::vector<std::size_t>{1, 0, 2}));
    EXPECT_EQ(card.leadHours, (std::vector<std::optional<double>>{6.0, 12.0}));
    EXPECT_EQ(card.leadIndex, (std::vector<std::size_t>{1, 2}));
    const std::vector<std::vector<double>> expected{
        {0.3 / 0.1, 0.6 / 1.2}, {0.2 / 0.4, 0.8 / 0.4}, {5.0 / 2.0, 9.0 / 3.0}};
    for (std::size_t r = 0; r < 3; ++r)
        for (std::size_t c = 0; c < 2; ++c) EXPECT_DOUBLE_EQ(card.cells[r][c], expected[r][c]) << r << "," << c;
    EXPECT_TRUE(card.aboveSpread(0, 0));   // 3
    EXPECT_FALSE(card.aboveSpread(0, 1));  // 0.5
    EXPECT_FALSE(card.aboveSpread(1, 0));  // 0.5
    EXPECT_DOUBLE_EQ(card.spreadRms[0][1], 1.2);
    EXPECT_DOUBLE_EQ(card.differenceRms[2][1], 9.0);
    EXPECT_DOUBLE_EQ(card.relRms[1][0], 0.01);

    const nlohmann::json j = scorecardToJson(card);
    EXPECT_EQ(j["metric"], "area_weighted_rms_ratio_to_spread");
    EXPECT_EQ(j["region"], "global");
    EXPECT_EQ(j["rows"][1]["field"], "t@850");
    EXPECT_EQ(j["rows"][1]["level"], 850.0);
    EXPECT_TRUE(j["rows"][2]["level"].is_null());
    EXPECT_DOUBLE_EQ(j["cells"][2][0].get<double>(), 2.5);
    EXPECT_EQ(j["lead_hours"], nlohmann::json::parse("[6.0, 12.0]"));
}

TEST(Scorecard, CellsAreUndefinedWhereNoSpreadWasMeasuredOrItIsZero) {
    FieldsComparison fields;
    fields.perLead.push_back(lead(0, {0.2, 0.3, 5.0}, {0.01, 0.02, 0.03}));
    fields.perLead.push_back(lead(6, {0.2, 0.3, 5.0}, {0.01, 0.02, 0.03}));
    fields.perLead[0].spread = spreadOf({0.0, std::nullopt, 2.0});  // lead 6 h: no spread at all

    const Scorecard card = buildScorecard(fields);
    ASSERT_EQ(card.metric, ScorecardMetric::RatioToSpread);
    EXPECT_TRUE(std::isnan(card.cells[0][0]));  // t@500: not in the spread run
    EXPECT_TRUE(std::isnan(card.cells[1][0]));  // t@850: spread 0
    EXPECT_DOUBLE_EQ(card.cells[2][0], 2.5);
    for (std::size_t r = 0; r < 3; ++r) EXPECT_TRUE(std::isnan(card.cells[r][1])) << r;
    EXPECT_FALSE(card.aboveSpread(0, 0));
    const nlohmann::json j = scorecardToJson(card);
    EXPECT_TRUE(j["cells"][0][0].is_null());
    EXPECT_TRUE(j["cells"][2][1].is_null());
}

TEST(Scorecard, WithoutASpreadTheCellsAreTheAreaWeightedRelRms) {
    FieldsComparison fields;
    fields.perLead.push_back(lead(0, {0.2, 0.3, 5.0}, {0.01, 0.02, 0.03}));
    fields.perLead.push_back(lead(6, {0.4, 0.5, 6.0}, {0.04, std::nan(""), 0.06}));
    const Scorecard card = buildScorecard(fields);
    EXPECT_EQ(card.metric, ScorecardMetric::RelRms);
    EXPECT_DOUBLE_EQ(card.cells[0][0], 0.02);
    EXPECT_TRUE(std::isnan(card.cells[0][1]));
    EXPECT_DOUBLE_EQ(card.cells[1][1], 0.04);
    EXPECT_DOUBLE_EQ(card.cells[2][1], 0.06);
    EXPECT_FALSE(card.aboveSpread(2, 1));  // no spread: nothing is above it
    EXPECT_EQ(scorecardToJson(card)["metric"], "area_weighted_rel_rms");
}

// A field whose NaN positions differ is beyond tolerance while its RMS over the points finite in
// both can be 0: the cell is no number (never a calm 0) and says why.
TEST(Scorecard, ACellWhoseNanMasksDifferIsItsOwnStateNotAZero) {
    FieldsComparison fields;
    fields.perLead.push_back(lead(6, {0.0, 0.3, 5.0}, {0.0, 0.02, 0.03}));  // one lead, t@850 exactly 0
    fields.perLead[0].perField[0].nanMasksEqual = false;
    Scorecard card = buildScorecard(fields);
    ASSERT_EQ(card.metric, ScorecardMetric::RelRms);
    ASSERT_EQ(fieldsOfRows(card), (std::vector<std::string>{"t@500", "t@850", "msl"}));
    EXPECT_TRUE(std::isnan(card.cells[1][0])) << card.cells[1][0];
    EXPECT_TRUE(card.nanMasksDiffer(1, 0));
    EXPECT_FALSE(card.nanMasksDiffer(0, 0));
    EXPECT_DOUBLE_EQ(card.cells[0][0], 0.02);
    EXPECT_DOUBLE_EQ(card.differenceRms[1][0], 0.0) << "the numbers behind the cell stay";
    nlohmann::json j = scorecardToJson(card);
    EXPECT_TRUE(j["cells"][1][0].is_null());
    EXPECT_EQ(j["nan_masks_differ"], nlohmann::json::parse("[[false], [true], [false]]"));

    fields.perLead[0].spread = spreadOf({0.4, 0.1, 2.0});  // against a spread: the same
    card = buildScorecard(fields);
    EXPECT_TRUE(std::isnan(card.cells[1][0]));
    EXPECT_FALSE(card.aboveSpread(1, 0));
    EXPECT_TRUE(card.nanMasksDiffer(1, 0));

    fields.perLead[0].perField[0].nanMasksEqual = true;
    card = buildScorecard(fields);
    EXPECT_TRUE(card.maskDiffers.empty());
    EXPECT_EQ(scorecardToJson(card)["nan_masks_differ"], nlohmann::json::parse("[[false], [false], [false]]"));
}

TEST(Scorecard, VariablesOnLevelsComeFirstInTheirOrderThenTheSurfaceFields) {
    FieldsComparison fields;
    LeadComparison l;
    for (const char* name : {"msl", "t@850", "z@500", "u10", "t@50", "t@1000", "z@1000", "q@top", "q@700"}) {
        l.perField.push_back(metric(name, 1, 1));
        l.perField.back().levelUnits = "hPa";
    }
    fields.perLead.push_back(l);
    const Scorecard card = buildScorecard(fields);
    EXPECT_EQ(fieldsOfRows(card),
              (std::vector<std::string>{"t@50", "t@850", "t@1000", "z@500", "z@1000", "q@700", "q@top", "msl", "u10"}));
    EXPECT_EQ(card.rows[0].levelUnits, "hPa");
    EXPECT_EQ(card.rows[6].levelLabel, "top");
    EXPECT_FALSE(card.rows[6].level);
    EXPECT_EQ(card.rows[7].levelUnits, "");  // a surface field has no level
    const nlohmann::json j = scorecardToJson(card);
    EXPECT_EQ(j["rows"][0]["level_units"], "hPa");
    EXPECT_TRUE(j["rows"][7]["level_units"].is_null());
}

TEST(Scorecard, TheRowIsTheEntryOfTheMemberTheSpreadIsMeasuredFrom) {
    FieldsComparison fields;
    LeadComparison l;
    // Field-major: t (member 1, member 0), msl (member 1, member 0).
    l.perField = {metric("t", 9, 9), metric("t", 0.2, 0.02), metric("msl", 8, 8), metric("msl", 0.3, 0.03)};
    l.members = {1, 0, 1, 0};
    l.spread = spreadOf({0.4, 0.6});
    l.spread->memberA = 0;
    l.spread->memberB = 1;
    fields.perLead.push_back(l);
    const Scorecard card = buildScorecard(fields);
    EXPECT_EQ(fieldsOfRows(card), (std::vector<std::string>{"t", "msl"}));
    EXPECT_EQ(card.fieldPosition, (std::vector<std::size_t>{1, 3}));
    EXPECT_DOUBLE_EQ(card.cells[0][0], 0.2 / 0.4);
    EXPECT_DOUBLE_EQ(card.cells[1][0], 0.3 / 0.6);
}

TEST(Scorecard, ARegionTakesItsOwnNumbersAndAnUnknownOneIsAnError) {
    FieldsComparison fields;
    fields.regions = {Region{"global"}, Region{"tropics", -20, 20, true}};
    LeadComparison l = lead(0, {0.2, 0.3, 5.0}, {0.01, 0.02, 0.03});
    for (FieldMetrics& m : l.perField) m.regions = {m.areaWeighted, weighted(m.areaWeighted.rms * 3, 0.7)};
    l.spread = spreadOf({0.4, 0.1, 2.0});
    for (auto& s : l.spread->perField) s->regions = {s->areaWeighted, weighted(0.5, 0.1)};
    fields.perLead.push_back(l);

    const Scorecard tropics = buildScorecard(fields, "tropics");
    EXPECT_EQ(tropics.region, "tropics");
    EXPECT_DOUBLE_EQ(tropics.cells[0][0], 0.9 / 0.5);   // t@500
    EXPECT_DOUBLE_EQ(tropics.cells[1][0], 0.6 / 0.5);   // t@850
    EXPECT_DOUBLE_EQ(tropics.cells[2][0], 15.0 / 0.5);  // msl
    EXPECT_EQ(scorecardToJson(tropics)["region"], "tropics");

    try {
        buildScorecard(fields, "arctic");
        FAIL() << "no error for an unknown region";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("arctic"), std::string::npos) << e.what();
    }
}

TEST(Scorecard, NoLeadsNoRows) {
    const Scorecard card = buildScorecard(FieldsComparison{});
    EXPECT_TRUE(card.rows.empty());
    EXPECT_EQ(card.leadCount(), 0u);
}

namespace {

constexpr std::size_t kCardLat = 4, kCardLon = 8;
const std::vector<double> kCardLats{-67.5, -22.5, 22.5, 67.5};

// WeatherBench 2's cell areas, written out for this grid: rows bounded half-way between rows and
// at the poles, weight sin(north) − sin(south).
std::vector<double> rowWeights() {
    const double deg = M_PI / 180;
    const std::vector<double> bounds{-90, -45, 0, 45, 90};
    std::vector<double> w;
    for (std::size_t i = 0; i < kCardLat; ++i) w.push_back(std::sin(bounds[i + 1] * deg) - std::sin(bounds[i] * deg));
    return w;
}

double weightedRms(const std::vector<float>& a, const std::vector<float>& b) {
    const std::vector<double> w = rowWeights();
    double sum = 0, weights = 0;
    for (std::size_t i = 0; i < kCardLat; ++i)
        for (std::size_t j = 0; j < kCardLon; ++j) {
            const double d = double(a[i * kCardLon + j]) - double(b[i * kCardLon + j]);
            sum += w[i] * d * d;
            weights += w[i];
        }
    return std::sqrt(sum / weights);
}

NdArray floats(const std::vector<float>& values, std::vector<std::size_t> shape) {
    NdArray array;
    array.dtype = DType::Float32;
    array.shape = std::move(shape);
    array.bytes.resize(values.size() * sizeof(float));
    std::memcpy(array.bytes.data(), values.data(), array.bytes.size());
    return array;
}

class ScorecardOfRuns : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("meshdiff_scorecard_" + std::to_string(::getpid()));
        fs::remove_all(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string writeRun(const std::string& run, const std::map<std::string, std::vector<float>>& fields) const {
        fs::create_directories(dir_ / run);
        NpzWriter npz((dir_ / run / "fields.npz").string(), false);
        std::vector<float> lat(kCardLats.begin(), kCardLats.end()), lon;
        for (std::size_t j = 0; j < kCardLon; ++j) lon.push_back(float(45 * j));
        npz.add("lat", floats(lat, {kCardLat}));
        npz.add("lon", floats(lon, {kCardLon}));
        for (const auto& [name, values] : fields) npz.add(name, floats(values, {kCardLat, kCardLon}));
        npz.close();
        return (dir_ / run).string();
    }

    fs::path dir_;
};

// A smooth field plus `bump` times a pattern that is largest near the poles (so that the
// unweighted and the area-weighted RMS differ).
std::vector<float> field(double offset, double bump) {
    std::vector<float> v(kCardLat * kCardLon);
    for (std::size_t i = 0; i < kCardLat; ++i)
        for (std::size_t j = 0; j < kCardLon; ++j) {
            const double polar = std::abs(kCardLats[i]) > 45 ? 1.0 : 0.25;
            v[i * kCardLon + j] =
                float(offset + 3.0 * double(i) + 0.5 * double(j) + bump * polar * double(1 + (i + j) % 3));
        }
    return v;
}

}  // namespace

TEST_F(ScorecardOfRuns, ACellThroughCompareRunsIsTheAreaWeightedRatioToTheSpreadRun) {
    const auto a = std::map<std::string, std::vector<float>>{{"t@850", field(250, 0)}, {"msl", field(1000, 0)}};
    const auto b = std::map<std::string, std::vector<float>>{{"t@850", field(250, 0.02)}, {"msl", field(1000, 0.5)}};
    const auto c = std::map<std::string, std::vector<float>>{{"t@850", field(250, -0.05)}, {"msl", field(1000, 0.1)}};
    const std::string runA = writeRun("A", a), runB = writeRun("B", b), runC = writeRun("C", c);
    CompareOptions options;
    options.spreadRun = runC;
    const Comparison comparison = compareRuns(runA, runB, options);
    ASSERT_TRUE(comparison.fields);

    const Scorecard card = buildScorecard(*comparison.fields);
    ASSERT_EQ(card.metric, ScorecardMetric::RatioToSpread);
    ASSERT_EQ(fieldsOfRows(card), (std::vector<std::string>{"t@850", "msl"}));
    ASSERT_EQ(card.leadCount(), 1u);
    const double t850 = weightedRms(a.at("t@850"), b.at("t@850")) / weightedRms(a.at("t@850"), c.at("t@850"));
    const double msl = weightedRms(a.at("msl"), b.at("msl")) / weightedRms(a.at("msl"), c.at("msl"));
    EXPECT_NEAR(card.cells[0][0], t850, 1e-4 * t850);
    EXPECT_NEAR(card.cells[1][0], msl, 1e-4 * msl);
    EXPECT_LT(card.cells[0][0], 1);  // B is closer to A than C is
    EXPECT_GT(card.cells[1][0], 1);
}
