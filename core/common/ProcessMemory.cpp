#include "common/ProcessMemory.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>

namespace meshdiff {
namespace {

// Fields of /proc/self/statm, in pages: size resident shared text lib data dirty.
bool statm(unsigned long& resident, unsigned long& data) {
    unsigned long size = 0, shared = 0, text = 0, lib = 0;
    FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return false;
    const bool ok = std::fscanf(f, "%lu %lu %lu %lu %lu %lu", &size, &resident, &shared, &text, &lib, &data) == 6;
    std::fclose(f);
    return ok;
}

std::uint64_t pageBytes() { return static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE)); }

}  // namespace

std::uint64_t dataMemoryBytes() {
    unsigned long resident = 0, data = 0;
    return statm(resident, data) ? data * pageBytes() : 0;
}

std::uint64_t residentMemoryBytes() {
    unsigned long resident = 0, data = 0;
    return statm(resident, data) ? resident * pageBytes() : 0;
}

void limitDataMemoryGrowth(std::uint64_t headroomBytes) {
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer maps its allocator's memory on demand, outside malloc's reach: a data limit
    // makes its own bookkeeping fail. Sanitizer builds are for finding bugs, not for users' files.
    (void)headroomBytes;
    return;
#endif
    const std::uint64_t now = dataMemoryBytes();
    if (now == 0) return;
    const rlimit limit{now + headroomBytes, now + headroomBytes};
    setrlimit(RLIMIT_DATA, &limit);
}

}  // namespace meshdiff
