#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "graph/GraphView.h"
#include "graph/MeshGraph.h"

namespace meshdiff {

inline std::uint64_t g2mKey(std::int32_t grid, std::int32_t mesh) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(mesh)) << 32) | static_cast<std::uint32_t>(grid);
}
inline std::int32_t g2mKeyGrid(std::uint64_t key) { return static_cast<std::int32_t>(key & 0xffffffffu); }
inline std::int32_t g2mKeyMesh(std::uint64_t key) { return static_cast<std::int32_t>(key >> 32); }

// Branch-free (min/max): the order of a triangle's senders is unpredictable.
inline void sortTriangle(std::int32_t* t) {
    const std::int32_t low01 = std::min(t[0], t[1]), high01 = std::max(t[0], t[1]);
    const std::int32_t mid = std::min(high01, t[2]);
    t[2] = std::max(high01, t[2]);
    t[0] = std::min(low01, mid);
    t[1] = std::max(low01, mid);
}

// Order-independent form of a graph's edges, the basis of both the diff and the hash:
// grid→mesh keys (mesh << 32 | grid) ascending, and per grid point the 3 mesh→grid senders
// ascending. Files meshdiff writes hold their edges in that order already (grid→mesh sorted,
// mesh→grid grouped by point); then nothing is copied and these read the graph's own arrays,
// which must outlive this object.
class CanonicalEdges {
public:
    std::size_t g2mCount() const { return g2mCount_; }
    std::uint64_t g2m(std::size_t e) const {
        return g2mSorted_.empty() ? g2mKey(senders_[e], receivers_[e]) : g2mSorted_[e];
    }
    // The keys when they were sorted into a copy; empty when they are read from the graph.
    const LargeVector<std::uint64_t>& g2mSortedCopy() const { return g2mSorted_; }
    const std::int32_t* g2mSenders() const { return senders_; }
    const std::int32_t* g2mReceivers() const { return receivers_; }

    std::size_t gridPoints() const { return gridPoints_; }
    // The three senders of grid point p, unsorted (sort with sortTriangle).
    const std::int32_t* m2gSenders(std::size_t p) const {
        return (m2gGrouped_.empty() ? graphM2gSenders_ : m2gGrouped_.data()) + 3 * p;
    }

    friend CanonicalEdges canonicalEdges(const GraphView& graph);

private:
    std::size_t g2mCount_ = 0, gridPoints_ = 0;
    const std::int32_t* senders_ = nullptr;
    const std::int32_t* receivers_ = nullptr;
    LargeVector<std::uint64_t> g2mSorted_;
    const std::int32_t* graphM2gSenders_ = nullptr;
    LargeVector<std::int32_t> m2gGrouped_;  // empty when the graph's are grouped by point
};

// Requires a validated graph (indices in range, 3 mesh→grid edges per grid point).
CanonicalEdges canonicalEdges(const GraphView& graph);
CanonicalEdges canonicalEdges(const MeshGraph& graph);

// The same edges, in canonical form (what makes two graphs' hashes equal, short of the nodes).
bool sameEdges(const CanonicalEdges& a, const CanonicalEdges& b);

}  // namespace meshdiff
