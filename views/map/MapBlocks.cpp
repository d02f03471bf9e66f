#include "map/MapBlocks.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace meshdiff::views {

LargestBlocks largestBlocks(std::span<const float> values, std::size_t rows, std::size_t columns, bool southFirst,
                            bool repeatFirstColumn, int factor) {
    LargestBlocks blocks;
    const std::size_t k = std::size_t(std::max(factor, 1)), wide = columns + (repeatFirstColumn ? 1 : 0);
    if (values.size() != rows * columns || rows == 0 || columns == 0) return blocks;
    blocks.rows = (rows + k - 1) / k;
    blocks.columns = (wide + k - 1) / k;
    blocks.values.assign(blocks.rows * blocks.columns, std::numeric_limits<float>::quiet_NaN());
    for (std::size_t r = 0; r < rows; ++r) {  // r counts from the north
        const float* row = values.data() + (southFirst ? rows - 1 - r : r) * columns;
        float* out = blocks.values.data() + (r / k) * blocks.columns;
        for (std::size_t c = 0; c < wide; ++c) {
            const float v = row[c < columns ? c : 0];
            float& kept = out[c / k];
            if (std::isfinite(v) && !(std::abs(kept) >= std::abs(v))) kept = v;
        }
    }
    return blocks;
}

}  // namespace meshdiff::views
