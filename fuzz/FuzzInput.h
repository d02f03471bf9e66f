#pragma once
// Helpers shared by the fuzz targets: the readers under test take file paths, so each input is
// written to a per-process scratch file first (on /dev/shm when there is one: no disk traffic).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace meshdiff::fuzz {

inline std::filesystem::path scratchDir() {
    static const std::filesystem::path dir = [] {
        const std::filesystem::path base =
            std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : std::filesystem::temp_directory_path();
        std::filesystem::path d = base / ("meshdiff-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

// Writes the input to `name` inside the scratch folder and returns its path.
inline std::string writeScratch(const std::uint8_t* data, std::size_t size, const std::string& name) {
    std::string path = (scratchDir() / name).string();
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path;
}

}  // namespace meshdiff::fuzz
