#pragma once
#include <string>

#include "graph/GraphView.h"
#include "graph/MeshGraph.h"

namespace meshdiff {

class NpzArchive;

// The .npz layout of the official graph dumps (tests/data/graphs) (grid_lat, grid_lon, mesh_lat, mesh_lon,
// mesh_faces, g2m_*/m2g_* with the grid2mesh_*/grid_to_mesh_* and mesh2grid_*/mesh_to_grid_*
// aliases). Reading validates the graph.
MeshGraph readGraphNpz(const std::string& path);
void writeGraphNpz(const MeshGraph& graph, const std::string& path, bool compress = true);
// True when member names say graph (g2m_*, m2g_*, grid2mesh_*, grid_to_mesh_*, mesh2grid_*,
// mesh_to_grid_*, mesh_*). Throws meshdiff::Error when they do but arrays of the layout are missing
// ("damaged graph"), and when the file is not a readable zip ("damaged archive").
bool npzHoldsGraph(const std::string& path);
bool npzHoldsGraph(const NpzArchive& archive);
// An array name only a graph uses (the prefixes above): any of them makes a file a graph, whole or damaged.
bool nameSaysGraph(const std::string& name);

// meshdiff's own HDF5 graph file (docs/formats.md). Reading validates the graph.
MeshGraph readGraphHdf5(const std::string& path);
// deflateLevel > 0: chunked + shuffle + deflate (about 2.5x smaller, slower to read; docs/formats.md).
void writeGraphHdf5(const MeshGraph& graph, const std::string& path, const std::string& metadataJson = "{}",
                    int deflateLevel = 0);
// True when the file carries meshdiff's graph format attribute; false for other HDF5 files (NetCDF-4)
// and files without the HDF5 signature. Throws meshdiff::Error when an HDF5 file cannot be opened
// ("damaged HDF5 file") or holds graph groups or datasets (grid2mesh, mesh2grid, or names an .npz
// graph uses) without the attribute.
bool hdf5HoldsGraph(const std::string& path);
std::string readGraphHdf5Metadata(const std::string& path);  // the metadata JSON stored by writeGraphHdf5

// Either of the above, decided by content. Throws meshdiff::Error.
MeshGraph readGraph(const std::string& path);

// A graph read to be looked at through a GraphView, never changed: mesh→grid receivers in the
// official order 0,0,0,1,1,1,… are checked as the file is read but not held
// (GraphView::m2gReceiversByPoint), a sixth less fresh memory for a compare, whose time goes
// largely to the kernel handing out zeroed pages (docs/benchmarks.md). Other orders, and HDF5
// files, are held whole.
class LeanGraph {
public:
    GraphView view() const {
        GraphView v = viewOf(arrays_);
        v.m2gReceiversByPoint = receiversByPoint_;
        return v;
    }

private:
    friend LeanGraph readLeanGraphNpz(const std::string& path);
    friend LeanGraph readLeanGraph(const std::string& path);
    MeshGraph arrays_;  // m2gReceivers empty when receiversByPoint_
    bool receiversByPoint_ = false;
};
LeanGraph readLeanGraphNpz(const std::string& path);
LeanGraph readLeanGraph(const std::string& path);  // as readGraph

}  // namespace meshdiff
