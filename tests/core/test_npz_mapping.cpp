#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "io/NpzArchive.h"
#include "io/ZipDirectory.h"

using namespace meshdiff;

namespace {

std::string mappedNpz(const std::string& name) { return (test::fixture("npy") / name).string(); }

std::vector<std::byte> bytesOf(const std::string& path) {
    const std::string text = test::fileBytes(path);
    std::vector<std::byte> out(text.size());
    std::memcpy(out.data(), text.data(), text.size());
    return out;
}

// The whole member as libzip reads it, from an archive that maps nothing.
std::vector<std::byte> readThroughLibzip(const std::string& path, const std::string& key, std::size_t bytes) {
    NpzArchive plain(path);
    std::vector<std::byte> out(bytes);
    plain.readRange(key, 0, out.data(), bytes);
    return out;
}

}  // namespace

// numpy's stored members (ZIP64 local headers, names of any length: arrays at odd offsets) are
// mapped as exactly libzip's bytes; deflated ones (compressed.npz, zip64.npz) are not mapped.
TEST(NpzMapping, StoredMembersAreMappedAsLibzipReadsThem) {
    for (const std::string name : {"stored.npz", "zip64.npz", "fields_stored.npz", "compressed.npz"}) {
        const std::string path = mappedNpz(name);
        NpzArchive archive(path);
        ASSERT_TRUE(archive.mapFile()) << name;
        std::size_t mapped = 0;
        for (const std::string& key : archive.keys()) {
            EXPECT_EQ(archive.readsMapped(key), archive.isStored(key)) << name << " " << key;
            if (!archive.readsMapped(key)) continue;
            ++mapped;
            const NpyHeader h = archive.header(key);
            const std::size_t bytes = h.dataOffset + h.dataBytes();
            std::vector<std::byte> viaMapping(bytes);
            archive.readRange(key, 0, viaMapping.data(), bytes);
            EXPECT_EQ(viaMapping, readThroughLibzip(path, key, bytes)) << name << " " << key;
            // A range that starts inside a page and ends inside another.
            if (bytes > 7) {
                std::vector<std::byte> part(bytes - 7);
                archive.readRange(key, 3, part.data(), part.size());
                EXPECT_EQ(std::memcmp(part.data(), viaMapping.data() + 3, part.size()), 0) << name << " " << key;
            }
        }
        EXPECT_EQ(mapped > 0, name == "stored.npz" || name == "fields_stored.npz") << name;
    }
}

// Truncated or scrambled directories never lead outside the file: an offset inside it or none.
TEST(NpzMapping, DamagedDirectoriesGiveNoOffsetOutsideTheFile) {
    const std::vector<std::byte> intact = bytesOf(mappedNpz("stored.npz"));
    const auto offset = zipMemberDataOffset(intact, "a.npy");
    ASSERT_TRUE(offset.has_value());
    EXPECT_EQ(std::memcmp(intact.data() + *offset, "\x93NUMPY", 6), 0);
    EXPECT_FALSE(zipMemberDataOffset(intact, "missing.npy").has_value());

    for (std::size_t size = 0; size < intact.size(); size += 7) {
        const std::vector<std::byte> cut(intact.begin(), intact.begin() + static_cast<std::ptrdiff_t>(size));
        const auto o = zipMemberDataOffset(cut, "a.npy");
        if (o) {
            EXPECT_LE(*o, cut.size());
        }
    }
    std::mt19937 rng(17);
    for (int trial = 0; trial < 2000; ++trial) {
        std::vector<std::byte> damaged = intact;
        // Mostly in the directory at the end, where the offsets come from.
        for (int k = 0; k < 4; ++k) {
            const std::size_t tail = std::min<std::size_t>(damaged.size(), 400);
            const std::size_t at = damaged.size() - 1 - rng() % tail;
            damaged[at] = std::byte(rng() & 0xff);
        }
        const auto o = zipMemberDataOffset(damaged, "a.npy");
        if (o) {
            EXPECT_LE(*o, damaged.size());
        }
    }
}
