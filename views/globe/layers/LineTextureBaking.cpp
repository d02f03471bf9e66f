#include "globe/layers/LineTextureBaking.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>

#include "geo/Vec3.h"
#include "globe/GlobeCamera.h"
#include "globe/GlobeColors.h"
#include "globe/layers/MeshEdges.h"
#include "globe/layers/ScenePositions.h"

namespace meshdiff::views {

LineTextureLevels bakeLineTexture(const MeshGraph* mesh, const std::vector<std::int32_t>* levelFaces, int level,
                                  const Coastlines* coast) {
    const bool withMesh = mesh && levelFaces;
    if (!withMesh && !coast) return {};
    const LineTextureKey key{withMesh ? meshFingerprint(*mesh) : 0, withMesh ? level : -1, coast != nullptr};
    return cachedLineTexture(key, [&] {
        LineRaster raster(kLineTextureWidth, kLineTextureHeight);
        if (withMesh) {
            for (const auto& [a, b] : uniqueEdges(*levelFaces))
                if (validMesh(mesh, a) && validMesh(mesh, b))
                    raster.drawArc(meshPosition(*mesh, a), meshPosition(*mesh, b), kColorMeshLine.g);
        }
        if (coast) {
            const std::uint8_t luminance = kColorCoast.g;
            for (std::size_t k = 0; k < coast->lineCount(); ++k)
                for (auto i = coast->start[k]; i + 1 < coast->start[k + 1]; ++i)
                    raster.drawArc(unitVector(coast->lat[i], coast->lon[i]),
                                   unitVector(coast->lat[i + 1], coast->lon[i + 1]), luminance);
        }
        LineTextureLevels levels{std::make_shared<const LineRaster>(std::move(raster))};
        while (static_cast<int>(levels.size()) < kLineTextureLevels)
            levels.push_back(std::make_shared<const LineRaster>(levels.back()->halved()));
        return levels;
    });
}

double lineTextureDetail(double cameraDistance, int viewportHeight) {
    const double pixelAngle =
        (cameraDistance - 1.0) * kGlobeViewAngleDegrees * std::numbers::pi / 180.0 / std::max(1, viewportHeight);
    return std::log2(pixelAngle / (std::numbers::pi / kLineTextureHeight));
}

}  // namespace meshdiff::views
