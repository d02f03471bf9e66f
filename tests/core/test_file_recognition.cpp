// What a file is taken for, and when a run or a pair of runs is an error instead: damaged files of
// one kind never pass as another kind, and nothing compared is never "same".
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "common/Error.h"
#include "compare/Comparison.h"
#include "core/TestHelpers.h"
#include "fields/LatLonGrid.h"
#include "graph/MeshGraph.h"
#include "io/FileKind.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"
#include "run/RunFolder.h"

using namespace meshdiff;
using test::errorOf;
using test::fileBytes;
using test::npyFixture;
namespace fs = std::filesystem;

namespace {

class FileRecognition : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("meshdiff_recognition_" + std::to_string(::getpid()) + "_" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::string write(const std::string& name, const std::string& bytes) const {
        fs::create_directories(fs::path(path(name)).parent_path());
        std::ofstream(path(name), std::ios::binary | std::ios::trunc) << bytes;
        return path(name);
    }
    std::string copy(const std::string& from, const std::string& name) const { return write(name, fileBytes(from)); }
    // A run folder with the small graph and a small fields file.
    std::string goodRun(const std::string& name) const {
        copy(npyFixture("graph_small.npz"), name + "/graph.npz");
        copy(npyFixture("fields_coords.npz"), name + "/fields.npz");
        return path(name);
    }

    fs::path dir_;
};

NdArray floats(std::vector<std::size_t> shape) {
    NdArray a;
    a.dtype = DType::Float32;
    a.shape = std::move(shape);
    std::size_t n = 1;
    for (std::size_t d : a.shape) n *= d;
    a.bytes.resize(n * sizeof(float));
    return a;
}

bool mentions(const Error& e, const std::string& text) { return std::string(e.what()).find(text) != std::string::npos; }

}  // namespace

TEST_F(FileRecognition, TruncatedArchivesAreDamagedWhateverTheyHeld) {
    for (const char* fixture : {"graph_small.npz", "fields_coords.npz"}) {
        const std::string bytes = fileBytes(npyFixture(fixture));
        for (std::size_t keep : {std::size_t(4), std::size_t(30), bytes.size() / 2, bytes.size() - 1}) {
            SCOPED_TRACE(std::string(fixture) + " cut at " + std::to_string(keep));
            const std::string cut = write("cut.npz", bytes.substr(0, keep));
            const Error e = errorOf([&] { sniffFileKind(cut); });
            EXPECT_EQ(e.file(), cut);
            EXPECT_NE(e.problem().find("damaged archive"), std::string::npos) << e.what();
        }
    }
}

TEST_F(FileRecognition, ACorruptCentralDirectoryIsADamagedArchive) {
    std::string bytes = fileBytes(npyFixture("fields_coords.npz"));
    const std::size_t directory = bytes.rfind("PK\x01\x02", std::string::npos, 4);
    ASSERT_NE(directory, std::string::npos);
    for (std::size_t i = directory + 10; i < directory + 30; ++i) bytes[i] = '\xff';  // sizes, offsets
    const std::string file = write("bad_directory.npz", bytes);
    EXPECT_TRUE(mentions(errorOf([&] { sniffFileKind(file); }), "damaged archive"));
}

TEST_F(FileRecognition, GraphNamesWithMissingArraysAreADamagedGraphNamingThemAll) {
    NpzWriter w(path("half.npz"), false);
    w.add("g2m_senders", floats({3}));
    w.add("t2m", floats({4, 8}));
    w.close();
    const Error e = errorOf([&] { sniffFileKind(path("half.npz")); });
    EXPECT_EQ(e.file(), path("half.npz"));
    EXPECT_NE(e.problem().find("damaged graph"), std::string::npos) << e.what();
    for (const char* missing : {"'grid_lat'", "'mesh_faces'", "'g2m_receivers'", "'m2g_senders'"})
        EXPECT_NE(e.problem().find(missing), std::string::npos) << missing << ": " << e.what();
    EXPECT_EQ(e.problem().find("'g2m_senders'"), std::string::npos) << e.what();
}

