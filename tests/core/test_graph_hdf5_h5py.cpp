// meshdiff's graph file read and written by h5py (Debian's /usr/bin/python3).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include "common/Error.h"
#include "io/GraphFiles.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

class GraphHdf5H5pyTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("meshdiff_graph_h5py_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string file(const std::string& name) const { return (dir_ / name).string(); }

    // Runs a Python snippet with sys.argv[1:] = args; returns its stdout, fails on a non-zero exit.
    std::string python(const std::string& code, const std::vector<std::string>& args) const {
        std::ofstream(file("script.py")) << code;
        std::string command = "/usr/bin/python3 " + file("script.py");
        for (const auto& a : args) command += " '" + a + "'";
        command += " > " + file("stdout.txt") + " 2>&1";
        const int status = std::system(command.c_str());
        std::stringstream out;
        out << std::ifstream(file("stdout.txt")).rdbuf();
        EXPECT_EQ(status, 0) << out.str();
        return out.str();
    }
    fs::path dir_;
};

MeshGraph sampleGraph() {
    std::mt19937 rng(11);
    MeshGraph g;
    const int nlat = 6, nlon = 10, mesh = 25;
    for (int i = 0; i < nlat; ++i) g.gridLat.push_back(90.0f - 36.0f * float(i));
    for (int j = 0; j < nlon; ++j) g.gridLon.push_back(36.0f * float(j) + 0.1f);
    std::uniform_real_distribution<float> lat(-90, 90), lon(0, 360);
    for (int m = 0; m < mesh; ++m) g.meshLat.push_back(lat(rng)), g.meshLon.push_back(lon(rng));
    std::uniform_int_distribution<int> pickMesh(0, mesh - 1), pickGrid(0, nlat * nlon - 1);
    for (int k = 0; k < 3 * 11; ++k) g.meshFaces.push_back(pickMesh(rng));
    for (int e = 0; e < 90; ++e) g.g2mSenders.push_back(pickGrid(rng)), g.g2mReceivers.push_back(pickMesh(rng));
    for (int p = 0; p < nlat * nlon; ++p)
        for (int k = 0; k < 3; ++k) g.m2gSenders.push_back((p + 7 * k) % mesh), g.m2gReceivers.push_back(p);
    return g;
}

template <class T, class Allocator>
std::string sumOf(const std::vector<T, Allocator>& v) {
    std::ostringstream s;
    s.precision(17);
    s << std::accumulate(v.begin(), v.end(), 0.0, [](double a, T b) { return a + double(b); });
    return s.str();
}

}  // namespace

TEST_F(GraphHdf5H5pyTest, H5pyReadsWhatMeshdiffWrites) {
    const MeshGraph g = sampleGraph();
    writeGraphHdf5(g, file("g.h5"), R"({"label":"run A"})");
    const std::string out = python(R"(
import json, sys, h5py
with h5py.File(sys.argv[1], "r") as f:
    text = lambda v: v.decode() if isinstance(v, bytes) else v  # fixed-length strings come back as bytes
    print("format", text(f.attrs["meshdiff_format"]), int(f.attrs["meshdiff_format_version"]))
    print("label", json.loads(text(f.attrs["metadata"]))["label"].replace(" ", "_"))
    for name in ["grid/lat", "grid/lon", "mesh/lat", "mesh/lon", "mesh/faces", "grid2mesh/senders",
                 "grid2mesh/receivers", "mesh2grid/senders", "mesh2grid/receivers"]:
        d = f[name]
        print(name, d.dtype.str, "x".join(map(str, d.shape)), d.chunks is None and d.compression is None,
              repr(float(d[()].astype("float64").sum())))
)",
                                   {file("g.h5")});
    std::istringstream lines(out);
    std::string line;
    std::vector<std::string> got;
    while (std::getline(lines, line)) got.push_back(line);
    const std::vector<std::string> expected = {
        "format graph 1",
        "label run_A",
        "grid/lat <f4 6 True " + sumOf(g.gridLat),
        "grid/lon <f4 10 True " + sumOf(g.gridLon),
        "mesh/lat <f4 25 True " + sumOf(g.meshLat),
        "mesh/lon <f4 25 True " + sumOf(g.meshLon),
        "mesh/faces <i4 11x3 True " + sumOf(g.meshFaces),
        "grid2mesh/senders <i4 90 True " + sumOf(g.g2mSenders),
        "grid2mesh/receivers <i4 90 True " + sumOf(g.g2mReceivers),
        "mesh2grid/senders <i4 180 True " + sumOf(g.m2gSenders),
        "mesh2grid/receivers <i4 180 True " + sumOf(g.m2gReceivers),
    };
    ASSERT_EQ(got.size(), expected.size()) << out;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        // Python prints floats with repr (shortest round-trip); compare as numbers where they differ.
        if (got[i] == expected[i]) continue;
        const auto cut = got[i].rfind(' ');
        ASSERT_EQ(got[i].substr(0, cut), expected[i].substr(0, expected[i].rfind(' '))) << out;
        EXPECT_DOUBLE_EQ(std::stod(got[i].substr(cut)), std::stod(expected[i].substr(expected[i].rfind(' ')))) << out;
    }
}

