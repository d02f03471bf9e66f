#include "features/EdgeFeatureDrift.h"

#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <numeric>
#include <span>

#include "features/DriftBatch.h"
#include "features/UlpsMedian.h"
#include "graph/CanonicalEdges.h"
#include "graph/HugePageArray.h"
#include "graph/LargeVectors.h"

namespace meshdiff {
namespace {

constexpr std::size_t kChunks = 64;

// The float32 spacing at |x|: 2^(e − 24) for |x| = m·2^e with m in [0.5, 1); the smallest
// subnormal at and below the normal range.
double float32Spacing(float x) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    bits &= 0x7f800000u;  // the exponent alone: 2^e for |x| in [2^e, 2^(e+1))
    if (bits == 0) return double(std::numeric_limits<float>::denorm_min());
    float power = 0;
    std::memcpy(&power, &bits, sizeof power);
    return double(power) * 0x1p-23;
}

// Grid→mesh edges in both graphs: a merge of the two ascending canonical key lists, in chunks of A's.
// The chunks of one edge set. When the normalisations differ nearly every shared edge drifts: each
// chunk then writes into its own stretch of one array sized for all the edges (`slots`), which
// becomes the list once the stretches are closed up, instead of being copied from the chunks.
// Without a list, each chunk tallies its drifting edges instead (`tallies`), keeping their ULPs in
// its stretch of room for every edge of the set. Fresh memory is the cost there (the kernel zeroes
// each page first touched; ~1–3 ms per MB on a paravirtualised VM): when most edges are expected
// to drift the room is in huge pages (one fault per 2 MiB, ~37 MB at 0.25°); when few are, in
// small pages, so that only the start of each chunk's stretch is ever touched.
struct DriftChunks {
    std::vector<SharedEdges> chunks = std::vector<SharedEdges>(kChunks);
    std::vector<EdgeDrift> slots;
    HugePageArray<double> denseUlps;
    std::unique_ptr<double[]> sparseUlps;
    std::vector<DriftTally> tallies;

