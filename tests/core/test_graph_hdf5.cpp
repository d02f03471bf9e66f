#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <thread>

#include "common/Error.h"
#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "graph/GraphDiff.h"
#include "graph/GraphHash.h"
#include "io/GraphFiles.h"
#include "io/Hdf5Writer.h"
#include "io/MappedGraphHdf5.h"

using namespace meshdiff;
using meshdiff::test::problemOf;
namespace fs = std::filesystem;

namespace {

class GraphHdf5Test : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("meshdiff_graph_hdf5_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string file(const std::string& name) const { return (dir_ / name).string(); }
    fs::path dir_;
};

MeshGraph smallGraph(unsigned seed = 7, int nlat = 5, int nlon = 8, int mesh = 30) {
    std::mt19937 rng(seed);
    MeshGraph g;
    for (int i = 0; i < nlat; ++i) g.gridLat.push_back(-90.0f + 180.0f * float(i) / float(nlat - 1));
    for (int j = 0; j < nlon; ++j) g.gridLon.push_back(360.0f * float(j) / float(nlon));
    std::uniform_real_distribution<float> lat(-90, 90), lon(0, 360);
    for (int m = 0; m < mesh; ++m) g.meshLat.push_back(lat(rng)), g.meshLon.push_back(lon(rng));
    std::uniform_int_distribution<int> pickMesh(0, mesh - 1), pickGrid(0, nlat * nlon - 1);
    for (int k = 0; k < 3 * 16; ++k) g.meshFaces.push_back(pickMesh(rng));
    for (int e = 0; e < 120; ++e) g.g2mSenders.push_back(pickGrid(rng)), g.g2mReceivers.push_back(pickMesh(rng));
    for (int p = 0; p < nlat * nlon; ++p) {
        std::set<int> tri;
        while (tri.size() < 3) tri.insert(pickMesh(rng));
        for (int m : tri) g.m2gSenders.push_back(m), g.m2gReceivers.push_back(p);
    }
    return g;
}

void expectSameGraph(const MeshGraph& a, const MeshGraph& b) {
    EXPECT_EQ(a.gridLat, b.gridLat);
    EXPECT_EQ(a.gridLon, b.gridLon);
    EXPECT_EQ(a.meshLat, b.meshLat);
    EXPECT_EQ(a.meshLon, b.meshLon);
    EXPECT_EQ(a.meshFaces, b.meshFaces);
    EXPECT_EQ(a.g2mSenders, b.g2mSenders);
    EXPECT_EQ(a.g2mReceivers, b.g2mReceivers);
    EXPECT_EQ(a.m2gSenders, b.m2gSenders);
    EXPECT_EQ(a.m2gReceivers, b.m2gReceivers);
}

// Writes the datasets of `g` in meshdiff's layout through the generic writer, so that tests can
// leave things out or get them wrong on purpose.
struct LayoutOptions {
    std::string skip;  // dataset not written
    std::string format = "graph";
    std::int64_t version = 1;
    bool int64Senders = false;  // /grid2mesh/senders as int64
    bool flatFaces = false;     // /mesh/faces 1-D
};

void writeLayout(const MeshGraph& g, const std::string& path, const LayoutOptions& o = {}) {
    Hdf5Writer w(path);
    if (!o.format.empty()) w.writeStringAttribute("/", "meshdiff_format", o.format);
    w.writeIntAttribute("/", "meshdiff_format_version", o.version);
    for (const char* group : {"/grid", "/mesh", "/grid2mesh", "/mesh2grid"}) w.createGroup(group);
    auto put = [&](const std::string& name, DType t, const std::vector<std::size_t>& shape, const void* data) {
        if (name != o.skip) w.writeDataset(name, t, shape, data);
    };
    put("/grid/lat", DType::Float32, {g.gridLat.size()}, g.gridLat.data());
    put("/grid/lon", DType::Float32, {g.gridLon.size()}, g.gridLon.data());
    put("/mesh/lat", DType::Float32, {g.meshLat.size()}, g.meshLat.data());
    put("/mesh/lon", DType::Float32, {g.meshLon.size()}, g.meshLon.data());
    if (o.flatFaces) put("/mesh/faces", DType::Int32, {g.meshFaces.size()}, g.meshFaces.data());
    else put("/mesh/faces", DType::Int32, {g.faceCount(), 3}, g.meshFaces.data());
    const std::vector<std::int64_t> senders64(g.g2mSenders.begin(), g.g2mSenders.end());
    if (o.int64Senders) put("/grid2mesh/senders", DType::Int64, {senders64.size()}, senders64.data());
    else put("/grid2mesh/senders", DType::Int32, {g.g2mSenders.size()}, g.g2mSenders.data());
    put("/grid2mesh/receivers", DType::Int32, {g.g2mReceivers.size()}, g.g2mReceivers.data());
    put("/mesh2grid/senders", DType::Int32, {g.m2gSenders.size()}, g.m2gSenders.data());
    put("/mesh2grid/receivers", DType::Int32, {g.m2gReceivers.size()}, g.m2gReceivers.data());
    w.close();
}

}  // namespace

