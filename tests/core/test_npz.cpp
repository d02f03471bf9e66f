#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>

#include "common/Error.h"
#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "io/NpzArchive.h"

using namespace meshdiff;
using nlohmann::json;
using test::errorOf;
using test::fileBytes;

namespace {

nlohmann::json npzManifest() { return test::npyManifest(); }

std::string npzFixture(const std::string& name) { return (test::fixture("npy") / name).string(); }

void expectMember(const NdArray& a, const json& spec, const std::string& key) {
    EXPECT_EQ(dtypeName(a.dtype), spec["dtype"].get<std::string>()) << key;
    EXPECT_EQ(a.shape, spec["shape"].get<std::vector<std::size_t>>()) << key;
    EXPECT_EQ(a.toFloat64(), spec["values"].get<std::vector<double>>()) << key;
}

NdArray makeArray(DType dtype, std::vector<std::size_t> shape, const void* data, std::size_t bytes) {
    NdArray a;
    a.dtype = dtype;
    a.shape = std::move(shape);
    a.bytes.resize(bytes);
    if (bytes > 0) std::memcpy(a.bytes.data(), data, bytes);
    return a;
}

class TempDir {
public:
    TempDir() : path_(std::filesystem::temp_directory_path() / ("meshdiff_npz_" + std::to_string(::getpid()))) {
        std::filesystem::create_directories(path_);
    }
    ~TempDir() { std::filesystem::remove_all(path_); }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

}  // namespace

class NpzBothKinds : public ::testing::TestWithParam<std::string> {};

TEST_P(NpzBothKinds, MembersMatchNumpy) {
    const std::string path = npzFixture(GetParam());
    const json members = npzManifest()["npz_members"];
    NpzArchive archive(path);
    EXPECT_EQ(archive.path(), path);
    EXPECT_EQ(archive.keys(), (std::vector<std::string>{"a", "b", "c", "scalar", "empty"}));
    EXPECT_EQ(archive.isStored("a"), GetParam() == "stored.npz");
    for (const std::string& key : archive.keys()) {
        ASSERT_TRUE(archive.contains(key));
        expectMember(archive.read(key), members[key], key);
        const NpyHeader h = archive.header(key);
        EXPECT_EQ(h.shape, members[key]["shape"].get<std::vector<std::size_t>>()) << key;
    }
    EXPECT_TRUE(archive.header("c").fortranOrder);
    EXPECT_TRUE(archive.header("c").bigEndian);
    const std::vector<NdArray> many = archive.readMany(archive.keys());
    ASSERT_EQ(many.size(), 5u);
    for (std::size_t i = 0; i < many.size(); ++i) {
        const std::string key = archive.keys()[i];
        expectMember(many[i], members[key], key);
    }
    EXPECT_FALSE(archive.contains("nope"));
    const Error missing = errorOf([&] { archive.read("nope"); });
    EXPECT_NE(missing.problem().find("'nope'"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Npz, NpzBothKinds, ::testing::Values("stored.npz", "compressed.npz"));

TEST(Npz, ReadRangeCopiesPartOfAMember) {
    for (const std::string name : {"stored.npz", "compressed.npz"}) {
        NpzArchive archive(npzFixture(name));
        const NpyHeader h = archive.header("a");
        float values[4];
        archive.readRange("a", h.dataOffset + 4 * sizeof(float), reinterpret_cast<std::byte*>(values), sizeof values);
        EXPECT_EQ(std::vector<float>(values, values + 4), (std::vector<float>{4, 5, 6, 7})) << name;
        EXPECT_THROW(archive.readRange("a", h.dataOffset + 44, reinterpret_cast<std::byte*>(values), 8), Error);
    }
}

TEST(Npz, LargeCompressedMembersInParallel) {
    NpzArchive archive(npzFixture("big_compressed.npz"));
    const std::vector<NdArray> arrays = archive.readMany({"small", "big"});
    EXPECT_EQ(arrays[0].toInt64(), (std::vector<std::int64_t>{0, 1, 2}));
    const std::vector<std::int64_t> big = arrays[1].toInt64();
    ASSERT_EQ(big.size(), 300000u);
    EXPECT_EQ(std::accumulate(big.begin(), big.end(), std::int64_t{0}), npzManifest()["big_sum"].get<std::int64_t>());
    EXPECT_EQ(big[12345], 12345 * 7 - 3);
}

TEST(Npz, Zip64Members) {
    NpzArchive archive(npzFixture("zip64.npz"));
    EXPECT_EQ(archive.read("x").toFloat64(), (std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    EXPECT_EQ(archive.read("y").toInt64(), (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
}

TEST(Npz, PickledMemberIsRefusedAndNamed) {
    const std::string path = npzFixture("with_object.npz");
    NpzArchive archive(path);
    EXPECT_EQ(archive.read("fine").toInt64(), (std::vector<std::int64_t>{0, 1, 2}));
    const Error e = errorOf([&] { archive.read("obj"); });
    EXPECT_EQ(e.file(), path + "[obj]");
    EXPECT_NE(e.problem().find("Python objects"), std::string::npos) << e.what();
}

TEST(Npz, HugeShapeInMemberFailsFast) {
    const std::string path = npzFixture("huge_member.npz");
    NpzArchive archive(path);
    EXPECT_EQ(errorOf([&] { archive.header("huge"); }).file(), path + "[huge]");
    EXPECT_EQ(errorOf([&] { archive.read("huge"); }).file(), path + "[huge]");
}

TEST(Npz, CorruptMembersAreNamedAndOthersStillRead) {
    const std::string compressed = npzFixture("corrupt.npz");
    NpzArchive a(compressed);
    EXPECT_EQ(errorOf([&] { a.read("a"); }).file(), compressed + "[a]");
    EXPECT_EQ(errorOf([&] { a.readMany({"b", "a"}); }).file(), compressed + "[a]");
    EXPECT_EQ(a.read("b").toInt64().front(), -5);

    const std::string stored = npzFixture("corrupt_stored.npz");
    NpzArchive s(stored);
    const Error crc = errorOf([&] { s.read("b"); });
    EXPECT_EQ(crc.file(), stored + "[b]");
    EXPECT_EQ(s.read("a").toFloat64().back(), 11.0);
}

TEST(Npz, UnreadableArchivesNameTheFile) {
    for (const std::string name : {"truncated.npz", "not_a_zip.npz", "missing.npz"}) {
        const std::string path = npzFixture(name);
        EXPECT_EQ(errorOf([&] { NpzArchive archive(path); }).file(), path);
    }
}

TEST(Npz, ReadingLeavesTheFileUntouched) {
    const std::string path = npzFixture("compressed.npz");
    const std::string before = fileBytes(path);
    const auto mtime = std::filesystem::last_write_time(path);
    {
        NpzArchive archive(path);
        archive.readMany(archive.keys());
    }
    EXPECT_EQ(fileBytes(path), before);
    EXPECT_EQ(std::filesystem::last_write_time(path), mtime);
}

TEST(NpzWriter, StoredAndDeflatedArchivesReadBackHereAndInNumpy) {
    TempDir dir;
    const std::int64_t edges[] = {0, -1, 1LL << 40, 5};
    const float coords[] = {-90.0f, 0.5f, 89.75f};
    const std::uint8_t flags[] = {1, 0, 1, 1, 0, 0};
    const NdArray e = makeArray(DType::Int64, {4}, edges, sizeof edges);
    const NdArray c = makeArray(DType::Float32, {3}, coords, sizeof coords);
    const NdArray f = makeArray(DType::Bool, {2, 3}, flags, sizeof flags);
    for (const bool compress : {false, true}) {
        const std::string path = dir.file(compress ? "deflated.npz" : "stored.npz");
        NpzWriter writer(path, compress);
        writer.add("edges", e);
        writer.add("geopotential@500", c);
        writer.add("flags", f);
        writer.close();

        NpzArchive archive(path);
        EXPECT_EQ(archive.keys(), (std::vector<std::string>{"edges", "geopotential@500", "flags"}));
        EXPECT_EQ(archive.isStored("edges"), !compress);
        EXPECT_EQ(archive.read("edges").bytes, e.bytes);
        EXPECT_EQ(archive.read("geopotential@500").bytes, c.bytes);
        EXPECT_EQ(archive.read("flags").shape, f.shape);

        const std::string script =
            "import numpy as np, sys\n"
            "d = np.load(sys.argv[1])\n"
            "ok = d['edges'].dtype == np.int64 and d['edges'].tolist() == [0, -1, 2**40, 5]\n"
            "ok = ok and d['geopotential@500'].dtype == np.float32 and d['geopotential@500'].tolist() == [-90, 0.5, "
            "89.75]\n"
            "ok = ok and d['flags'].dtype == bool and d['flags'].tolist() == [[True, False, True], [True, False, "
            "False]]\n"
            "sys.exit(0 if ok and list(d.keys()) == ['edges', 'geopotential@500', 'flags'] else 1)\n";
        const std::string scriptPath = dir.file("check.py");
        std::ofstream(scriptPath) << script;
        std::string command = "/usr/bin/python3 " + scriptPath;
        command += " " + path;
        EXPECT_EQ(std::system(command.c_str()), 0) << path;
    }
}

TEST(NpzWriter, UnclosedWriterLeavesNoFile) {
    TempDir dir;
    const std::string path = dir.file("abandoned.npz");
    {
        NpzWriter writer(path, true);
        const double v = 1.0;
        writer.add("v", makeArray(DType::Float64, {}, &v, sizeof v));
    }
    EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(Npz, DamagedArchivesFailCleanly) {
    TempDir dir;
    std::mt19937 rng(42);
    std::size_t refused = 0, read = 0;
    for (const std::string name : {"compressed.npz", "stored.npz", "zip64.npz"}) {
        const std::string original = fileBytes(npzFixture(name));
        for (int trial = 0; trial < 150; ++trial) {
            std::string damaged = original;
            const int flips = 1 + trial % 4;
            for (int f = 0; f < flips; ++f) damaged[rng() % damaged.size()] ^= static_cast<char>(1 + rng() % 255);
            if (trial % 10 == 9) damaged.resize(rng() % damaged.size());
            const std::string path = dir.file("damaged.npz");
            std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
            try {
                NpzArchive archive(path);
                for (const std::string& key : archive.keys()) {
                    try {
                        archive.header(key);
                        archive.read(key);
                        ++read;
                    } catch (const Error& e) {
                        EXPECT_NE(std::string(e.what()).find(path), std::string::npos);
                        ++refused;
                    }
                }
            } catch (const Error& e) {
                EXPECT_EQ(e.file(), path);
                ++refused;
            }
        }
    }
    EXPECT_GT(refused, 100u);  // damage is noticed (CRC, deflate, zip structure, npy header)
    EXPECT_GT(read, 0u);
}

namespace {

// Each array of `keys` put together from the pieces visitManyInPieces() hands out, checking that
// they follow one another in whole elements.
std::vector<std::vector<std::byte>> joinedPieces(const NpzArchive& archive, const std::vector<std::string>& keys,
                                                 std::vector<std::size_t>& pieceCounts) {
    std::vector<std::vector<std::byte>> joined(keys.size());
    pieceCounts.assign(keys.size(), 0);
    archive.visitManyInPieces(
        keys, [&](std::size_t i, const NpyHeader& h, std::size_t offset, const std::byte* data, std::size_t bytes) {
            EXPECT_EQ(offset, joined[i].size()) << keys[i];
            EXPECT_EQ(bytes % dtypeSize(h.dtype), 0u) << keys[i];
            joined[i].insert(joined[i].end(), data, data + bytes);
            ++pieceCounts[i];
        });
    return joined;
}

}  // namespace

TEST(Npz, PiecesOfEachArrayMakeTheArrayReadWhole) {
    TempDir dir;
    std::mt19937_64 rng(7);
    std::vector<std::int64_t> big(300001);
    for (std::int64_t& v : big) v = static_cast<std::int64_t>(rng() % 1000000);
    const std::int16_t odd[] = {1, -2, 3};
    const float coords[] = {-90.0f, 0.5f};
    for (const bool compress : {false, true}) {
        const std::string path = dir.file(compress ? "pieces_deflated.npz" : "pieces_stored.npz");
        NpzWriter writer(path, compress);
        writer.add("big", makeArray(DType::Int64, {big.size()}, big.data(), big.size() * sizeof big[0]));
        writer.add("odd", makeArray(DType::Int16, {3}, odd, sizeof odd));
        writer.add("coords", makeArray(DType::Float32, {2}, coords, sizeof coords));
        writer.add("empty", makeArray(DType::Int32, {0}, nullptr, 0));
        writer.close();

        NpzArchive archive(path);
        const std::vector<std::string> keys{"odd", "big", "empty", "coords"};
        std::vector<std::size_t> pieceCounts;
        const auto joined = joinedPieces(archive, keys, pieceCounts);
        const std::vector<NdArray> whole = archive.readMany(keys);
        for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(joined[i], whole[i].bytes) << keys[i];
        EXPECT_EQ(pieceCounts[2], 1u);  // an empty array is visited too
        // 2.4 MB, inflated as a stream or read from the file, comes in several pieces.
        EXPECT_GT(pieceCounts[1], 2u);
    }
}

class NpzDamagedPieces : public ::testing::TestWithParam<bool> {};

std::string compressionName(const ::testing::TestParamInfo<bool>& member) {
    return member.param ? "Deflated" : "Stored";
}

INSTANTIATE_TEST_SUITE_P(StoredAndDeflated, NpzDamagedPieces, ::testing::Values(false, true), compressionName);

TEST_P(NpzDamagedPieces, DamagedMemberVisitedInPiecesIsReportedAsDamaged) {
    TempDir dir;
    std::mt19937_64 rng(11);
    std::vector<std::int64_t> big(200000);
    for (std::int64_t& v : big) v = static_cast<std::int64_t>(rng());  // incompressible: the file is mostly `big`
    const std::string path = dir.file("damaged_pieces.npz");
    {
        NpzWriter writer(path, GetParam());
        writer.add("big", makeArray(DType::Int64, {big.size()}, big.data(), big.size() * sizeof big[0]));
        writer.close();
    }
    const auto refuseEverything = [](std::size_t, const NpyHeader&, std::size_t, const std::byte*, std::size_t) {
        throw Error("visitor", "refused by the visitor");
    };
    // Intact: what the visitor refused is what the caller hears.
    EXPECT_EQ(errorOf([&] { NpzArchive(path).visitManyInPieces({"big"}, refuseEverything); }).file(), "visitor");

    std::string damaged = fileBytes(path);
    damaged[damaged.size() / 2] ^= 0x5a;
    std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
    NpzArchive archive(path);
    // Damaged: the member is named as corrupt, even though the visitor refused its first piece.
    const Error e = errorOf([&] { archive.visitManyInPieces({"big"}, refuseEverything); });
    EXPECT_EQ(e.file(), path + "[big]");
    EXPECT_NE(std::string(e.what()).find("CRC-32 mismatch"), std::string::npos) << e.what();
    const Error whole = errorOf([&] { archive.read("big"); });
    EXPECT_EQ(whole.file(), path + "[big]");
}

// A deflated member's stream is read from the file in parts too: cut short, it ends mid-stream.
TEST_P(NpzDamagedPieces, MemberCutShortIsReportedAsTruncatedWhenVisitedInPieces) {
    TempDir dir;
    std::mt19937_64 rng(5);
    std::vector<std::int64_t> big(200000);
    for (std::int64_t& v : big) v = static_cast<std::int64_t>(rng());  // a stream of several input parts
    const std::string path = dir.file("cut.npz");
    {
        NpzWriter writer(path, GetParam());
        writer.add("big", makeArray(DType::Int64, {big.size()}, big.data(), big.size() * sizeof big[0]));
        writer.close();
    }
    NpzArchive archive(path);  // the directory is read now; the file is then shortened under it
    const std::string bytes = fileBytes(path);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 2);
    const auto keep = [](std::size_t, const NpyHeader&, std::size_t, const std::byte*, std::size_t) {};
    const Error e = errorOf([&] { archive.visitManyInPieces({"big"}, keep); });
    EXPECT_EQ(e.file(), path + "[big]");
    const std::string what = e.what();
    EXPECT_TRUE(what.find("truncated") != std::string::npos || what.find("end of file") != std::string::npos) << what;
}
