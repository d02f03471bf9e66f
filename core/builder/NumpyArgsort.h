#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace meshdiff {

// The permutation NumPy 1.x `np.argsort(values)` (default kind, non-SIMD introsort: median-of-
// three quicksort, insertion sort below 16 elements, heapsort past the depth limit) returns,
// including the order it leaves equal values in. SciPy's reverse Cuthill–McKee seeds its search
// with the first entry of this permutation over the node degrees.
std::vector<std::int32_t> numpyArgsort(const std::int32_t* values, std::size_t count);
inline std::vector<std::int32_t> numpyArgsort(const std::vector<std::int32_t>& values) {
    return numpyArgsort(values.data(), values.size());
}

}  // namespace meshdiff