TEST_F(GraphHdf5H5pyTest, MeshdiffReadsAGraphFileH5pyWroteWithCompressionAndBigEndian) {
    const MeshGraph g = sampleGraph();
    writeGraphHdf5(g, file("g.h5"), R"({"label":"original"})");
    python(R"(
import sys, h5py
with h5py.File(sys.argv[1], "r") as src, h5py.File(sys.argv[2], "w") as dst:
    dst.attrs["meshdiff_format"] = "graph"
    dst.attrs["meshdiff_format_version"] = 1
    dst.attrs["metadata"] = '{"label": "copied by h5py"}'
    for name in ["grid/lat", "grid/lon", "mesh/lat", "mesh/lon", "mesh/faces", "grid2mesh/senders",
                 "grid2mesh/receivers", "mesh2grid/senders", "mesh2grid/receivers"]:
        data = src[name][()]
        dst.create_dataset(name, data=data.astype(data.dtype.newbyteorder(">")), compression="gzip", chunks=True)
)",
           {file("g.h5"), file("copy.h5")});
    ASSERT_TRUE(hdf5HoldsGraph(file("copy.h5")));
    const MeshGraph back = readGraphHdf5(file("copy.h5"));
    EXPECT_EQ(back.gridLat, g.gridLat);
    EXPECT_EQ(back.meshLon, g.meshLon);
    EXPECT_EQ(back.meshFaces, g.meshFaces);
    EXPECT_EQ(back.g2mSenders, g.g2mSenders);
    EXPECT_EQ(back.m2gReceivers, g.m2gReceivers);
    EXPECT_EQ(readGraphHdf5Metadata(file("copy.h5")), R"({"label": "copied by h5py"})");
}

TEST_F(GraphHdf5H5pyTest, MeshdiffReadsContiguousDataBehindAUserBlock) {
    const MeshGraph g = sampleGraph();
    writeGraphHdf5(g, file("g.h5"));
    python(R"(
import sys, h5py
with h5py.File(sys.argv[1], "r") as src, h5py.File(sys.argv[2], "w", userblock_size=1024) as dst:
    for key, value in src.attrs.items():
        dst.attrs[key] = value
    for name in ["grid/lat", "grid/lon", "mesh/lat", "mesh/lon", "mesh/faces", "grid2mesh/senders",
                 "grid2mesh/receivers", "mesh2grid/senders", "mesh2grid/receivers"]:
        dst.create_dataset(name, data=src[name][()])
with open(sys.argv[2], "r+b") as f:
    f.write(b"user block text that is not HDF5")
)",
           {file("g.h5"), file("userblock.h5")});
    ASSERT_TRUE(hdf5HoldsGraph(file("userblock.h5")));
    const MeshGraph back = readGraphHdf5(file("userblock.h5"));
    EXPECT_EQ(back.gridLon, g.gridLon);
    EXPECT_EQ(back.meshLat, g.meshLat);
    EXPECT_EQ(back.meshFaces, g.meshFaces);
    EXPECT_EQ(back.g2mReceivers, g.g2mReceivers);
    EXPECT_EQ(back.m2gSenders, g.m2gSenders);
}

TEST_F(GraphHdf5H5pyTest, HugeDatasetsWithoutDataAreRefusedBeforeAllocating) {
    // 2^33 float32 values (32 GiB) and 2^28 (1 GiB, unwritten, so the file stays tiny).
    python(R"(
import sys, h5py
for path, n in [(sys.argv[1], 2**33), (sys.argv[2], 2**28)]:
    with h5py.File(path, "w") as f:
        f.attrs["meshdiff_format"] = "graph"
        f.attrs["meshdiff_format_version"] = 1
        f.create_dataset("grid/lat", shape=(n,), dtype="f4")
)",
           {file("huge.h5"), file("large.h5")});
    try {
        readGraphHdf5(file("huge.h5"));
        ADD_FAILURE() << "no error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("more than the limit"), std::string::npos) << e.what();
    }
    try {
        readGraphHdf5(file("large.h5"));
        ADD_FAILURE() << "no error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("damaged"), std::string::npos) << e.what();
    }
}
