#include "io/FileKind.h"

#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "common/Error.h"
#include "io/FileExtensions.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"
#include "io/ReadProgress.h"

namespace meshdiff {
namespace {

bool hasHdf5Signature(std::ifstream& in) {
    static const char signature[8] = {'\x89', 'H', 'D', 'F', '\r', '\n', '\x1a', '\n'};
    // The superblock sits at 0 or, behind a user block, at 512, 1024, 2048, …
    for (std::streamoff offset = 0; offset <= 1 << 20; offset = offset == 0 ? 512 : offset * 2) {
        std::array<char, 8> head{};
        in.clear();
        in.seekg(offset);
        if (!in.read(head.data(), head.size())) return false;
        if (std::memcmp(head.data(), signature, 8) == 0) return true;
    }
    return false;
}

// The indicator section of the first GRIB message: edition 1 or 2, and a length that fits the file
// with the end marker "7777" where it says. Throws for a file that starts with GRIB but is no message.
void requireGribStart(std::ifstream& in, const std::string& path) {
    std::array<unsigned char, 16> head{};
    in.clear();
    in.seekg(0);
    in.read(reinterpret_cast<char*>(head.data()), head.size());
    const auto got = static_cast<std::size_t>(in.gcount());
    if (got < 8 || (head[7] != 1 && head[7] != 2))
        throw Error(path, "starts with GRIB but is not a GRIB 1 or 2 message (damaged or truncated)");
    std::uint64_t length = 0;
    if (head[7] == 1) {
        length = (std::uint64_t(head[4]) << 16) | (std::uint64_t(head[5]) << 8) | head[6];
        if (length & 0x800000) return;  // ECMWF's large GRIB 1 messages count their length another way
    } else {
        if (got < 16) throw Error(path, "GRIB message 1 is damaged or truncated (the file ends inside it)");
        for (std::size_t k = 8; k < 16; ++k) length = (length << 8) | head[k];
    }
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    std::array<char, 4> end{};
    if (ec || length < 16 || length > size || !in.seekg(static_cast<std::streamoff>(length - 4)) ||
        !in.read(end.data(), end.size()) || std::memcmp(end.data(), "7777", 4) != 0)
        throw Error(path, "GRIB message 1 is damaged or truncated (the file ends inside it, or its length is wrong)");
}

}  // namespace

FileKind sniffFileKind(const std::string& path) {
    const ReadingStep reading(path, "reading its first bytes to tell its format");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path, "cannot open the file for reading");
    std::array<char, 4> head{};
    in.read(head.data(), head.size());
    const auto got = static_cast<std::size_t>(in.gcount());

    // PK and two small bytes (a local header, an empty archive's directory end, …), or cut short after PK.
    if (got >= 2 && head[0] == 'P' && head[1] == 'K' && (got < 4 || (head[2] < 8 && head[3] < 9))) {
        const NpzArchive archive(path);
        if (!archive.holdsNpyMembers()) return FileKind::Unknown;  // a zip of other files (.docx, logs.zip)
        return npzHoldsGraph(archive) ? FileKind::GraphNpz : FileKind::FieldsNpz;
    }
    if (got >= 4 && std::memcmp(head.data(), "GRIB", 4) == 0) {
        requireGribStart(in, path);
        return FileKind::Grib;
    }
    if (got >= 3 && head[0] == 'C' && head[1] == 'D' && head[2] == 'F') {
        throw Error(path, "is a classic NetCDF-3 file; meshdiff reads NetCDF-4 (convert with `nccopy -k nc4`)");
    }
    if (hasHdf5Signature(in)) return hdf5HoldsGraph(path) ? FileKind::GraphHdf5 : FileKind::FieldsNetcdf;

    in.clear();
    in.seekg(0);
    std::array<char, 3> bom{};
    if (!in.read(bom.data(), bom.size()) || std::memcmp(bom.data(), "\xEF\xBB\xBF", 3) != 0) {
        in.clear();
        in.seekg(0);  // no UTF-8 byte order mark to skip
    }
    char c = 0;
    while (in.get(c) && std::isspace(static_cast<unsigned char>(c))) {}
    if (in && c == '{') return FileKind::MetadataJson;
    return FileKind::Unknown;
}

std::string unrecognisedContentProblem(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) == 0 && !ec)
        return "is empty";
    std::ifstream in(path, std::ios::binary);
    std::array<char, 2> head{};
    in.read(head.data(), head.size());
    if (in.gcount() == 2 && head[0] == 'P' && head[1] == 'K')
        return "is a zip archive without .npy arrays, not an .npz meshdiff reads";
    if (hasGribExtension(path)) return "does not start with GRIB: damaged or not a GRIB file";
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (ext == ".json") return "is not a JSON object (run metadata must be one)";
    return "its content is none meshdiff reads (.npz, NetCDF-4/HDF5, GRIB, JSON object): damaged, truncated or "
           "mislabelled";
}

std::string fileKindName(FileKind kind) {
    switch (kind) {
        case FileKind::GraphNpz: return "graph (.npz layout)";
        case FileKind::GraphHdf5: return "graph (meshdiff HDF5)";
        case FileKind::FieldsNpz: return "fields (.npz)";
        case FileKind::FieldsNetcdf: return "fields (NetCDF-4/HDF5)";
        case FileKind::MetadataJson: return "metadata (JSON)";
        case FileKind::Grib: return "fields (GRIB)";
        case FileKind::Unknown: break;
    }
    return "unknown";
}

}  // namespace meshdiff
