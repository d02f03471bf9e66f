#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "common/Error.h"
#include "demo/Demo.h"
#include "demo/MessagePassingModel.h"
#include "demo/SyntheticWeather.h"
#include "graph/GraphDiff.h"
#include "graph/GraphHash.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

nlohmann::json readJson(const fs::path& p) {
    std::ifstream in(p);
    return nlohmann::json::parse(in);
}

struct DemoFolder {
    fs::path dir;
    DemoResult result;
    DemoFolder() {
        dir = fs::temp_directory_path() / ("meshdiff_demo_test_" + std::to_string(::getpid()));
        fs::remove_all(dir);
        result = writeDemo({dir.string(), 1.0});
    }
    ~DemoFolder() { fs::remove_all(dir); }
};

const DemoFolder& demo() {
    static DemoFolder folder;
    return folder;
}

}  // namespace

TEST(Demo, WritesTwoRunFoldersWithSyntheticMetadataAndTheirGraphHash) {
    for (const char* run : {"A", "B"}) {
        const fs::path d = demo().dir / run;
        ASSERT_TRUE(fs::exists(d / "graph.npz"));
        ASSERT_TRUE(fs::exists(d / "fields.npz"));
        const auto meta = readJson(d / "run.json");
        EXPECT_TRUE(meta.at("synthetic").get<bool>());
        for (const char* key : {"label", "device", "numpy_simd", "graph_hash"}) EXPECT_TRUE(meta.contains(key)) << key;
        EXPECT_EQ(meta["graph_hash"].get<std::string>(), canonicalGraphHash(readGraph((d / "graph.npz").string())));
    }
    EXPECT_NE(readJson(demo().dir / "A/run.json")["graph_hash"], readJson(demo().dir / "B/run.json")["graph_hash"]);
}

TEST(Demo, FieldsAreNamedLikeRealOutputsWithNanMasksAndDifferOnlySlightly) {
    const NpzArchive a((demo().dir / "A/fields.npz").string()), b((demo().dir / "B/fields.npz").string());
    const auto keys = a.keys();
    EXPECT_GE(keys.size(), 20u);
    EXPECT_EQ(keys, b.keys());
    std::size_t levelled = 0, masked = 0, differing = 0;
    for (const auto& k : keys) {
        levelled += k.find('@') != std::string::npos;
        const auto fa = a.read(k).toFloat32(), fb = b.read(k).toFloat32();
        ASSERT_EQ(fa.size(), 181u * 360u) << k;
        std::size_t nan = 0;
        double worst = 0, lo = 1e300, hi = -1e300;
        for (std::size_t i = 0; i < fa.size(); ++i) {
            if (std::isnan(fa[i])) {
                ++nan;
                EXPECT_TRUE(std::isnan(fb[i]));
                continue;
            }
            worst = std::max(worst, double(std::abs(fa[i] - fb[i])));
            lo = std::min(lo, double(fa[i]));
            hi = std::max(hi, double(fa[i]));
        }
        masked += nan > 0;
        differing += worst > 0;
        EXPECT_LT(worst, 0.5 * (hi - lo)) << k;  // a local perturbation, not another field
    }
    EXPECT_GE(levelled, 10u);
    EXPECT_GE(masked, 1u);
    EXPECT_EQ(differing, keys.size());
}

TEST(Demo, DifferencesSitAroundTheDifferingGraphItems) {
    const auto& m = demo().result.measurement;
    EXPECT_GT(m.g2mDiffering + m.m2gDiffering, 0u);
    EXPECT_GT(m.nearShareOfSquaredDifference, 0.99);
    EXPECT_LT(m.nearPoints, m.gridPoints / 50);
    EXPECT_GT(m.maxNormalizedDifferenceNear, 100 * m.maxNormalizedDifferenceElsewhere);
    const auto j = readJson(demo().dir / "demo.json");
    EXPECT_DOUBLE_EQ(j["difference_location"]["near_share_of_squared_difference"].get<double>(),
                     m.nearShareOfSquaredDifference);
}

TEST(MessagePassingModel, SameGraphSameOutputsAndWeightsMatter) {
    const auto graph = readGraph((demo().dir / "A/graph.npz").string());
    std::vector<float> x(graph.gridCount() * 2);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(std::sin(0.001 * double(i)));
    const MessagePassingModel m1(2, 3), m2(2, 3), other(2, 3, 7);
    const auto y1 = m1.run(graph, x);
    EXPECT_EQ(y1, m2.run(graph, x));
    EXPECT_NE(y1, other.run(graph, x));
    EXPECT_THROW(m1.run(graph, std::vector<float>(5)), Error);
}

TEST(Demo, RejectsResolutionsItCannotSave) {
    EXPECT_THROW(writeDemo({(fs::temp_directory_path() / "meshdiff_demo_bad").string(), 2.0}), Error);
}
