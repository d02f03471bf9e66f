#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace meshdiff::views {

// A raster of A − B shrunk `factor` × `factor` grid cells to one, each block keeping its value of
// largest |v| (NaN only where every value is). A map of a fine grid shows one grid cell in less
// than a screen pixel; sampling then drops most cells, and a local difference of one cell falls
// between the samples. The block's largest difference keeps it on the map, at least a pixel wide.
struct LargestBlocks {
    std::vector<float> values;  // rows × columns, north first
    std::size_t rows = 0, columns = 0;
};

// `values` is [rows][columns] with rows south first when `southFirst`; `repeatFirstColumn` adds a
// copy of column 0 at the east end (a global grid drawn across the seam) before the blocks are
// made. Partial blocks at the south and east ends keep what they have.
LargestBlocks largestBlocks(std::span<const float> values, std::size_t rows, std::size_t columns, bool southFirst,
                            bool repeatFirstColumn, int factor);

}  // namespace meshdiff::views
