#pragma once
#include <algorithm>
#include <cstddef>
#include <memory>
#include <type_traits>

#include "graph/LargeVectors.h"

namespace meshdiff {

// An array of tens of MB that is written before it is read: left uninitialised (a vector would
// zero it, on top of the kernel zeroing each fresh page), in HugePageAllocator's 2 MiB pages.
template <class T>
class HugePageArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    HugePageArray() = default;
    explicit HugePageArray(std::size_t n)
        : data_(HugePageAllocator<T>().allocate(std::max<std::size_t>(n, 1)), Free{std::max<std::size_t>(n, 1)}),
          size_(n) {}

    T* data() { return data_.get(); }
    const T* data() const { return data_.get(); }
    std::size_t size() const { return size_; }

private:
    struct Free {
        std::size_t capacity = 0;
        void operator()(T* p) const { HugePageAllocator<T>().deallocate(p, capacity); }
    };
    std::unique_ptr<T, Free> data_;
    std::size_t size_ = 0;
};

}  // namespace meshdiff
