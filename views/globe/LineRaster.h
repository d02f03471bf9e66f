#pragma once
#include <cstdint>

#include "geo/Vec3.h"
#include "graph/LargeVectors.h"

namespace meshdiff::views {

// Great-circle arcs drawn into an equirectangular luminance + alpha image: longitude 0…360°
// across, latitude −90…90° from the first row up. At overview zoom the globe shows its dense
// line layers (the finest mesh has 122,880 edges) as this texture: software OpenGL draws a
// textured sphere in a fraction of the time it needs for the lines themselves.
class LineRaster {
public:
    LineRaster(int width, int height);

    // Marks every texel the arc from unit vector a to unit vector b passes through; later arcs
    // overwrite the luminance of earlier ones where they cross.
    void drawArc(const Vec3& a, const Vec3& b, std::uint8_t luminance);

    int width() const { return width_; }
    int height() const { return height_; }
    const LargeVector<std::uint8_t>& luminanceAlpha() const { return texels_; }  // 2 bytes a texel
    // Half the width and height, each texel the alpha-weighted mean of a 2×2 block: a thin line
    // becomes a fainter one instead of vanishing between samples (a mipmap level).
    LineRaster halved() const;
    std::size_t coveredTexels() const;

private:
    void mark(double x, double y, std::uint8_t luminance);  // continuous texel coordinates
    void drawStraight(const Vec3& a, const Vec3& b, std::uint8_t luminance);
    void drawPolar(const Vec3& a, const Vec3& b, double angle, std::uint8_t luminance);
    void drawGreatCircle(const Vec3& a, const Vec3& b, double angle, std::uint8_t luminance);
    void halveEvenInto(const LineRaster& full);

    int width_, height_;
    LargeVector<std::uint8_t> texels_;
};

}  // namespace meshdiff::views