TEST_F(GraphHdf5Test, RoundTripKeepsEveryArrayAndTheMetadata) {
    const MeshGraph g = smallGraph();
    const std::string meta = R"({"label":"host A","numpy":{"simd":["AVX2","FMA3"]},"note":"é"})";
    writeGraphHdf5(g, file("g.h5"), meta);
    EXPECT_TRUE(hdf5HoldsGraph(file("g.h5")));
    expectSameGraph(readGraphHdf5(file("g.h5")), g);
    EXPECT_EQ(readGraphHdf5Metadata(file("g.h5")), meta);
}

TEST_F(GraphHdf5Test, LongMetadataSurvives) {
    std::string meta = R"({"log":")";
    for (int i = 0; i < 20000; ++i) meta += "line " + std::to_string(i) + " ";
    meta += R"("})";
    ASSERT_GT(meta.size(), 100000u);  // beyond the 64 KiB compact attribute limit
    writeGraphHdf5(smallGraph(), file("g.h5"), meta);
    EXPECT_EQ(readGraphHdf5Metadata(file("g.h5")), meta);
}

TEST_F(GraphHdf5Test, MetadataDefaultsToAnEmptyObject) {
    writeGraphHdf5(smallGraph(), file("g.h5"));
    EXPECT_EQ(readGraphHdf5Metadata(file("g.h5")), "{}");
}

TEST_F(GraphHdf5Test, RoundTripOfTheSharedOneDegreeGraph) {
    const MeshGraph g = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_avx2.npz").string());
    writeGraphHdf5(g, file("avx2.h5"));
    const MeshGraph back = readGraphHdf5(file("avx2.h5"));
    EXPECT_EQ(back.g2mSenders.size(), 102792u);
    EXPECT_EQ(back.m2gSenders.size(), 3u * 181 * 360);
    expectSameGraph(back, g);
}

