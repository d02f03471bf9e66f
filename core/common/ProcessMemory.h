#pragma once
#include <cstdint>

namespace meshdiff {

// This process's data memory (heap and private mappings: what RLIMIT_DATA counts) and resident
// memory, in bytes; 0 when /proc cannot tell.
std::uint64_t dataMemoryBytes();
std::uint64_t residentMemoryBytes();

// From now on this process may use at most `headroomBytes` more data memory than it uses now:
// larger allocations fail (libhdf5 reports an error instead of growing without bound on some
// damaged files). For child processes that read untrusted files.
void limitDataMemoryGrowth(std::uint64_t headroomBytes);

}  // namespace meshdiff
