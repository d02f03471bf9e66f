#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace meshdiff {

// Where a member's bytes start in a ZIP file held in memory (a mapped .npz), found from the
// central directory and the member's local header, ZIP64 included. nullopt when the file's
// directory does not name the member or its records do not fit the file: the caller then reads
// the member through libzip as before.
std::optional<std::uint64_t> zipMemberDataOffset(std::span<const std::byte> file, const std::string& memberName);

}  // namespace meshdiff