    DriftChunks() = default;
    // `firstEdge(c)`: where chunk c's edges start among the set's `edges`.
    template <class FirstEdge>
    DriftChunks(bool listEdges, bool mostDrift, std::size_t topCount, std::size_t edges, const FirstEdge& firstEdge) {
        if (listEdges) return;
        double* room = nullptr;
        if (mostDrift) {
            denseUlps = HugePageArray<double>(edges);
            room = denseUlps.data();
        } else {
            sparseUlps = std::make_unique_for_overwrite<double[]>(std::max<std::size_t>(edges, 1));
            room = sparseUlps.get();
        }
        tallies.reserve(kChunks);
        for (std::size_t c = 0; c < kChunks; ++c) tallies.emplace_back(topCount, room + firstEdge(c));
        for (std::size_t c = 0; c < kChunks; ++c) chunks[c].tally = &tallies[c];
    }
    bool listed() const { return tallies.empty(); }
};

// Above this share of moved mesh nodes most edges are expected to drift.
constexpr double kMostMoved = 0.25;

// One byte per mesh node both graphs have: 1 when its latitude or longitude bits differ between
// them. The drift loops read it instead of two floats from each graph's tables.
std::vector<std::uint8_t> movedNodes(const NodeFrames& a, const NodeFrames& b) {
    std::vector<std::uint8_t> moved(std::min(a.size(), b.size()));
    for (std::size_t m = 0; m < moved.size(); ++m) moved[m] = a.sameNode(m, b) ? 0 : 1;
    return moved;
}

bool mostMoved(const std::vector<std::uint8_t>& moved) {
    const auto count = static_cast<double>(std::count(moved.begin(), moved.end(), std::uint8_t(1)));
    return count > kMostMoved * static_cast<double>(moved.size());
}

DriftChunks sharedGridToMesh(const CanonicalEdges& ea, const CanonicalEdges& eb, const GraphEdgeFrames& fa,
                             const GraphEdgeFrames& fb, const std::vector<std::uint8_t>& movedMesh,
                             const EdgeFeatureDriftOptions& options) {
    const std::size_t na = ea.g2mCount(), nb = eb.g2mCount();
    const bool sameGrid = fa.grid.sameNodes(fb.grid);
    const bool rescaled = fa.g2mNormalization != fb.g2mNormalization;
    DriftChunks result(options.listEdges, rescaled || !sameGrid || mostMoved(movedMesh), options.topCount, na,
                       [&](std::size_t c) { return na * c / kChunks; });
    std::vector<SharedEdges>& chunks = result.chunks;
    const bool intoSlots = rescaled && result.listed();
    if (intoSlots) resizeLarge(result.slots, na);
    tbb::parallel_for(std::size_t(0), kChunks, [&](std::size_t c) {
        std::size_t i = na * c / kChunks;
        const std::size_t end = na * (c + 1) / kChunks;
        if (i == end) return;
        SharedEdges& out = chunks[c];
        if (intoSlots) out.slots = result.slots.data() + i;  // room for every edge of the chunk
        DriftBatch batch(fa.g2mNormalization, fb.g2mNormalization, out);
        std::size_t lo = 0, hi = nb;  // first key of B not below A's first key of the chunk
        while (lo < hi) {
            const std::size_t mid = (lo + hi) / 2;
            if (eb.g2m(mid) < ea.g2m(i)) lo = mid + 1;
            else hi = mid;
        }
        for (std::size_t j = lo; i < end && j < nb;) {
            const std::uint64_t ka = ea.g2m(i), kb = eb.g2m(j);
            if (ka < kb) {
                ++i;
            } else if (kb < ka) {
                ++j;
            } else {
                const std::int32_t mesh = g2mKeyMesh(ka);
                const auto m = static_cast<std::size_t>(mesh);
                const std::int32_t grid = g2mKeyGrid(ka);
                const auto g = static_cast<std::size_t>(grid);
                ++out.shared;
                if (!movedMesh[m] && (sameGrid || fa.grid.sameNode(g, fb.grid))) {
                    // Same inputs, same arithmetic: only a different normalisation can make it drift.
                    if (rescaled) batch.addSameEnds(grid, mesh, fa.grid.position(g), fa.meshFrames[m]);
                } else {
                    batch.addMovedEnds(grid, mesh, fa.grid.position(g), fa.meshFrames[m], fb.grid.position(g),
                                       fb.meshFrames[m]);
                }
                ++i;
                ++j;
            }
        }
    });
    return result;
}

// Mesh→grid edges in both graphs: per grid point, the senders its two triangles share.
DriftChunks sharedMeshToGrid(const CanonicalEdges& ea, const CanonicalEdges& eb, const GraphEdgeFrames& fa,
                             const GraphEdgeFrames& fb, const std::vector<std::uint8_t>& movedMesh,
                             const EdgeFeatureDriftOptions& options) {
    const std::size_t points = std::min(ea.gridPoints(), eb.gridPoints());
    const bool sameNormalization = fa.m2gNormalization == fb.m2gNormalization;
    const bool sameGrid = fa.grid.sameNodes(fb.grid);
    DriftChunks result(options.listEdges, !sameNormalization || !sameGrid || mostMoved(movedMesh), options.topCount,
                       3 * points, [&](std::size_t c) { return 3 * (points * c / kChunks); });
    std::vector<SharedEdges>& chunks = result.chunks;
    const bool intoSlots = !sameNormalization && result.listed();
    if (intoSlots) resizeLarge(result.slots, 3 * points);
    tbb::parallel_for(std::size_t(0), kChunks, [&](std::size_t c) {
        SharedEdges& out = chunks[c];
        if (intoSlots) out.slots = result.slots.data() + 3 * (points * c / kChunks);
        DriftBatch batch(fa.m2gNormalization, fb.m2gNormalization, out);
        for (std::size_t p = points * c / kChunks; p < points * (c + 1) / kChunks; ++p) {
            const std::int32_t* sendersA = ea.m2gSenders(p);
            const std::int32_t* sendersB = eb.m2gSenders(p);
            // Most points: the same three distinct, unmoved senders in the same order, the same
            // receiver and normalisation. Nothing can differ, as the general way below finds too.
            if (sameNormalization && sendersA[0] == sendersB[0] && sendersA[1] == sendersB[1] &&
                sendersA[2] == sendersB[2] && sendersA[0] != sendersA[1] && sendersA[0] != sendersA[2] &&
                sendersA[1] != sendersA[2] &&
                (movedMesh[static_cast<std::size_t>(sendersA[0])] | movedMesh[static_cast<std::size_t>(sendersA[1])] |
                 movedMesh[static_cast<std::size_t>(sendersA[2])]) == 0 &&
                (sameGrid || fa.grid.sameNode(p, fb.grid))) {
                out.shared += 3;
                continue;
            }
            std::int32_t ta[3], tb[3];
            std::copy_n(sendersA, 3, ta);
            std::copy_n(sendersB, 3, tb);
            sortTriangle(ta);
            sortTriangle(tb);
            std::int32_t shared[3];
            int count = 0;
            const bool sameReceiver = sameGrid || fa.grid.sameNode(p, fb.grid);
            bool sameSenders = true;
            for (int k = 0; k < 3; ++k) {
                if (k > 0 && ta[k] == ta[k - 1]) continue;  // a repeated sender is one edge twice
                if (std::find(tb, tb + 3, ta[k]) == tb + 3) continue;
                shared[count++] = ta[k];
                sameSenders = sameSenders && !movedMesh[static_cast<std::size_t>(ta[k])];
            }
            out.shared += static_cast<std::size_t>(count);
            if (sameReceiver && sameSenders && sameNormalization) continue;  // nothing can differ: skip the frames
            const ReceiverFrame frameA = fa.grid.frame(p);
            const ReceiverFrame frameB = sameReceiver ? frameA : fb.grid.frame(p);
            const auto receiver = static_cast<std::int32_t>(p);
            for (int k = 0; k < count; ++k) {
                const auto s = static_cast<std::size_t>(shared[k]);
                if (sameReceiver && !movedMesh[s]) {
                    if (!sameNormalization) batch.addSameEnds(shared[k], receiver, fa.mesh.position(s), frameA);
                } else {
                    batch.addMovedEnds(shared[k], receiver, fa.mesh.position(s), frameA, fb.mesh.position(s), frameB);
                }
            }
        }
    });
    return result;
}

DriftingEdgeDetail detail(const EdgeDrift& e, EdgeSetKind kind, const GraphEdgeFrames& fa, const GraphEdgeFrames& fb) {
    const bool g2m = kind == EdgeSetKind::GridToMesh;
    const auto s = static_cast<std::size_t>(e.sender), r = static_cast<std::size_t>(e.receiver);
    const NodeFrames& sa = g2m ? fa.grid : fa.mesh;
    const NodeFrames& ra = g2m ? fa.mesh : fa.grid;
    const NodeFrames& sb = g2m ? fb.grid : fb.mesh;
    const NodeFrames& rb = g2m ? fb.mesh : fb.grid;
    DriftingEdgeDetail d;
    d.edge = e;
    d.featuresA = edgeFeature(fa, kind, e.sender, e.receiver);
    d.featuresB = edgeFeature(fb, kind, e.sender, e.receiver);
    d.senderLatA = sa.latitude(s);
    d.senderLonA = sa.longitude(s);
    d.senderLatB = sb.latitude(s);
    d.senderLonB = sb.longitude(s);
    d.receiverLatA = ra.latitude(r);
    d.receiverLonA = ra.longitude(r);
    d.receiverLatB = rb.latitude(r);
    d.receiverLonB = rb.longitude(r);
    return d;
}

// The chunks' drifting edges as one list, in chunk order.
std::vector<EdgeDrift> joined(DriftChunks& d) {
    std::vector<EdgeDrift> edges;
    if (!d.slots.empty()) {
        EdgeDrift* end = d.slots.data();
        for (const SharedEdges& c : d.chunks) {
            if (c.filled > 0 && c.slots != end) std::memmove(end, c.slots, c.filled * sizeof(EdgeDrift));
            end += c.filled;
        }
        d.slots.resize(static_cast<std::size_t>(end - d.slots.data()));
        return std::move(d.slots);
    }
    std::size_t drifting = 0;
    for (const SharedEdges& c : d.chunks) drifting += c.drifting.size();
    reserveLarge(edges, drifting);
    for (SharedEdges& c : d.chunks) {
        edges.insert(edges.end(), c.drifting.begin(), c.drifting.end());
        std::vector<EdgeDrift>().swap(c.drifting);  // freed as it is copied: a lower peak
    }
    return edges;
}

EdgeSetDrift summarise(DriftChunks chunks, EdgeSetKind kind, const GraphEdgeFrames& fa, const GraphEdgeFrames& fb,
                       std::size_t topCount) {
    EdgeSetDrift s;
    const bool g2m = kind == EdgeSetKind::GridToMesh;
    s.normalizationA = g2m ? fa.g2mNormalization : fa.m2gNormalization;
    s.normalizationB = g2m ? fb.g2mNormalization : fb.m2gNormalization;
    for (const auto& c : chunks.chunks) {
        s.shared += c.shared;
        s.maxAbsDifference = std::max(s.maxAbsDifference, c.maxAbsDifference);
    }
    if (!chunks.listed()) {
        const DriftTally::Summary tally = DriftTally::merge(chunks.tallies, topCount);
        s.drifting = tally.drifting;
        s.maxUlps = tally.maxUlps;
        s.medianUlps = tally.medianUlps;
        for (const EdgeDrift& e : tally.top) s.top.push_back(detail(e, kind, fa, fb));
        return s;
    }
    s.edges = joined(chunks);
    s.drifting = s.edges.size();

    for (const EdgeDrift& e : s.edges) s.maxUlps = std::max(s.maxUlps, e.ulps);
    s.medianUlps = ulpsMedian(s.edges.size(), [&](const auto& f) {
        for (const EdgeDrift& e : s.edges) f(e.ulps);
    });

    // The most drifting edges in one pass: a min-heap of the best `topCount` (ties: earlier edge first).
    auto moreDrift = [&](std::size_t x, std::size_t y) {
        return s.edges[x].ulps != s.edges[y].ulps ? s.edges[x].ulps > s.edges[y].ulps : x < y;
    };
    std::vector<std::size_t> order;
    for (std::size_t e = 0; e < s.edges.size() && topCount > 0; ++e) {
        if (order.size() < topCount) {
            order.push_back(e);
            std::push_heap(order.begin(), order.end(), moreDrift);
        } else if (moreDrift(e, order.front())) {
            std::pop_heap(order.begin(), order.end(), moreDrift);
            order.back() = e;
            std::push_heap(order.begin(), order.end(), moreDrift);
        }
    }
    std::sort(order.begin(), order.end(), moreDrift);
    const std::size_t n = order.size();
    for (std::size_t k = 0; k < n; ++k) s.top.push_back(detail(s.edges[order[k]], kind, fa, fb));
    return s;
}

std::string methodText(const EdgeFeatureOptions& options) {
    std::string text =
        "GraphCast edge features (model_utils.get_bipartite_graph_spatial_features, receiver-local latitude and "
        "longitude frames) from each graph's float32 node lat/lon: float32 positions with " +
        toString(options.math) +
        " sin/cos, SciPy's float64 rotations, lengths and division, features rounded to float32; "
        "normalised by each edge set's longest edge";
    if (options.meshToGridNormalization) text += " (mesh→grid by the given factor)";
    return text;
}

template <class T>
bool sameBytes(std::span<const T> x, std::span<const T> y) {
    return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size_bytes()) == 0;
}

