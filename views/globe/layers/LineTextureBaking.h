#pragma once
#include <cstdint>
#include <vector>

#include "geo/Coastlines.h"
#include "globe/LineTextureCache.h"
#include "graph/MeshGraph.h"

namespace meshdiff::views {

// Mesh and coastlines become a texture at overview zoom: levels of this size and halves of it
// (8192, 4096 and 2048 texels around the equator).
constexpr int kLineTextureWidth = 8192, kLineTextureHeight = 4096;
constexpr int kLineTextureLevels = 3;

// The edges of `levelFaces` (mesh level `level` of `mesh`) and the coastlines (either may be
// null) drawn as grey lines, coastlines darker, into luminance + alpha rasters, finest first;
// shared with other renderers showing the same lines.
LineTextureLevels bakeLineTexture(const MeshGraph* mesh, const std::vector<std::int32_t>* levelFaces, int level,
                                  const Coastlines* coast);

// log2 of a screen pixel's size in texels of the finest level, seen from `cameraDistance`
// radii on a picture `viewportHeight` pixels high: the texture level that fits the picture.
double lineTextureDetail(double cameraDistance, int viewportHeight);

}  // namespace meshdiff::views
