// The diagnosis of a compare (core/diagnose, docs/diagnosis.md): real graph pairs of
// tests/data/graphs with synthetic fields whose A−B is shaped like real GPU output — a graph-caused
// part at the grid points whose mesh→grid triangle differs (max |A−B| ~100× its RMS) and a
// TF32-like part of similar RMS at every point.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <random>

#include <unistd.h>

#include "compare/Comparison.h"
#include "compare/DiagnoseLead.h"
#include "core/TestPaths.h"
#include "diagnose/Diagnosis.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kLat = 181, kLon = 360;  // the graphs' 1° grid, latitude ascending

using Values = std::vector<float>;

Values smoothField(double offset, double scale) {
    Values v(kLat * kLon);
    for (std::size_t i = 0; i < kLat; ++i)
        for (std::size_t j = 0; j < kLon; ++j) {
            const double lat = (double(i) - 90) * M_PI / 180, lon = double(j) * M_PI / 180;
            v[i * kLon + j] = float(offset + scale * (std::cos(lat) + 0.3 * std::sin(2 * lon) * std::cos(lat)));
        }
    return v;
}

// Decoder-like: at each grid point whose triangle differs, amplitudes falling as 1/√k.
Values graphCaused(const GraphDiff& diff, double amplitude) {
    Values d(kLat * kLon, 0.0f);
    for (std::size_t k = 0; k < diff.m2gChanged.size(); ++k)
        d[std::size_t(diff.m2gChanged[k].grid)] = float(amplitude / std::sqrt(double(k + 1)));
    return d;
}

// TF32-like: Gaussian, every point, a fixed seed.
Values spreadEverywhere(double rms, unsigned seed) {
    std::mt19937 random(seed);
    std::normal_distribution<double> normal(0, rms);
    Values d(kLat * kLon);
    for (float& x : d) x = float(normal(random));
    return d;
}

double rmsOf(const Values& d) {
    double s = 0;
    for (float x : d) s += double(x) * x;
    return std::sqrt(s / double(d.size()));
}

Values plus(Values a, const Values& d) {
    for (std::size_t p = 0; p < a.size(); ++p) a[p] += d[p];
    return a;
}

class DiagnoseCompare : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("meshdiff_diagnosis_" + std::to_string(::getpid()) + "_" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    static const GraphDiff& defaultVsSse() {
        static const GraphDiff diff = diffGraphs(graph("default"), graph("sse"));
        return diff;
    }
    static MeshGraph graph(const std::string& simd) {
        return readGraph(test::officialGraph("wn2_graph_1p0deg_" + simd + ".npz").string());
    }

    // Run folders A and B with the official graphs of `simdA`/`simdB` and two fields each: B = A + d.
    Comparison compare(const std::string& simdA, const std::string& simdB, const Values& d, double tolerance = 0) {
        const std::map<std::string, Values> a = {{"2m_temperature", smoothField(280, 20)},
                                                 {"10m_u_component_of_wind", smoothField(0, 8)}};
        std::map<std::string, Values> b;
        for (const auto& [name, values] : a) b[name] = plus(values, d);
        writeRun("A", simdA, a);
        writeRun("B", simdB, b);
        CompareOptions options;
        options.tolerance = tolerance;
        options.assessRisk = false;
        return compareRuns((dir_ / "A").string(), (dir_ / "B").string(), options);
    }

private:
    void writeRun(const std::string& run, const std::string& simd, const std::map<std::string, Values>& fields) const {
        fs::create_directories(dir_ / run);
        fs::copy_file(test::officialGraph("wn2_graph_1p0deg_" + simd + ".npz"), dir_ / run / "graph.npz",
                      fs::copy_options::overwrite_existing);
        NpzWriter npz((dir_ / run / "fields.npz").string(), false);
        for (const auto& [name, values] : fields) {
            NdArray array;
            array.dtype = DType::Float32;
            array.shape = {kLat, kLon};
            array.bytes.resize(values.size() * sizeof(float));
            std::memcpy(array.bytes.data(), values.data(), array.bytes.size());
            npz.add(name, array);
        }
        npz.close();
    }
    fs::path dir_;
};

