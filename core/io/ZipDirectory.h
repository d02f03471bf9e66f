#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

namespace meshdiff {

// Reads `bytes` bytes at `offset` of a file into `out`; false when it cannot.
using ReadAt = std::function<bool(std::uint64_t offset, std::byte* out, std::size_t bytes)>;

// Where a member's bytes start in a ZIP file, found from the central directory and the member's
// local header, ZIP64 included, reading only those records (a few KB). nullopt when the directory
// does not name the member or its records do not fit the file: the caller then reads the member
// through libzip as before.
std::optional<std::uint64_t> zipMemberDataOffset(const ReadAt& read, std::uint64_t fileSize,
                                                 const std::string& memberName);
// The same for a file held in memory.
std::optional<std::uint64_t> zipMemberDataOffset(std::span<const std::byte> file, const std::string& memberName);

}  // namespace meshdiff
