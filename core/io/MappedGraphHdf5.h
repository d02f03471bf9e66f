#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "graph/GraphView.h"

namespace meshdiff {

// A meshdiff HDF5 graph file mapped into memory read-only, its arrays used in place: no copy, no
// fresh memory to zero (for a 0.25° graph, 39 MB that readGraphHdf5 would copy). Only for files
// whose datasets are all stored plainly (contiguous, unfiltered, native dtypes, aligned: what
// writeGraphHdf5 writes by default). The file must not be truncated while mapped.
class MappedGraphHdf5 {
public:
    // Empty when a dataset is stored otherwise (read the file with readGraphHdf5 then). Checks and
    // validates like readGraphHdf5 and throws the same errors.
    static std::optional<MappedGraphHdf5> open(const std::string& path);

    MappedGraphHdf5(MappedGraphHdf5&& other) noexcept;
    MappedGraphHdf5& operator=(MappedGraphHdf5&& other) noexcept;
    MappedGraphHdf5(const MappedGraphHdf5&) = delete;
    MappedGraphHdf5& operator=(const MappedGraphHdf5&) = delete;
    ~MappedGraphHdf5();

    const GraphView& view() const { return view_; }

private:
    MappedGraphHdf5() = default;
    void* base_ = nullptr;
    std::size_t bytes_ = 0;
    GraphView view_;
};

}  // namespace meshdiff
