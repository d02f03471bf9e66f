#pragma once
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace meshdiff::test {

// `count` copies of `original` with 1–4 bits flipped each (half of them in its first 4 KiB, where
// an HDF5 file keeps its superblock and root group), written to `dir`; their paths.
inline std::vector<std::string> writeBitFlippedCopies(const std::filesystem::path& original,
                                                      const std::filesystem::path& dir, int count, unsigned seed) {
    std::ifstream in(original, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), {});
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::mt19937 rng(seed);
    std::vector<std::string> paths;
    for (int it = 0; it < count; ++it) {
        auto copy = bytes;
        const int flips = 1 + int(rng() % 4);
        for (int f = 0; f < flips; ++f) {
            const int bit = int(rng() % 8);
            const std::size_t pos = rng() % 2 ? rng() % 4096 : rng() % copy.size();
            copy[pos] = char(copy[pos] ^ (1 << bit));
        }
        paths.push_back((dir / ("copy" + std::to_string(it) + ".nc")).string());
        std::ofstream(paths.back(), std::ios::binary).write(copy.data(), std::streamsize(copy.size()));
    }
    return paths;
}

}  // namespace meshdiff::test