TEST_F(GraphHdf5Test, OverwritesAnOldFileAndLeavesNoTemporaryBehind) {
    writeGraphHdf5(smallGraph(1), file("g.h5"));
    const MeshGraph second = smallGraph(2, 4, 6, 20);
    writeGraphHdf5(second, file("g.h5"));
    expectSameGraph(readGraphHdf5(file("g.h5")), second);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(GraphHdf5Test, WritingRefusesBadJsonAndInvalidGraphsWithoutCreatingAFile) {
    EXPECT_NE(problemOf([&] { writeGraphHdf5(smallGraph(), file("a.h5"), "{not json"); }).find("JSON"),
              std::string::npos);
    MeshGraph bad = smallGraph();
    bad.g2mReceivers[3] = 30;  // one past the last mesh node
    EXPECT_NE(problemOf([&] { writeGraphHdf5(bad, file("b.h5")); }).find("g2m_receivers[3]"), std::string::npos);
    EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(GraphHdf5Test, MissingAndNonHdf5FilesAreCleanErrors) {
    EXPECT_NE(problemOf([&] { readGraphHdf5(file("none.h5")); }).find("not found"), std::string::npos);
    std::ofstream(file("text.h5")) << "just some text, long enough to look like a header of something\n";
    EXPECT_NE(problemOf([&] { readGraphHdf5(file("text.h5")); }).find("not an HDF5 file"), std::string::npos);
    std::ofstream(file("empty.h5")).close();
    EXPECT_NE(problemOf([&] { readGraphHdf5(file("empty.h5")); }).find("not an HDF5 file"), std::string::npos);
    EXPECT_FALSE(hdf5HoldsGraph(file("none.h5")));
    EXPECT_FALSE(hdf5HoldsGraph(file("text.h5")));
    EXPECT_FALSE(hdf5HoldsGraph(dir_.string()));
}

TEST_F(GraphHdf5Test, TruncatedFilesAreCleanErrors) {
    writeGraphHdf5(smallGraph(), file("g.h5"));
    const auto size = fs::file_size(file("g.h5"));
    std::vector<char> bytes(size);
    std::ifstream(file("g.h5"), std::ios::binary).read(bytes.data(), static_cast<std::streamsize>(size));
    for (std::size_t keep : {std::size_t(8), std::size_t(100), size / 2, size - 1}) {
        SCOPED_TRACE(keep);
        std::ofstream(file("cut.h5"), std::ios::binary | std::ios::trunc).write(bytes.data(), std::streamsize(keep));
        EXPECT_THROW(readGraphHdf5(file("cut.h5")), Error);
        EXPECT_THROW(readGraphHdf5Metadata(file("cut.h5")), Error);
        // a damaged HDF5 file is an error, never "not a graph" (which would make it a NetCDF fields file)
        EXPECT_NE(problemOf([&] { hdf5HoldsGraph(file("cut.h5")); }).find("damaged HDF5 file"), std::string::npos);
    }
}

TEST_F(GraphHdf5Test, ReadingNeverModifiesTheFile) {
    writeGraphHdf5(smallGraph(), file("g.h5"));
    fs::permissions(file("g.h5"), fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    const auto before = fs::last_write_time(file("g.h5"));
    const auto size = fs::file_size(file("g.h5"));
    EXPECT_NO_THROW(readGraphHdf5(file("g.h5")));
    EXPECT_TRUE(hdf5HoldsGraph(file("g.h5")));
    EXPECT_EQ(fs::last_write_time(file("g.h5")), before);
    EXPECT_EQ(fs::file_size(file("g.h5")), size);
    fs::permissions(file("g.h5"), fs::perms::owner_all);
}

TEST_F(GraphHdf5Test, OtherHdf5FilesAreNotGraphs) {
    LayoutOptions noFormat;
    noFormat.format = "";
    writeLayout(smallGraph(), file("plain.h5"), noFormat);
    // the graph groups without the format attribute: half a graph file, an error (not NetCDF fields)
    EXPECT_NE(problemOf([&] { hdf5HoldsGraph(file("plain.h5")); }).find("damaged graph"), std::string::npos);
    EXPECT_NE(problemOf([&] { readGraphHdf5(file("plain.h5")); }).find("not a meshdiff graph file"), std::string::npos);
    LayoutOptions otherFormat;
    otherFormat.format = "fields";
    writeLayout(smallGraph(), file("fields.h5"), otherFormat);
    EXPECT_NE(problemOf([&] { hdf5HoldsGraph(file("fields.h5")); }).find("meshdiff_format \"fields\""),
              std::string::npos);
    EXPECT_THROW(readGraphHdf5(file("fields.h5")), Error);
}

TEST_F(GraphHdf5Test, TheGenericLayoutWriterMatchesWhatTheReaderExpects) {
    // Guards the tests below: without a deliberate defect the hand-written layout reads back.
    writeLayout(smallGraph(), file("ok.h5"));
    expectSameGraph(readGraphHdf5(file("ok.h5")), smallGraph());
}

TEST_F(GraphHdf5Test, NewerFormatVersionsAreRefused) {
    LayoutOptions o;
    o.version = 2;
    writeLayout(smallGraph(), file("v2.h5"), o);
    EXPECT_TRUE(hdf5HoldsGraph(file("v2.h5")));
    EXPECT_NE(problemOf([&] { readGraphHdf5(file("v2.h5")); }).find("version 2"), std::string::npos);
}

TEST_F(GraphHdf5Test, MissingDatasetsAreNamed) {
    for (const char* name : {"/grid/lat", "/mesh/faces", "/grid2mesh/receivers", "/mesh2grid/senders"}) {
        SCOPED_TRACE(name);
        LayoutOptions o;
        o.skip = name;
        writeLayout(smallGraph(), file("g.h5"), o);
        const std::string problem = problemOf([&] { readGraphHdf5(file("g.h5")); });
        EXPECT_NE(problem.find(std::string("lacks dataset ") + name), std::string::npos) << problem;
    }
}

TEST_F(GraphHdf5Test, WrongDtypeAndShapeAreCleanErrors) {
    LayoutOptions wide;
    wide.int64Senders = true;
    writeLayout(smallGraph(), file("int64.h5"), wide);
    const std::string dtypeProblem = problemOf([&] { readGraphHdf5(file("int64.h5")); });
    EXPECT_NE(dtypeProblem.find("/grid2mesh/senders holds int64, expected int32"), std::string::npos) << dtypeProblem;

    LayoutOptions flat;
    flat.flatFaces = true;
    writeLayout(smallGraph(), file("flat.h5"), flat);
    const std::string shapeProblem = problemOf([&] { readGraphHdf5(file("flat.h5")); });
    EXPECT_NE(shapeProblem.find("/mesh/faces has shape (48)"), std::string::npos) << shapeProblem;
}

TEST_F(GraphHdf5Test, LengthMismatchesAndOutOfRangeIndicesAreCleanErrors) {
    MeshGraph shortReceivers = smallGraph();
    shortReceivers.g2mReceivers.pop_back();
    writeLayout(shortReceivers, file("short.h5"));
    EXPECT_NE(problemOf([&] { readGraphHdf5(file("short.h5")); }).find("differ in length"), std::string::npos);

    MeshGraph outOfRange = smallGraph();
    outOfRange.m2gSenders[5] = -1;
    writeLayout(outOfRange, file("range.h5"));
    const std::string problem = problemOf([&] { readGraphHdf5(file("range.h5")); });
    EXPECT_NE(problem.find("m2g_senders[5] = -1"), std::string::npos) << problem;
    EXPECT_NE(problem.find("range.h5"), std::string::npos) << problem;
}

TEST_F(GraphHdf5Test, ThreadsMayReadAndWriteGraphFilesAtOnce) {
    const MeshGraph a = smallGraph(1), b = smallGraph(2, 6, 9, 40);
    writeGraphHdf5(a, file("a.h5"));
    writeGraphHdf5(b, file("b.h5"));
    std::vector<std::thread> threads;
    threads.reserve(4);
    std::atomic<int> good{0};
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 20; ++i) {
                const bool useA = (t + i) % 2 == 0;
                const MeshGraph g = readGraphHdf5(file(useA ? "a.h5" : "b.h5"));
                if (g.m2gSenders == (useA ? a : b).m2gSenders && g.meshLat == (useA ? a : b).meshLat) ++good;
                writeGraphHdf5(useA ? b : a, file("out" + std::to_string(t) + ".h5"));
            }
        });
    }
    for (auto& th : threads) th.join();
    EXPECT_EQ(good.load(), 80);
    expectSameGraph(readGraphHdf5(file("out0.h5")), a);  // thread 0 wrote a last (i = 19)
}