meshdiff::Diagnosis diagnosisOf(const Comparison& c) {
    EXPECT_TRUE(c.diagnosis);
    return c.diagnosis.value_or(meshdiff::Diagnosis{});
}

}  // namespace

TEST_F(DiagnoseCompare, TheTestDifferencesHaveTheShapeOfRealGpuOutput) {
    const Values graphPart = graphCaused(defaultVsSse(), 1.0);
    const double ratio = *std::max_element(graphPart.begin(), graphPart.end()) / rmsOf(graphPart);
    EXPECT_GT(ratio, 70);
    EXPECT_LT(ratio, 200);
    EXPECT_NEAR(rmsOf(spreadEverywhere(rmsOf(graphPart), 1)) / rmsOf(graphPart), 1.0, 0.01);
}

TEST_F(DiagnoseCompare, ADifferenceAtTheChangedTrianglesIsCausedByTheGraph) {
    const auto d = diagnosisOf(compare("default", "sse", graphCaused(defaultVsSse(), 1.0)));
    EXPECT_EQ(d.cause, Cause::Graph) << d.explanation;
    EXPECT_EQ(d.triangles, 17u);
    EXPECT_GT(d.graphShare, 0.95);
    EXPECT_LT(d.globeAreaNear, 0.01);
    ASSERT_EQ(d.perField.size(), 2u);
    for (const FieldDiagnosis& f : d.perField) {
        EXPECT_EQ(f.cause, Cause::Graph) << f.field.name;
        EXPECT_NEAR(f.energyNear, 1.0, 1e-9);
        EXPECT_GT(f.concentration, 100);
    }
    EXPECT_NE(d.explanation.find("comes from the graph"), std::string::npos) << d.explanation;
}

TEST_F(DiagnoseCompare, ATf32LikeDifferenceEverywhereIsSpreadThoughTheGraphsDiffer) {
    const double rms = rmsOf(graphCaused(defaultVsSse(), 1.0));
    const auto d = diagnosisOf(compare("default", "sse", spreadEverywhere(rms, 7)));
    EXPECT_EQ(d.cause, Cause::Everywhere) << d.explanation;
    EXPECT_TRUE(d.graphsDiffer);
    for (const FieldDiagnosis& f : d.perField) {
        EXPECT_EQ(f.cause, Cause::Everywhere) << f.field.name;
        EXPECT_GT(f.concentration, 0.5);
        EXPECT_LT(f.concentration, 1.5);
        EXPECT_LT(f.graphShare, 0.05);
    }
}

TEST_F(DiagnoseCompare, BothPartsTogetherAreMixed) {
    const Values graphPart = graphCaused(defaultVsSse(), 1.0);
    const auto d = diagnosisOf(compare("default", "sse", plus(graphPart, spreadEverywhere(rmsOf(graphPart), 7))));
    EXPECT_EQ(d.cause, Cause::Mixed) << d.explanation;
    EXPECT_GT(d.graphShare, 0.3);
    EXPECT_LT(d.graphShare, 0.7);
}

TEST_F(DiagnoseCompare, FieldsWithinToleranceHaveNoCauseEvenWhenTheGraphsDiffer) {
    const auto equal = diagnosisOf(compare("default", "sse", Values(kLat * kLon, 0.0f)));
    EXPECT_EQ(equal.cause, Cause::None) << equal.explanation;
    EXPECT_EQ(equal.fieldsBeyondTolerance, 0u);
    EXPECT_NE(equal.explanation.find("although the graphs differ"), std::string::npos) << equal.explanation;

    const auto tiny = diagnosisOf(compare("default", "sse", spreadEverywhere(1e-4, 3), 1e-3));
    EXPECT_EQ(tiny.cause, Cause::None) << tiny.explanation;
}

