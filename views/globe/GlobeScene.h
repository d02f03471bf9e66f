#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "colormap/ColorMap.h"
#include "diagnose/DiffNeighbourhood.h"
#include "features/EdgeFeatureDrift.h"
#include "fields/LatLonGrid.h"
#include "globe/SharedFloats.h"
#include "graph/GraphDiff.h"
#include "graph/MeshGraph.h"

namespace meshdiff::views {

// The globe's layers; each can be shown or hidden.
enum class GlobeLayer {
    Coastlines,
    Mesh,  // icosahedral mesh wireframe at GlobeScene::meshLevel
    GridPoints,
    G2mOnlyA,      // grid→mesh edges only in A
    G2mOnlyB,      // grid→mesh edges only in B
    Triangles,     // differing mesh→grid triangles (A's and B's face)
    MovedNodes,    // mesh nodes whose position differs, coloured by ULP shift
    AtRisk,        // fragile edges / grid points from the fragility analysis
    FieldOverlay,  // the selected field draped as a texture
    Legend,
    ColorBar,
    // Appended, so that saved layer lists (by number) keep their meaning.
    DiffNeighbourhood,   // the diagnosis' "near": within its radius of where the graphs differ
    EdgeFeatureDrift,    // shared edges whose features drift, coloured by ULPs
    ReorderedReceivers,  // receivers whose incoming edges are the same set in another order
};
constexpr int kGlobeLayerCount = 14;

enum class FieldOverlayMode { Diverging, Sequential, SequentialLog };

// A field draped on the globe: values on `grid` (row-major [nlat][nlon]), NaN is transparent.
// Diverging: colour map centred on 0 with limits ±max(|min|, |max|). Sequential(Log): min..max.
struct FieldOverlay {
    LatLonGrid grid;
    SharedFloats values;
    std::string name;  // shown above the colour bar, e.g. "2m_temperature A−B"
    std::string units;
    FieldOverlayMode mode = FieldOverlayMode::Diverging;
    double min = 0, max = 0;  // when min == max the limits come from the data
    // The error map's A−B scale (kind, limits, linear band): when set, the drape and the legend's
    // colour bar use exactly it, so that map, globe and figures agree; mode, min and max then
    // do not matter.
    std::optional<ColorScale> scale;
    float opacity = 0.85f;
    bool empty() const { return values.empty(); }
};

// An edge or grid point the fragility analysis flags as at risk of flipping on another CPU.
struct AtRiskItems {
    std::vector<GridMeshEdge> edges;       // grid→mesh edges near the radius
    std::vector<std::int32_t> gridPoints;  // grid points near a mesh→grid face boundary
};

constexpr int kDefaultMeshLevel = 4;

// Everything the globe shows. Pointers are not owned and must outlive the scene's use
// (until the next setScene); graphB and diff may be null (one run only).
struct GlobeScene {
    const MeshGraph* graphA = nullptr;
    const MeshGraph* graphB = nullptr;
    const GraphDiff* diff = nullptr;
    AtRiskItems atRisk;
    FieldOverlay field;
    const DiffPlaces* places = nullptr;           // where the graphs differ, as the diagnosis measures it
    const EdgeFeatureDrift* edgeDrift = nullptr;  // on graph A's positions
    // Grid points and moved mesh nodes (tens of thousands of dots) start hidden, and so do the
    // at-risk items: thousands of them would hide the few that do differ and the field below.
    // Reordered receivers are shown: their dots are faint enough to stay under everything else.
    std::array<bool, kGlobeLayerCount> visible{true,  true, false, true, true, true, false,
                                               false, true, true,  true, true, true, true};
    // 0 (M0, 12 nodes) … 6 (finest of a 6-split mesh); clamped to what exists. M4 (≈ 4° faces):
    // the finest mesh would grey out the whole globe, and the draped field with it.
    int meshLevel = kDefaultMeshLevel;
    std::string labelA = "A", labelB = "B";

    bool isVisible(GlobeLayer layer) const { return visible[static_cast<int>(layer)]; }
    void setVisible(GlobeLayer layer, bool on) { visible[static_cast<int>(layer)] = on; }
};

// What a click on the globe hit.
struct GlobePick {
    enum class Kind { None, G2mEdge, Triangle, GridPoint, MeshNode };
    Kind kind = Kind::None;
    std::int32_t grid = -1;   // grid index (edge sender, triangle's grid point, grid point)
    std::int32_t mesh = -1;   // mesh index (edge receiver, mesh node)
    int run = 0;              // 1: only in A / A's face, 2: only in B / B's face, 0: both/n.a.
    int diffIndex = -1;       // index into GraphDiff::g2mOnlyA/B or m2gChanged, else -1
    double lat = 0, lon = 0;  // where the click hit the sphere, degrees
};

}  // namespace meshdiff::views