TEST_F(GraphHdf5Test, MappedGraphEqualsTheReadGraphAndHashesAlike) {
    const MeshGraph g = smallGraph(3);
    writeGraphHdf5(g, file("g.h5"));
    const auto mapped = MappedGraphHdf5::open(file("g.h5"));
    ASSERT_TRUE(mapped.has_value());
    const GraphView v = mapped->view();
    auto same = [](auto span, const auto& vec) { return std::equal(span.begin(), span.end(), vec.begin(), vec.end()); };
    EXPECT_TRUE(same(v.gridLat, g.gridLat));
    EXPECT_TRUE(same(v.gridLon, g.gridLon));
    EXPECT_TRUE(same(v.meshLat, g.meshLat));
    EXPECT_TRUE(same(v.meshLon, g.meshLon));
    EXPECT_TRUE(same(v.meshFaces, g.meshFaces));
    EXPECT_TRUE(same(v.g2mSenders, g.g2mSenders));
    EXPECT_TRUE(same(v.g2mReceivers, g.g2mReceivers));
    EXPECT_TRUE(same(v.m2gSenders, g.m2gSenders));
    EXPECT_TRUE(same(v.m2gReceivers, g.m2gReceivers));
    EXPECT_EQ(prepareGraph(v).hash, canonicalGraphHash(g));

    // Moving keeps the mapping alive; the moved-from object no longer unmaps it.
    std::optional<MappedGraphHdf5> moved = MappedGraphHdf5::open(file("g.h5"));
    MappedGraphHdf5 owner = std::move(*moved);
    moved.reset();
    EXPECT_TRUE(same(owner.view().m2gSenders, g.m2gSenders));
}

