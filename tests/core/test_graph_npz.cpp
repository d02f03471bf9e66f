#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include <cstring>

#include "common/Error.h"
#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "features/EdgeFeatures.h"
#include "graph/CanonicalEdges.h"
#include "graph/GraphHash.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"

using namespace meshdiff;
using nlohmann::json;
using test::errorOf;

namespace {

std::string graphFixture(const std::string& name) { return (test::fixture("npy") / name).string(); }

json smallGraphJson() {
    std::ifstream in(test::fixture("npy") / "manifest.json");
    return json::parse(in)["graph_small"];
}

template <class T>
std::vector<T> as(const json& values) {
    return values.get<std::vector<T>>();
}

void expectSmallGraph(const MeshGraph& g) {
    const json m = smallGraphJson();
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

namespace {

// Mesh→grid receivers of every edge as a view gives them, held or by point.
std::vector<std::int32_t> receiversOf(const GraphView& v) {
    std::vector<std::int32_t> out(v.m2gReceiverCount());
    for (std::size_t e = 0; e < out.size(); ++e) out[e] = v.m2gReceiver(e);
    return out;
}

struct ScratchDir {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("meshdiff_lean_graph_" + std::to_string(::getpid()));
    ScratchDir() { std::filesystem::create_directories(path); }
    ~ScratchDir() { std::filesystem::remove_all(path); }
    std::string file(const char* name) const { return (path / name).string(); }
};

}  // namespace

TEST(LeanGraph, OfficialOrderHoldsNoReceiversAndViewsTheSameGraph) {
    const std::string path = test::officialGraph("wn2_graph_1p0deg_default.npz").string();
    const MeshGraph whole = readGraphNpz(path);
    const LeanGraph lean = readLeanGraph(path);
    const GraphView v = lean.view();
    EXPECT_TRUE(v.m2gReceiversByPoint);
    EXPECT_TRUE(v.m2gReceivers.empty());
    EXPECT_EQ(receiversOf(v), std::vector<std::int32_t>(whole.m2gReceivers.begin(), whole.m2gReceivers.end()));
    EXPECT_TRUE(m2gGroupedByGridPoint(v));
    // What a compare computes from it: the hash and the edge-feature normalisations.
    EXPECT_EQ(canonicalGraphHash(v, canonicalEdges(v)), canonicalGraphHash(whole));
    const GraphEdgeFrames leanFrames = graphEdgeFrames(v), wholeFrames = graphEdgeFrames(viewOf(whole));
    EXPECT_EQ(leanFrames.m2gNormalization, wholeFrames.m2gNormalization);
    EXPECT_EQ(leanFrames.g2mNormalization, wholeFrames.g2mNormalization);
    EXPECT_EQ(edgeFeatures(v, EdgeSetKind::MeshToGrid), edgeFeatures(viewOf(whole), EdgeSetKind::MeshToGrid));
}

TEST(LeanGraph, ReceiversInAnotherOrderAreHeldWhereverTheOrderBreaks) {
    const MeshGraph official = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
    const ScratchDir dir;
    // Two points' edges swapped: early (the first piece read) and late (the stream's last pieces,
    // after ~1.4 MB of receivers in the official order).
    for (const std::size_t first : {std::size_t(1), std::size_t(60'000)}) {
        SCOPED_TRACE(first);
        MeshGraph g = official;
        const std::size_t second = first + 5'000;
        for (std::size_t k = 0; k < 3; ++k) {
            std::swap(g.m2gSenders[3 * first + k], g.m2gSenders[3 * second + k]);
            std::swap(g.m2gReceivers[3 * first + k], g.m2gReceivers[3 * second + k]);
        }
        const std::string path = dir.file("swapped.npz");
        writeGraphNpz(g, path);
        const LeanGraph lean = readLeanGraph(path);
        EXPECT_FALSE(lean.view().m2gReceiversByPoint);
        EXPECT_EQ(receiversOf(lean.view()), std::vector<std::int32_t>(g.m2gReceivers.begin(), g.m2gReceivers.end()));
        EXPECT_EQ(canonicalGraphHash(lean.view(), canonicalEdges(lean.view())), canonicalGraphHash(official));
    }
}

TEST(LeanGraph, DamagedGraphsAreTheSameErrorsAsWhenReadWhole) {
    const MeshGraph official = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
    const ScratchDir dir;
    // Receivers in the official order but fewer than the senders; one beyond 32 bits (npz int64).
    MeshGraph shorter = official;
    shorter.m2gReceivers.resize(shorter.m2gReceivers.size() - 3);
    writeGraphNpz(shorter, dir.file("shorter.npz"));
    std::vector<std::string> files = {dir.file("shorter.npz"), graphFixture("graph_out_of_range.npz"),
                                      graphFixture("graph_missing_faces.npz")};
    {
        NdArray wide;
        wide.dtype = DType::Int64;
        wide.shape = {official.m2gReceivers.size()};
        std::vector<std::int64_t> values(official.m2gReceivers.begin(), official.m2gReceivers.end());
        values[7] = std::int64_t(1) << 33;  // where the official order has 2
        wide.bytes.resize(values.size() * sizeof(std::int64_t));
        std::memcpy(wide.bytes.data(), values.data(), wide.bytes.size());
        writeGraphNpz(official, dir.file("wide.npz"));
        NpzArchive original(dir.file("wide.npz"));
        NpzWriter writer(dir.file("wide_receiver.npz"), true);
        for (const std::string& key : original.keys())
            writer.add(key, key == "m2g_receivers" ? wide : original.read(key));
        writer.close();
        files.push_back(dir.file("wide_receiver.npz"));
    }
    for (const std::string& path : files) {
        SCOPED_TRACE(path);
        const Error whole = errorOf([&] { readGraphNpz(path); });
        const Error lean = errorOf([&] { readLeanGraph(path); });
        EXPECT_EQ(lean.file(), whole.file());
        EXPECT_EQ(lean.problem(), whole.problem());
        EXPECT_NE(lean.problem(), "");
    }
}
