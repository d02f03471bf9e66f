#include "io/FileExtensions.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <string_view>

namespace meshdiff {
namespace {

constexpr std::array<std::string_view, 8> kReadExtensions = {".npz", ".nc",   ".nc4", ".cdf",
                                                             ".h5",  ".hdf5", ".he5", ".json"};
constexpr std::array<std::string_view, 4> kGribExtensions = {".grib", ".grib2", ".grb", ".grb2"};

std::string lowerExtension(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

template <std::size_t N>
bool contains(const std::array<std::string_view, N>& list, const std::string& ext) {
    return std::find(list.begin(), list.end(), ext) != list.end();
}

}  // namespace

bool hasReadableExtension(const std::string& path) {
    const std::string ext = lowerExtension(path);
    return contains(kReadExtensions, ext) || contains(kGribExtensions, ext);
}

bool hasGribExtension(const std::string& path) { return contains(kGribExtensions, lowerExtension(path)); }

}  // namespace meshdiff
