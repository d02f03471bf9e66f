#pragma once
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace meshdiff {

// Reserves room for a vector about to hold tens of MB, asking the kernel for 2 MiB pages (Linux
// transparent huge pages in "madvise" mode). A fresh process touching 40 MB of new memory per
// graph otherwise spends more time in 4 KiB page faults than in reading the data.
template <class T>
void reserveLarge(std::vector<T>& v, std::size_t n) {
    constexpr std::uintptr_t kHuge = std::uintptr_t(2) << 20;
    if (v.capacity() >= n) return;
    v.reserve(n);  // allocated, not yet touched
    if (n * sizeof(T) < 2 * kHuge) return;
    const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
    const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
    const std::uintptr_t last = (begin + n * sizeof(T)) & ~(kHuge - 1);
    if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);  // only a hint
}

template <class T>
void resizeLarge(std::vector<T>& v, std::size_t n) {
    reserveLarge(v, n);
    v.resize(n);
}

}  // namespace meshdiff