TEST_F(FileRecognition, AnyGraphPrefixMakesAnArchiveAGraph) {
    for (const char* name : {"mesh_lat", "m2g_receivers", "grid_to_mesh_senders", "mesh_to_grid_receivers"}) {
        SCOPED_TRACE(name);
        NpzWriter w(path("g.npz"), true);
        w.add(name, floats({3}));
        w.close();
        EXPECT_TRUE(mentions(errorOf([&] { sniffFileKind(path("g.npz")); }), "damaged graph"));
    }
}

TEST_F(FileRecognition, EmptyFilesAndZipsWithoutArraysAreNoKind) {
    write("empty.npz", "");
    EXPECT_EQ(sniffFileKind(path("empty.npz")), FileKind::Unknown);
    EXPECT_EQ(unrecognisedContentProblem(path("empty.npz")), "is empty");
    write("nothing.npz", std::string("PK\x05\x06", 4) + std::string(18, '\0'));  // numpy.savez() of no arrays
    EXPECT_EQ(sniffFileKind(path("nothing.npz")), FileKind::Unknown);
    EXPECT_NE(unrecognisedContentProblem(path("nothing.npz")).find("without .npy arrays"), std::string::npos);
    write("list.json", "[1, 2]");
    EXPECT_NE(unrecognisedContentProblem(path("list.json")).find("not a JSON object"), std::string::npos);
    write("forecast.grib2", "GRIB\x01\x02");
    EXPECT_TRUE(mentions(errorOf([&] { sniffFileKind(path("forecast.grib2")); }), "starts with GRIB but is not"));
}

TEST_F(FileRecognition, EmptyGraphArraysAreDamage) {
    MeshGraph g = readGraphNpz(npyFixture("graph_small.npz"));
    MeshGraph noEdges = g;
    noEdges.g2mSenders.clear();
    noEdges.g2mReceivers.clear();
    EXPECT_NE(errorOf([&] { validateGraph(noEdges, "g.npz"); }).problem().find("no grid→mesh edges"),
              std::string::npos);
    MeshGraph noFaces = g;
    noFaces.meshFaces.clear();
    EXPECT_NE(errorOf([&] { validateGraph(noFaces, "g.npz"); }).problem().find("mesh_faces is empty"),
              std::string::npos);
}

TEST_F(FileRecognition, HalfACoordinatePairIsRefused) {
    NpzWriter w(path("half_coords.npz"), false);
    w.add("lat", floats({5}));
    w.add("t2m", floats({5, 8}));
    w.close();
    const Error e = errorOf([&] { openFieldSource(path("half_coords.npz")); });
    EXPECT_NE(e.problem().find("'lat' but no 'lon'"), std::string::npos) << e.what();
}

TEST_F(FileRecognition, CoordinatesThatPlaceNothingAreRefused) {
    LatLonGrid grid{{-45, 0, 45}, {0, 90}, ""};
    EXPECT_NO_THROW(requireUsableCoordinates(grid, "f.nc"));
    grid.lat[1] = std::nan("");
    EXPECT_EQ(errorOf([&] { requireUsableCoordinates(grid, "f.nc"); }).file(), "f.nc");
    grid.lat[1] = 91;
    EXPECT_THROW(requireUsableCoordinates(grid, "f.nc"), Error);
    grid.lat[1] = 0;
    grid.lon[1] = HUGE_VAL;
    EXPECT_THROW(requireUsableCoordinates(grid, "f.nc"), Error);
}

TEST_F(FileRecognition, MetadataWithAByteOrderMarkIsMetadata) {
    write("bom.json", "\xEF\xBB\xBF {\"label\": \"x\"}");
    EXPECT_EQ(sniffFileKind(path("bom.json")), FileKind::MetadataJson);
}