// Mesh→grid edges counted once per (sender, grid point), as the merge of two equal graphs counts them.
std::size_t distinctMeshToGridEdges(const CanonicalEdges& edges) {
    std::size_t count = 0;
    for (std::size_t p = 0; p < edges.gridPoints(); ++p) {
        std::int32_t t[3];
        std::copy_n(edges.m2gSenders(p), 3, t);
        sortTriangle(t);
        count += 1 + (t[1] != t[0]) + (t[2] != t[1]);
    }
    return count;
}

bool sameGraphs(const GraphView& a, const GraphView& b, const PreparedGraph& pa, const PreparedGraph& pb) {
    return sameBytes(a.gridLat, b.gridLat) && sameBytes(a.gridLon, b.gridLon) && sameBytes(a.meshLat, b.meshLat) &&
           sameBytes(a.meshLon, b.meshLon) && sameEdges(pa.edges, pb.edges);
}

}  // namespace

double edgeDriftUlps(const EdgeFeature& a, const EdgeFeature& b) {
    double most = 0;
    for (std::size_t k = 0; k < a.size(); ++k) most = std::max(most, std::abs(double(a[k]) - double(b[k])));
    return most / float32Spacing(std::max(std::abs(a[0]), std::abs(b[0])));
}

EdgeFeatureDrift edgeFeatureDrift(const GraphView& a, const GraphView& b, const PreparedGraph& pa,
                                  const PreparedGraph& pb, const GraphEdgeFrames& fa, const GraphEdgeFrames& fb,
                                  const EdgeFeatureDriftOptions& options) {
    EdgeFeatureDrift drift;
    drift.method = methodText(options.features);
    drift.notes.push_back(
        "mesh→mesh: not compared; graph files hold the finest mesh's faces, not the multi-mesh edges the processor "
        "uses");
    if (sameGraphs(a, b, pa, pb)) {
        // Same nodes and same edges: the same arithmetic on the same inputs, nothing can drift.
        drift.g2m.shared = pa.edges.g2mCount();
        drift.m2g.shared = distinctMeshToGridEdges(pa.edges);
        drift.g2m.normalizationA = drift.g2m.normalizationB = fa.g2mNormalization;
        drift.m2g.normalizationA = drift.m2g.normalizationB = fa.m2gNormalization;
        return drift;
    }
    DriftChunks g2m, m2g;
    const std::vector<std::uint8_t> movedMesh = movedNodes(fa.mesh, fb.mesh);
    tbb::parallel_invoke([&] { g2m = sharedGridToMesh(pa.edges, pb.edges, fa, fb, movedMesh, options); },
                         [&] { m2g = sharedMeshToGrid(pa.edges, pb.edges, fa, fb, movedMesh, options); });
    tbb::parallel_invoke(
        [&] { drift.g2m = summarise(std::move(g2m), EdgeSetKind::GridToMesh, fa, fb, options.topCount); },
        [&] { drift.m2g = summarise(std::move(m2g), EdgeSetKind::MeshToGrid, fa, fb, options.topCount); });
    return drift;
}

EdgeFeatureDrift edgeFeatureDrift(const GraphView& a, const GraphView& b, const PreparedGraph& pa,
                                  const PreparedGraph& pb, const EdgeFeatureDriftOptions& options) {
    GraphEdgeFrames fa, fb;
    if (sameGraphs(a, b, pa, pb)) {
        fa = graphEdgeFrames(a, options.features);  // B's are the same
        return edgeFeatureDrift(a, b, pa, pb, fa, fa, options);
    }
    tbb::parallel_invoke([&] { fa = graphEdgeFrames(a, options.features); },
                         [&] { fb = graphEdgeFrames(b, options.features); });
    return edgeFeatureDrift(a, b, pa, pb, fa, fb, options);
}

EdgeFeatureDrift edgeFeatureDrift(const MeshGraph& a, const MeshGraph& b, const EdgeFeatureDriftOptions& options) {
    const GraphView va = viewOf(a), vb = viewOf(b);
    return edgeFeatureDrift(va, vb, prepareGraph(va), prepareGraph(vb), options);
}

}  // namespace meshdiff
