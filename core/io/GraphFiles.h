#pragma once
#include <string>

#include "graph/MeshGraph.h"

namespace meshdiff {

// The .npz layout of the official graph dumps (tests/data/graphs) (grid_lat, grid_lon, mesh_lat, mesh_lon,
// mesh_faces, g2m_*/m2g_* with the grid2mesh_*/grid_to_mesh_* and mesh2grid_*/mesh_to_grid_*
// aliases). Reading validates the graph.
MeshGraph readGraphNpz(const std::string& path);
void writeGraphNpz(const MeshGraph& graph, const std::string& path, bool compress = true);
bool npzHoldsGraph(const std::string& path);  // has the edge keys of a graph

// meshdiff's own HDF5 graph file (docs/formats.md). Reading validates the graph.
MeshGraph readGraphHdf5(const std::string& path);
// deflateLevel > 0: chunked + shuffle + deflate (about 2.5x smaller, slower to read; docs/formats.md).
void writeGraphHdf5(const MeshGraph& graph, const std::string& path, const std::string& metadataJson = "{}",
                    int deflateLevel = 0);
bool hdf5HoldsGraph(const std::string& path);                // carries meshdiff's graph format attribute
std::string readGraphHdf5Metadata(const std::string& path);  // the metadata JSON stored by writeGraphHdf5

// Either of the above, decided by content. Throws meshdiff::Error.
MeshGraph readGraph(const std::string& path);

}  // namespace meshdiff