TEST_F(FileRecognition, ARunFolderWithADamagedGraphIsAnError) {
    const std::string run = goodRun("run");
    const std::string bytes = fileBytes(path("run/graph.npz"));
    write("run/graph.npz", bytes.substr(0, bytes.size() / 2));
    const Error e = errorOf([&] { discoverRun(run); });
    EXPECT_EQ(e.file(), path("run/graph.npz"));
    EXPECT_NE(e.problem().find("damaged archive"), std::string::npos) << e.what();
}

TEST_F(FileRecognition, TheWindowsWayRecordsADamagedFileAndFindsTheRest) {
    const std::string run = goodRun("run");
    const std::string bytes = fileBytes(path("run/fields.npz"));
    write("run/fields.npz", bytes.substr(0, bytes.size() / 2));
    const RunInputs found = discoverRun(run, DamagedFiles::Record);
    ASSERT_TRUE(found.graphFile);
    EXPECT_EQ(*found.graphFile, path("run/graph.npz"));
    EXPECT_FALSE(found.fieldsFile);
    ASSERT_EQ(found.damaged.size(), 1u);
    EXPECT_EQ(found.damaged[0].path, path("run/fields.npz"));
    EXPECT_NE(found.damaged[0].problem.find("damaged archive"), std::string::npos) << found.damaged[0].problem;
    // The command line's way refuses the same folder, and a folder of damage alone names the damage.
    EXPECT_EQ(errorOf([&] { discoverRun(run); }).file(), path("run/fields.npz"));
    fs::remove(path("run/graph.npz"));
    EXPECT_EQ(errorOf([&] { discoverRun(run, DamagedFiles::Record); }).file(), path("run/fields.npz"));
}

TEST_F(FileRecognition, ARunFolderFileNamedLikeAFormatMustHoldIt) {
    for (const char* name : {"fields.nc", "graph.h5", "more.npz", "notes.json", "forecast.grib2", "x.HDF5"}) {
        SCOPED_TRACE(name);
        const std::string run = goodRun(std::string("run_") + name);
        write(std::string("run_") + name + "/" + name, "");
        const Error e = errorOf([&] { discoverRun(run); });
        EXPECT_EQ(e.file(), run + "/" + name);
        EXPECT_EQ(e.problem(), "is empty");
    }
    const std::string run = goodRun("mislabelled");
    write("mislabelled/fields2.nc", "this is not NetCDF but long enough to look like a header\n");
    EXPECT_TRUE(mentions(errorOf([&] { discoverRun(run); }), "fields2.nc: its content is none meshdiff reads"));
}

TEST_F(FileRecognition, ABrokenLinkNamedLikeAFormatIsAnError) {
    const std::string run = goodRun("run");
    fs::create_symlink(path("nowhere.nc"), path("run/fields2.nc"));
    fs::create_symlink(path("nowhere"), path("run/zz_notes"));  // other names stay ignored
    const Error e = errorOf([&] { discoverRun(run); });
    EXPECT_EQ(e.file(), path("run/fields2.nc"));
    fs::remove(path("run/fields2.nc"));
    EXPECT_NO_THROW(discoverRun(run));
}

TEST_F(FileRecognition, OtherFilesInARunFolderAreIgnoredWithANote) {
    const std::string run = goodRun("run");
    write("run/readme.txt", "");
    write("run/log", "some log\n");
    const RunInputs inputs = discoverRun(run);
    EXPECT_TRUE(inputs.graphFile && inputs.fieldsFile);
    const std::string notes = nlohmann::json(inputs.notes).dump();
    for (const char* note : {"ignored: readme.txt", "ignored: log"})
        EXPECT_NE(notes.find(note), std::string::npos) << note << " in " << notes;
}

