// Files that claim absurd sizes are refused before anything of that size is allocated (issue 6).
// Fixtures: tests/fixtures/make_hardening_fixtures.py (small h5py files whose data is never written).
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <string>

#include "common/Error.h"
#include "core/TestPaths.h"
#include "fields/NetcdfFieldSource.h"
#include "io/Npy.h"

namespace meshdiff {
namespace {

std::string hardening(const std::string& name) { return test::fixture("hardening/" + name).string(); }

template <class F>
std::string errorOf(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.problem();
    }
    return "no error";
}

TEST(ReaderLimits, NpyHeaderLengthBeyondTheLimitIsCorrupt) {
    // Format 2.0 stores a 32-bit header length; 1 GiB of header is no numpy file.
    std::array<std::byte, kNpyPreambleBytes> preamble{};
    const unsigned char head[] = {0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0, 0x00, 0x00, 0x00, 0x40};
    for (std::size_t i = 0; i < preamble.size(); ++i) preamble[i] = std::byte{head[i]};
    EXPECT_NE(errorOf([&] { npyDataOffset(preamble.data(), preamble.size(), "mem.npy"); }).find("header length"),
              std::string::npos);
    // The largest header allowed still parses as far as the preamble goes.
    const std::size_t length = kMaxNpyHeaderBytes;
    for (int i = 0; i < 4; ++i) preamble[8 + i] = std::byte{static_cast<unsigned char>(length >> (8 * i))};
    EXPECT_EQ(npyDataOffset(preamble.data(), preamble.size(), "mem.npy"), 12 + length);
}

TEST(ReaderLimits, NetcdfGridLargerThanTheFileIsRefused) {
    // 100000 × 100000 float32 (40 GB) in a 2 KB file: a single field would need 40 GB.
    const std::string problem = errorOf([] { openNetcdfFieldSource(hardening("huge_grid.nc")); });
    EXPECT_NE(problem.find("more than the file can hold"), std::string::npos) << problem;
}

TEST(ReaderLimits, NetcdfCoordinateOfTwoToTheFortyValuesIsRefused) {
    const std::string problem = errorOf([] { openNetcdfFieldSource(hardening("huge_coordinate.nc")); });
    EXPECT_NE(problem.find("damaged"), std::string::npos) << problem;
}

TEST(ReaderLimits, NetcdfAbsurdLevelCountIsRefused) {
    const std::string problem = errorOf([] { openNetcdfFieldSource(hardening("huge_levels.nc")); });
    EXPECT_NE(problem.find("134217728 levels"), std::string::npos) << problem;
}

TEST(ReaderLimits, StringAttributeOfTensOfThousandsOfStringsIsRefused) {
    const std::string problem = errorOf([] { openNetcdfFieldSource(hardening("many_unit_strings.nc")); });
    EXPECT_NE(problem.find("units"), std::string::npos) << problem;
    EXPECT_NE(problem.find("too many strings"), std::string::npos) << problem;
}

}  // namespace
}  // namespace meshdiff