TEST_F(GraphHdf5Test, CompressedGraphsAreReadNotMapped) {
    writeGraphHdf5(smallGraph(), file("z.h5"), "{}", 1);
    EXPECT_FALSE(MappedGraphHdf5::open(file("z.h5")).has_value());
    expectSameGraph(readGraphHdf5(file("z.h5")), smallGraph());
}

TEST_F(GraphHdf5Test, MappingReportsTheReadersErrors) {
    std::vector<std::pair<std::string, LayoutOptions>> cases;
    LayoutOptions o;
    o.skip = "/mesh2grid/senders";
    cases.push_back({"missing.h5", o});
    o = {};
    o.int64Senders = true;
    cases.push_back({"int64.h5", o});
    o = {};
    o.flatFaces = true;
    cases.push_back({"flat.h5", o});
    o = {};
    o.version = 2;
    cases.push_back({"v2.h5", o});
    for (const auto& layoutCase : cases) {
        const std::string& name = layoutCase.first;  // not a structured binding: the lambdas capture it
        writeLayout(smallGraph(), file(name), layoutCase.second);
        EXPECT_EQ(problemOf([&] { MappedGraphHdf5::open(file(name)); }), problemOf([&] { readGraphHdf5(file(name)); }))
            << name;
    }
    MeshGraph shortReceivers = smallGraph();
    shortReceivers.g2mReceivers.pop_back();
    writeLayout(shortReceivers, file("short.h5"));
    MeshGraph outOfRange = smallGraph();
    outOfRange.m2gSenders[5] = -1;
    writeLayout(outOfRange, file("range.h5"));
    for (const char* name : {"short.h5", "range.h5"}) {
        const std::string problem = problemOf([&] { MappedGraphHdf5::open(file(name)); });
        EXPECT_EQ(problem, problemOf([&] { readGraphHdf5(file(name)); })) << name;
        EXPECT_FALSE(problem.empty());
    }
    writeGraphHdf5(smallGraph(), file("g.h5"));
    const auto size = fs::file_size(file("g.h5"));
    fs::resize_file(file("g.h5"), size - 1);
    EXPECT_THROW(MappedGraphHdf5::open(file("g.h5")), Error);
}