TEST_F(DiagnoseCompare, IdenticalGraphsLeaveOnlyASpreadCause) {
    const auto d = diagnosisOf(compare("default", "default", graphCaused(defaultVsSse(), 1.0)));
    EXPECT_EQ(d.cause, Cause::Everywhere) << d.explanation;
    EXPECT_FALSE(d.graphsDiffer);
    EXPECT_NE(d.explanation.find("graphs are identical"), std::string::npos) << d.explanation;
}

TEST_F(DiagnoseCompare, HalfTheMeshMovedByOneUlpDoesNotHideTheChangedTriangles) {
    const GraphDiff avx2 = diffGraphs(graph("default"), graph("avx2"));
    ASSERT_GT(avx2.movedNodes.size(), 10000u);
    const auto d = diagnosisOf(compare("default", "avx2", graphCaused(avx2, 1.0)));
    EXPECT_EQ(d.cause, Cause::Graph) << d.explanation;
    EXPECT_EQ(d.movedNodes, avx2.movedNodes.size());
    EXPECT_LT(d.globeAreaNear, 0.01);
}

// A rollout's later lead is diagnosed from its own fields with what the pair's diagnosis knows:
// here the first lead differs everywhere (spread), a later one at the changed triangles (graph).
TEST_F(DiagnoseCompare, ALaterLeadIsDiagnosedFromItsOwnFields) {
    const double rms = rmsOf(graphCaused(defaultVsSse(), 1.0));
    const auto first = diagnosisOf(compare("default", "sse", spreadEverywhere(rms, 7)));
    ASSERT_EQ(first.cause, Cause::Everywhere);
    Comparison later = compare("default", "sse", graphCaused(defaultVsSse(), 1.0));
    ASSERT_TRUE(later.fields && later.fields->perLead.size() == 1);
    LeadComparison lead = later.fields->perLead.front();
    lead.hours = 18.0;

    const meshdiff::Diagnosis d = diagnoseLead(first, lead, 3);
    EXPECT_EQ(d.cause, Cause::Graph) << d.explanation;
    EXPECT_EQ(d.shownLead, 3u);
    EXPECT_EQ(d.explanation, diagnosisOf(later).explanation);
    EXPECT_EQ(d.triangles, 17u);
    ASSERT_EQ(d.perLead.size(), 1u);
    EXPECT_EQ(d.perLead.front().lead, 3u);
    EXPECT_EQ(d.perLead.front().hours, 18.0);
    ASSERT_EQ(d.perField.size(), 2u);
    for (const FieldDiagnosis& f : d.perField) {
        EXPECT_EQ(f.field.lead, 3u);
        EXPECT_EQ(f.cause, Cause::Graph) << f.field.name;
    }
}

TEST_F(DiagnoseCompare, JsonCarriesTheCauseThresholdsAndPerFieldNumbers) {
    const nlohmann::json j = comparisonToJson(compare("default", "sse", graphCaused(defaultVsSse(), 1.0)));
    const nlohmann::json& d = j.at("diagnosis");
    EXPECT_EQ(d.at("cause"), "graph");
    EXPECT_FALSE(d.at("explanation").get<std::string>().empty());
    EXPECT_EQ(d.at("thresholds").at("significant_share"), 0.1);
    EXPECT_EQ(d.at("differing_places").at("mesh2grid_triangles"), 17);
    ASSERT_EQ(d.at("per_field").size(), 2u);
    for (const auto& f : d.at("per_field")) {
        for (const char* key : {"name", "energy_near", "area_near", "concentration", "graph_share", "cause"})
            EXPECT_TRUE(f.contains(key)) << key;
    }
}

