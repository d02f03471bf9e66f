#include "io/ZipDirectory.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace meshdiff {
namespace {

constexpr std::uint32_t kEndOfDirectory = 0x06054b50, kZip64EndOfDirectory = 0x06064b50, kZip64Locator = 0x07064b50,
                        kDirectoryEntry = 0x02014b50, kLocalHeader = 0x04034b50;

// Little-endian fields of a file read through `read` in 4 KiB blocks, the last few kept; a field
// is read only where it lies wholly inside the file (otherwise 0, which no record has where it counts).
class Reader {
public:
    Reader(const ReadAt& read, std::uint64_t size) : read_(read), size_(size) {}
    bool fits(std::uint64_t at, std::uint64_t bytes) const { return at <= size_ && bytes <= size_ - at; }
    std::uint64_t le(std::uint64_t at, int bytes) {
        if (!fits(at, std::uint64_t(bytes))) return 0;
        std::uint64_t v = 0;
        for (int k = bytes - 1; k >= 0; --k) v = (v << 8) | byteAt(at + std::uint64_t(k));
        return v;
    }
    bool nameIs(std::uint64_t at, std::uint64_t length, const std::string& name) {
        if (length != name.size() || !fits(at, length)) return false;
        for (std::uint64_t k = 0; k < length; ++k)
            if (byteAt(at + k) != static_cast<unsigned char>(name[k])) return false;
        return true;
    }
    std::uint64_t size() const { return size_; }

private:
    static constexpr std::uint64_t kBlock = 4096;
    struct Block {
        std::uint64_t index = ~std::uint64_t(0);
        std::array<std::byte, kBlock> bytes{};
        bool ok = false;
    };
    unsigned byteAt(std::uint64_t at) {
        const std::uint64_t index = at / kBlock;
        Block& b = blocks_[index % blocks_.size()];
        if (b.index != index) {
            b.index = index;
            const std::uint64_t start = index * kBlock;
            b.ok = read_(start, b.bytes.data(), static_cast<std::size_t>(std::min(kBlock, size_ - start)));
        }
        return b.ok ? std::to_integer<unsigned>(b.bytes[at % kBlock]) : 0u;
    }
    const ReadAt& read_;
    std::uint64_t size_;
    std::array<Block, 8> blocks_{};
};

struct Directory {
    std::uint64_t offset = 0, entries = 0;
};

std::optional<Directory> findDirectory(Reader& r) {
    if (r.size() < 22) return std::nullopt;
    // The end record sits in the last 22 bytes plus a comment of at most 64 KiB.
    const std::uint64_t lowest = r.size() > 22 + 0xffff ? r.size() - 22 - 0xffff : 0;
    for (std::uint64_t at = r.size() - 22 + 1; at-- > lowest;) {
        if (r.le(at, 4) != kEndOfDirectory) continue;
        Directory d{r.le(at + 16, 4), r.le(at + 10, 2)};
        if (d.offset != 0xffffffffu && d.entries != 0xffffu) return d;
        // ZIP64: the locator just before the end record points at the ZIP64 end record.
        if (at < 20 || r.le(at - 20, 4) != kZip64Locator) return std::nullopt;
        const std::uint64_t record = r.le(at - 20 + 8, 8);
        if (!r.fits(record, 56) || r.le(record, 4) != kZip64EndOfDirectory) return std::nullopt;
        return Directory{r.le(record + 48, 8), r.le(record + 32, 8)};
    }
    return std::nullopt;
}

// The local header offset of one directory entry, from its ZIP64 extra field when the 32-bit one is saturated.
std::optional<std::uint64_t> localHeaderOffset(Reader& r, std::uint64_t entry, std::uint64_t extraAt,
                                               std::uint64_t extraLength) {
    std::uint64_t offset = r.le(entry + 42, 4);
    if (offset != 0xffffffffu) return offset;
    const bool sizeSaturated = r.le(entry + 24, 4) == 0xffffffffu,
               compressedSaturated = r.le(entry + 20, 4) == 0xffffffffu;
    for (std::uint64_t at = extraAt; at + 4 <= extraAt + extraLength;) {
        const std::uint64_t id = r.le(at, 2), length = r.le(at + 2, 2);
        if (id == 0x0001) {
            const std::uint64_t field =
                at + 4 + 8 * (std::uint64_t(sizeSaturated) + std::uint64_t(compressedSaturated));
            if (field + 8 > at + 4 + length) return std::nullopt;
            return r.le(field, 8);
        }
        at += 4 + length;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::uint64_t> zipMemberDataOffset(std::span<const std::byte> file, const std::string& memberName) {
    const ReadAt read = [&](std::uint64_t offset, std::byte* out, std::size_t bytes) {
        if (offset > file.size() || bytes > file.size() - offset) return false;
        std::memcpy(out, file.data() + offset, bytes);
        return true;
    };
    return zipMemberDataOffset(read, file.size(), memberName);
}

std::optional<std::uint64_t> zipMemberDataOffset(const ReadAt& read, std::uint64_t fileSize,
                                                 const std::string& memberName) {
    Reader r(read, fileSize);
    const auto directory = findDirectory(r);
    if (!directory) return std::nullopt;
    std::uint64_t at = directory->offset;
    for (std::uint64_t e = 0; e < directory->entries; ++e) {
        if (!r.fits(at, 46) || r.le(at, 4) != kDirectoryEntry) return std::nullopt;
        const std::uint64_t nameLength = r.le(at + 28, 2), extraLength = r.le(at + 30, 2),
                            commentLength = r.le(at + 32, 2);
        if (!r.fits(at + 46, nameLength + extraLength + commentLength)) return std::nullopt;
        if (r.nameIs(at + 46, nameLength, memberName)) {
            const auto local = localHeaderOffset(r, at, at + 46 + nameLength, extraLength);
            if (!local || !r.fits(*local, 30) || r.le(*local, 4) != kLocalHeader) return std::nullopt;
            const std::uint64_t data = *local + 30 + r.le(*local + 26, 2) + r.le(*local + 28, 2);
            if (data > fileSize) return std::nullopt;
            return data;
        }
        at += 46 + nameLength + extraLength + commentLength;
    }
    return std::nullopt;
}

}  // namespace meshdiff
