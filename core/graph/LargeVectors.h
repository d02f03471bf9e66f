#pragma once
#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

namespace meshdiff {

// Has the kernel map [p, p + bytes) now (MADV_POPULATE_WRITE; nothing before Linux 5.14), 2 MiB
// at a time: the kernel holds the process's memory-map lock while it maps, and a thread that
// allocates or frees meanwhile waits for it, so no one call may take long.
inline void mapPagesNow(void* p, std::size_t bytes) {
    constexpr std::size_t kStep = std::size_t(2) << 20;
    auto* at = static_cast<char*>(p);
    for (std::size_t done = 0; done < bytes; done += kStep)
        ::madvise(at + done, std::min(kStep, bytes - done), MADV_POPULATE_WRITE);
}

// Allocates arrays of 1 MiB and more 2 MiB-aligned, in whole 2 MiB pages, offers them to the
// kernel for transparent huge pages ("madvise" mode) and has the kernel map them at once
// (MADV_POPULATE_WRITE). A fresh process touching tens of MB of new memory otherwise takes a 4 KiB
// page fault per 4 KiB, and on this machine kind (a paravirtualised VM) each fault costs ~7 µs of
// system time: more than reading and inflating the data. Mapped when allocated, the kernel grants
// huge pages here, and 64 MiB take 3 ms of system time instead of 92 ms (bench_fresh_memory;
// docs/benchmarks.md, "System time and page faults on EPYC"). An unaligned block loses its first and last
// 2 MiB to small pages, which is why reserving a std::vector and advising it afterwards is not
// enough. Every user writes the whole array soon after allocating it.
template <class T>
class HugePageAllocator {
public:
    using value_type = T;
    static constexpr std::size_t kHugePage = std::size_t(2) << 20;
    static constexpr std::size_t kSmallest = std::size_t(1) << 20;  // below: the usual allocator

    HugePageAllocator() noexcept = default;
    template <class U>
    HugePageAllocator(const HugePageAllocator<U>&) noexcept {}  // NOLINT(google-explicit-constructor)

    T* allocate(std::size_t n) {
        if (n > std::size_t(-1) / sizeof(T)) throw std::bad_array_new_length();
        const std::size_t bytes = n * sizeof(T);
        if (bytes < kSmallest) return std::allocator<T>().allocate(n);
        const std::size_t whole = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        void* p = std::aligned_alloc(kHugePage, whole);
        if (!p) throw std::bad_alloc();
        ::madvise(p, advised(bytes), MADV_HUGEPAGE);  // only a hint
        mapPagesNow(p, bytes);
        return static_cast<T*>(p);
    }
    // The whole 2 MiB pages, and the last, partly used one only when more than a quarter of it is
    // used: a huge page is zeroed whole on its first touch, small pages only where they are touched.
    static constexpr std::size_t advised(std::size_t bytes) {
        return (bytes + kHugePage - kHugePage / 4 - 1) / kHugePage * kHugePage;
    }
    void deallocate(T* p, std::size_t n) noexcept {
        if (n * sizeof(T) < kSmallest) return std::allocator<T>().deallocate(p, n);
        std::free(p);
    }
    template <class U>
    bool operator==(const HugePageAllocator<U>&) const noexcept {
        return true;
    }
};

// A vector that may grow to tens of MB: the edge index arrays of a graph and what is built from them.
template <class T>
using LargeVector = std::vector<T, HugePageAllocator<T>>;

// Equal values, whichever allocator holds them (found by argument-dependent lookup).
template <class T>
bool operator==(const LargeVector<T>& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

// For a std::vector that cannot be a LargeVector (its type is part of an interface): reserves
// room, advises the whole 2 MiB pages inside it (its ends stay in small pages) and maps it at once.
template <class T>
void reserveLarge(std::vector<T>& v, std::size_t n) {
    constexpr std::uintptr_t kHuge = HugePageAllocator<T>::kHugePage;
    if (v.capacity() >= n) return;
    v.reserve(n);  // allocated, not yet touched
    if (n * sizeof(T) < 2 * kHuge) return;
    const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
    const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
    const std::uintptr_t last = (begin + n * sizeof(T)) & ~(kHuge - 1);
    if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);  // only a hint
    const std::uintptr_t pageStart = begin & ~std::uintptr_t(4095);  // the pages holding the array
    mapPagesNow(reinterpret_cast<void*>(pageStart), begin + n * sizeof(T) - pageStart);
}

template <class T>
void resizeLarge(std::vector<T>& v, std::size_t n) {
    reserveLarge(v, n);
    v.resize(n);
}

}  // namespace meshdiff
