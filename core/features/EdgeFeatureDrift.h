#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "features/EdgeFeatures.h"
#include "graph/GraphDiff.h"

namespace meshdiff {

// One edge both graphs hold whose features differ. Its drift is counted in float32 steps (ULPs) at
// the edge's own scale: max over the four features of |A − B| divided by the float32 spacing at the
// larger of A's and B's normalised length. Every feature is at most the length in magnitude, so
// this is the ordinary ULP distance of the length and of the dominant components, and it does not
// explode for a component near zero that changes sign (a plain ULP distance from +1e-6 to −1e-6 is
// two billion).
struct EdgeDrift {
    std::int32_t sender = 0, receiver = 0;  // as the edge set indexes them (g2m: grid, mesh; m2g: mesh, grid)
    double ulps = 0;
};
// The drift of one edge whose features are `a` in A and `b` in B, as above (0 when equal).
double edgeDriftUlps(const EdgeFeature& a, const EdgeFeature& b);

// A listed drifting edge: its features and where its ends are in A and in B (degrees).
struct DriftingEdgeDetail {
    EdgeDrift edge;
    EdgeFeature featuresA{}, featuresB{};
    float senderLatA = 0, senderLonA = 0, senderLatB = 0, senderLonB = 0;
    float receiverLatA = 0, receiverLonA = 0, receiverLatB = 0, receiverLonB = 0;
};

// The features of the edges one edge set of A and B share (same sender and receiver), compared.
// Plain numbers, for the diagnosis' residual evidence.
struct EdgeSetDrift {
    std::size_t shared = 0;                         // edges in both graphs
    std::size_t drifting = 0;                       // of those, edges with any feature differing
    double maxUlps = 0, medianUlps = 0;             // over the drifting edges; 0 when none
    double maxAbsDifference = 0;                    // largest |A − B| of any normalised feature
    double normalizationA = 0, normalizationB = 0;  // longest edge (or the given factor) of A's and B's set
    std::vector<EdgeDrift> edges;                   // every drifting edge, by receiver then sender (if listed)
    std::vector<DriftingEdgeDetail> top;            // the most drifting edges, most ULPs first

    bool normalizationsDiffer() const { return normalizationA != normalizationB; }
};

struct EdgeFeatureDrift {
    EdgeSetDrift g2m, m2g;
    std::string method;              // how the features were computed, in a sentence
    std::vector<std::string> notes;  // what was not computed and why (mesh→mesh)
    std::size_t drifting() const { return g2m.drifting + m2g.drifting; }
    nlohmann::json toJson() const;  // `graph.edge_features` of compare --json (README)
};

struct EdgeFeatureDriftOptions {
    EdgeFeatureOptions features;
    std::size_t topCount = 20;
    // false: EdgeSetDrift::edges stays empty (counts, ULPs and the top edges are the same), which
    // spares a list of every drifting edge (16 bytes each) where nothing draws them.
    bool listEdges = true;
};

// Both graphs must be comparable (diffGraphs accepted them); `pa` and `pb` are their prepared edges.
EdgeFeatureDrift edgeFeatureDrift(const GraphView& a, const GraphView& b, const PreparedGraph& pa,
                                  const PreparedGraph& pb, const EdgeFeatureDriftOptions& options = {});
// The same from both graphs' edge frames, worked out already (graphEdgeFrames with options.features):
// e.g. each on the thread that read its graph, while the other graph is still being read.
EdgeFeatureDrift edgeFeatureDrift(const GraphView& a, const GraphView& b, const PreparedGraph& pa,
                                  const PreparedGraph& pb, const GraphEdgeFrames& fa, const GraphEdgeFrames& fb,
                                  const EdgeFeatureDriftOptions& options = {});
EdgeFeatureDrift edgeFeatureDrift(const MeshGraph& a, const MeshGraph& b, const EdgeFeatureDriftOptions& options = {});

}  // namespace meshdiff
