#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"

using namespace meshdiff;
using nlohmann::json;
using test::errorOf;

namespace {

std::string graphFixture(const std::string& name) { return (test::fixture("npy") / name).string(); }

json smallGraph() {
    std::ifstream in(test::fixture("npy") / "manifest.json");
    return json::parse(in)["graph_small"];
}

template <class T>
std::vector<T> as(const json& values) {
    return values.get<std::vector<T>>();
}

void expectSmallGraph(const MeshGraph& g) {
    const json m = smallGraph();
    EXPECT_EQ(g.gridLat, as<float>(m["grid_lat"]));
    EXPECT_EQ(g.gridLon, as<float>(m["grid_lon"]));
    EXPECT_EQ(g.meshLat, as<float>(m["mesh_lat"]));
    EXPECT_EQ(g.meshLon, as<float>(m["mesh_lon"]));
    EXPECT_EQ(g.meshFaces, as<std::int32_t>(m["mesh_faces"]));
    EXPECT_EQ(g.g2mSenders, as<std::int32_t>(m["g2m_senders"]));
    EXPECT_EQ(g.g2mReceivers, as<std::int32_t>(m["g2m_receivers"]));
    EXPECT_EQ(g.m2gSenders, as<std::int32_t>(m["m2g_senders"]));
    EXPECT_EQ(g.m2gReceivers, as<std::int32_t>(m["m2g_receivers"]));
}

}  // namespace

TEST(GraphNpz, ReadsTheSharedLayout) {
    const MeshGraph g = readGraphNpz(graphFixture("graph_small.npz"));
    EXPECT_EQ(g.gridCount(), 12u);
    EXPECT_EQ(g.meshCount(), 6u);
    EXPECT_EQ(g.faceCount(), 8u);
    expectSmallGraph(g);
}

TEST(GraphNpz, AcceptsAliasesAndAnyIntegerDtype) {
    // grid2mesh_* (int32, big-endian uint16), mesh_to_grid_* (int64, int16), float64 grid_lat, uint8 faces
    expectSmallGraph(readGraphNpz(graphFixture("graph_aliases.npz")));
    EXPECT_TRUE(npzHoldsGraph(graphFixture("graph_aliases.npz")));
    // grid_to_mesh_* (uint32, int64), mesh2grid_* (big-endian int64, uint64), Fortran-order int64 faces
    expectSmallGraph(readGraphNpz(graphFixture("graph_aliases2.npz")));
    EXPECT_TRUE(npzHoldsGraph(graphFixture("graph_aliases2.npz")));
}

TEST(GraphNpz, OutOfRangeIndexNamesKeyAndFile) {
    const std::string path = graphFixture("graph_out_of_range.npz");
    const Error e = errorOf([&] { readGraphNpz(path); });
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("m2g_senders"), std::string::npos) << e.what();
    EXPECT_NE(e.problem().find('6'), std::string::npos) << e.what();
}

TEST(GraphNpz, MissingKeyNamesKeyAndFile) {
    const std::string path = graphFixture("graph_missing_faces.npz");
    const Error e = errorOf([&] { readGraphNpz(path); });
    EXPECT_EQ(e.file(), path);
    EXPECT_NE(e.problem().find("'mesh_faces'"), std::string::npos) << e.what();
    // the edge keys say graph: a damaged graph, never a fields archive
    const Error sniffed = errorOf([&] { npzHoldsGraph(path); });
    EXPECT_EQ(sniffed.file(), path);
    EXPECT_NE(sniffed.problem().find("damaged graph"), std::string::npos) << sniffed.what();
    EXPECT_NE(sniffed.problem().find("'mesh_faces'"), std::string::npos) << sniffed.what();
}

TEST(GraphNpz, HoldsGraphOnlyForGraphArchives) {
    EXPECT_TRUE(npzHoldsGraph(graphFixture("graph_small.npz")));
    EXPECT_FALSE(npzHoldsGraph(graphFixture("stored.npz")));
    // files that are no readable zip are errors, not "no graph" (which would make them fields)
    for (const char* name : {"not_a_zip.npz", "f4_le_C_v1.npy", "does_not_exist.npz"}) {
        SCOPED_TRACE(name);
        EXPECT_EQ(errorOf([&] { npzHoldsGraph(graphFixture(name)); }).file(), graphFixture(name));
    }
}

TEST(GraphNpz, WriteReadRoundTripWithTheFixtureDtypes) {
    const MeshGraph g = readGraphNpz(graphFixture("graph_small.npz"));
    const auto dir = std::filesystem::temp_directory_path() / ("meshdiff_graph_npz_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    for (const bool compress : {true, false}) {
        const std::string path = (dir / (compress ? "c.npz" : "s.npz")).string();
        writeGraphNpz(g, path, compress);
        expectSmallGraph(readGraphNpz(path));
        NpzArchive archive(path);
        EXPECT_EQ(archive.isStored("g2m_senders"), !compress);
        EXPECT_EQ(archive.header("grid_lat").dtype, DType::Float32);
        EXPECT_EQ(archive.header("mesh_faces").dtype, DType::Int32);
        EXPECT_EQ(archive.header("mesh_faces").shape, (std::vector<std::size_t>{8, 3}));
        EXPECT_EQ(archive.header("m2g_receivers").dtype, DType::Int64);
        const std::string check =
            "/usr/bin/python3 -c \"import numpy as np, sys; d = np.load('" + path +
            "'); sys.exit(0 if [str(d[k].dtype) for k in d.files] == ['float32'] * 4 + ['int32'] + ['int64'] * 4 "
            "and d['m2g_senders'].shape == (36,) else 1)\"";
        EXPECT_EQ(std::system(check.c_str()), 0);
    }
    std::filesystem::remove_all(dir);
}

TEST(GraphNpz, SharedOneDegreeGraph) {
    const MeshGraph g = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
    EXPECT_EQ(g.g2mSenders.size(), 102792u);
    EXPECT_EQ(g.g2mReceivers.size(), 102792u);
    EXPECT_EQ(g.m2gSenders.size(), 195480u);
    EXPECT_EQ(g.m2gReceivers.size(), 195480u);
    EXPECT_EQ(g.gridLat.size(), 181u);
    EXPECT_EQ(g.gridLon.size(), 360u);
    EXPECT_EQ(g.meshCount(), 40962u);
    EXPECT_EQ(g.faceCount(), 81920u);
    EXPECT_FLOAT_EQ(g.gridLat.front(), -90.0f);
    EXPECT_FLOAT_EQ(g.gridLat.back(), 90.0f);
    EXPECT_TRUE(std::is_sorted(g.g2mReceivers.begin(), g.g2mReceivers.end()));
}

TEST(GraphNpz, SharedGraphWrittenBackEqualsNumpysFile) {
    const std::string original = test::officialGraph("wn2_graph_1p0deg_default.npz").string();
    const auto dir =
        std::filesystem::temp_directory_path() / ("meshdiff_graph_npz_shared_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string written = (dir / "written.npz").string();
    writeGraphNpz(readGraphNpz(original), written);
    const std::string check =
        "/usr/bin/python3 -c \"import numpy as np, sys; a = np.load('" + written + "'); b = np.load('" + original +
        "'); sys.exit(0 if list(a.keys()) == list(b.keys()) and all(a[k].dtype == b[k].dtype and a[k].shape == "
        "b[k].shape and (a[k] == b[k]).all() for k in b.files) else 1)\"";
    EXPECT_EQ(std::system(check.c_str()), 0);
    std::filesystem::remove_all(dir);
}