TEST(DiffNeighbourhood, MarksThePointsWithinTheRadiusAcrossTheDatelineAndAtThePole) {
    LatLonGrid grid;
    for (int i = -90; i <= 90; ++i) grid.lat.push_back(i);
    for (int j = 0; j < 360; ++j) grid.lon.push_back(j);
    DiffPlaces places;
    places.radiusDegrees = 2.5;
    places.latLon = {{0.0, 359.0}, {90.0, 0.0}};
    const DiffNeighbourhood n = neighbourhoodOn(places, grid);
    auto near = [&](int lat, int lon) {
        return n.zone[std::size_t(lat + 90) * 360 + std::size_t(lon)] == DiffNeighbourhood::Near;
    };
    EXPECT_TRUE(near(0, 359));
    EXPECT_TRUE(near(0, 1));  // 2° away, across 0°
    EXPECT_FALSE(near(0, 2));
    EXPECT_TRUE(near(2, 358));
    EXPECT_FALSE(near(2, 1));  // √(2² + 2²) > 2.5
    EXPECT_FALSE(near(3, 359));
    for (int lon : {0, 90, 180, 270}) {
        EXPECT_TRUE(near(88, lon));  // 2° from the pole, at every longitude
        EXPECT_FALSE(near(87, lon));
    }
    // 21 points around the first place, 3 rows of 360 around the pole.
    EXPECT_EQ(std::count(n.zone.begin(), n.zone.end(), DiffNeighbourhood::Near), 21 + 3 * 360);
    EXPECT_DOUBLE_EQ(n.areaShare, (21.0 + 3 * 360) / double(grid.size()));

    places.farDegrees = 5;
    const DiffNeighbourhood withFar = neighbourhoodOn(places, grid);
    auto zone = [&](int lat, int lon) { return withFar.zone[std::size_t(lat + 90) * 360 + std::size_t(lon)]; };
    EXPECT_EQ(zone(0, 1), DiffNeighbourhood::Near);
    EXPECT_EQ(zone(0, 3), DiffNeighbourhood::Between);
    EXPECT_EQ(zone(0, 5), DiffNeighbourhood::Far);
    EXPECT_EQ(zone(86, 200), DiffNeighbourhood::Between);
    EXPECT_EQ(withFar.areaShare, n.areaShare);
}

TEST(DiffNeighbourhood, TheRadiusIsTheMeshSpacing) {
    EXPECT_NEAR(meshSpacingDegrees(40962), 1.08, 0.01);
    EXPECT_NEAR(meshSpacingDegrees(10242), 2 * meshSpacingDegrees(40962), 0.01);
}

TEST(DiagnosisRule, FieldsThatDifferWithoutGraphsToCompareHaveAnUnknownCause) {
    DiagnosisInput input;
    input.fields.push_back({"t", 0, 6.0, std::nullopt, 0.01, 1.0, true, std::nullopt});
    const meshdiff::Diagnosis d = diagnose(input);
    EXPECT_EQ(d.cause, Cause::Unknown);
    EXPECT_EQ(diagnosisToJson(d).at("cause"), "unknown");
}

TEST(DiagnosisRule, AResidualIsNamedInTheExplanation) {
    DiagnosisInput input;
    input.pair.graphsCompared = true;
    input.fields.push_back({"t", 0, std::nullopt, std::nullopt, 0.01, 1.0, true, std::nullopt});
    input.pair.residual = DiagnosisResidual{"edge features of 12 grid→mesh edges drift by up to 2 ULPs"};
    const meshdiff::Diagnosis d = diagnose(input);
    EXPECT_EQ(d.cause, Cause::Everywhere);
    EXPECT_NE(d.explanation.find("edge features of 12"), std::string::npos) << d.explanation;
}