TEST_F(FileRecognition, EveryMetadataFileMustBeAJsonObject) {
    const std::string run = goodRun("run");
    write("run/run.json", R"({"label": "a"})");
    write("run/extra.json", R"({"label": )");
    EXPECT_EQ(errorOf([&] { discoverRun(run); }).file(), path("run/extra.json"));
    write("run/extra.json", "[1]");
    EXPECT_TRUE(mentions(errorOf([&] { discoverRun(run); }), "extra.json: is not a JSON object"));
}

TEST_F(FileRecognition, AGivenFileOfNoKindSaysWhy) {
    write("empty.npz", "");
    EXPECT_EQ(errorOf([&] { discoverRun(path("empty.npz")); }).problem(), "is empty");
    write("x.grib", "GRIB....");
    EXPECT_TRUE(mentions(errorOf([&] { discoverRun(path("x.grib")); }), "starts with GRIB but is not"));
    write("y.grib", "not GRIB at all");
    EXPECT_TRUE(mentions(errorOf([&] { discoverRun(path("y.grib")); }), "does not start with GRIB"));
}

TEST_F(FileRecognition, NothingComparedIsNeverIdentical) { EXPECT_FALSE(Comparison{}.identical()); }

TEST_F(FileRecognition, AGraphAgainstFieldsIsNothingToCompare) {
    const std::string graph = copy(npyFixture("graph_small.npz"), "a/graph.npz");
    const std::string fields = copy(npyFixture("fields_coords.npz"), "b/fields.npz");
    const Error e = errorOf([&] { compareRuns(graph, fields); });
    EXPECT_EQ(e.problem(),
              "nothing to compare: A (" + graph + ") holds a graph only, B (" + fields + ") holds fields only");
}

TEST_F(FileRecognition, AnOptionThatLeavesNothingIsNothingToCompare) {
    const std::string full = goodRun("full");
    const std::string graphOnly = copy(npyFixture("graph_small.npz"), "graph_only/graph.npz");
    const std::string fieldsOnly = copy(npyFixture("fields_coords.npz"), "fields_only/fields.npz");
    CompareOptions graphs;
    graphs.compareFields = false;
    EXPECT_TRUE(mentions(errorOf([&] { compareRuns(full, fieldsOnly, graphs); }),
                         "nothing to compare with graphs only: A (" + full + ") holds a graph and fields"));
    CompareOptions fields;
    fields.compareGraphs = false;
    EXPECT_TRUE(mentions(errorOf([&] { compareRuns(graphOnly, full, fields); }),
                         "nothing to compare with fields only: A (" + graphOnly + ") holds a graph only"));
}

TEST_F(FileRecognition, WhatIsNotComparedIsSaid) {
    const std::string full = goodRun("full");
    const std::string graphOnly = copy(npyFixture("graph_small.npz"), "graph_only/graph.npz");
    const Comparison c = compareRuns(full, graphOnly);
    ASSERT_TRUE(c.graph);
    EXPECT_FALSE(c.fields);
    EXPECT_EQ(c.notCompared, std::vector<std::string>{"fields: only A has a fields file"});
    EXPECT_TRUE(c.identical());  // what both have is the same
    const nlohmann::json j = comparisonToJson(c);
    EXPECT_EQ(j["not_compared"], nlohmann::json::array({"fields: only A has a fields file"}));
}

TEST_F(FileRecognition, AFileNotComparedIsStillChecked) {
    const std::string full = goodRun("full");
    fs::create_directories(path("graph_and_scalars"));
    NpzWriter w(path("graph_and_scalars/fields.npz"), false);
    w.add("time", floats({3}));
    w.close();
    copy(npyFixture("graph_small.npz"), "graph_and_scalars/graph.npz");
    copy(npyFixture("graph_small.npz"), "graph_only/graph.npz");
    // B has no fields: A's fields file is not compared, but one that holds none is still an error
    const Error e = errorOf([&] { compareRuns(path("graph_and_scalars"), path("graph_only")); });
    EXPECT_EQ(e.file(), path("graph_and_scalars/fields.npz"));
    EXPECT_NE(e.problem().find("holds no fields"), std::string::npos) << e.what();
}