TEST(NearEnergy, SumsTheNearAndFarPointsOfFloatDoubleAndSubsampledFields) {
    LatLonGrid grid;
    for (int i = -3; i <= 3; ++i) grid.lat.push_back(30.0 * i);
    for (int j = 0; j < 14; ++j) grid.lon.push_back(j * 360.0 / 14);  // rows of 14: a tail after 3 lanes of 4
    DiffPlaces places;
    places.radiusDegrees = 40;
    places.farDegrees = 80;
    places.latLon = {{0.0, 0.0}};
    const DiffNeighbourhood around = neighbourhoodOn(places, grid);
    std::vector<float> a(grid.size()), b(grid.size());
    for (std::size_t p = 0; p < a.size(); ++p) {
        a[p] = float(p % 5);
        b[p] = a[p] + float((p * 7) % 3) * 0.5f;
    }
    a[3] = std::nanf("");
    b[13] = std::nanf("");  // in a row's tail
    const Field fa{"t", "", "", grid.nlat(), grid.nlon(), a}, fb{"t", "", "", grid.nlat(), grid.nlon(), b};
    const Field da{"t", "", "", grid.nlat(), grid.nlon(), std::vector<double>(a.begin(), a.end())};
    const GridAlignment same = alignGrids(grid, grid, "A", "B");
    const NearEnergy f32 = measureNearEnergy(fa, fb, same, around, computeFieldMetrics(fa, fb, same));
    const NearEnergy mixed = measureNearEnergy(da, fb, same, around, computeFieldMetrics(da, fb, same));

    double total = 0, near = 0, far = 0, area = 0, areaNear = 0, areaFar = 0;
    for (std::size_t i = 0; i < grid.nlat(); ++i)
        for (std::size_t j = 0; j < grid.nlon(); ++j) {
            const std::size_t p = i * grid.nlon() + j;
            if (!std::isfinite(a[p]) || !std::isfinite(b[p])) continue;
            const double dd = std::pow(double(a[p]) - b[p], 2);
            total += dd, area += 1;
            if (around.zone[p] == DiffNeighbourhood::Near) near += dd, areaNear += 1;
            if (around.zone[p] == DiffNeighbourhood::Far) far += dd, areaFar += 1;
        }
    ASSERT_GT(near, 0);
    ASSERT_GT(far, 0);
    // B on every second point of A's grid: only the common points count.
    LatLonGrid half;
    for (std::size_t i = 0; i < grid.nlat(); i += 2) half.lat.push_back(grid.lat[i]);
    for (std::size_t j = 0; j < grid.nlon(); j += 2) half.lon.push_back(grid.lon[j]);
    std::vector<float> bHalf;
    for (std::size_t i = 0; i < grid.nlat(); i += 2)
        for (std::size_t j = 0; j < grid.nlon(); j += 2) bHalf.push_back(b[i * grid.nlon() + j]);
    const Field fbHalf{"t", "", "", half.nlat(), half.nlon(), bHalf};
    const GridAlignment halfAlignment = alignGrids(grid, half, "A", "B");
    const NearEnergy sub =
        measureNearEnergy(fa, fbHalf, halfAlignment, around, computeFieldMetrics(fa, fbHalf, halfAlignment));
    double subTotal = 0, subNear = 0;
    for (std::size_t i = 0; i < grid.nlat(); i += 2)
        for (std::size_t j = 0; j < grid.nlon(); j += 2) {
            const std::size_t p = i * grid.nlon() + j;
            if (!std::isfinite(a[p]) || !std::isfinite(b[p])) continue;
            subTotal += std::pow(double(a[p]) - b[p], 2);
            if (around.zone[p] == DiffNeighbourhood::Near) subNear += std::pow(double(a[p]) - b[p], 2);
        }
    ASSERT_GT(subNear, 0);
    EXPECT_NEAR(sub.total, subTotal, 1e-9 * subTotal);
    EXPECT_NEAR(sub.near, subNear, 1e-9 * subTotal);

    for (const NearEnergy& e : {f32, mixed}) {
        EXPECT_NEAR(e.total, total, 1e-9 * total);
        EXPECT_NEAR(e.near, near, 1e-9 * total);
        EXPECT_NEAR(e.far, far, 1e-9 * total);
        EXPECT_NEAR(e.areaTotal, area, 1e-9 * area);
        EXPECT_NEAR(e.areaNear, areaNear, 1e-9 * area);
        EXPECT_NEAR(e.areaFar, areaFar, 1e-9 * area);
    }
}
