#include "globe/LineRaster.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace meshdiff::views {

LineRaster::LineRaster(int width, int height)
    : width_(std::max(1, width)),
      height_(std::max(1, height)),
      texels_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 2, 0) {}

namespace {
constexpr double kTurn = 2 * std::numbers::pi;

// Continuous texel coordinates of a unit vector: x across longitude 0…360°, y up from −90°.
void texelOf(const Vec3& p, int width, int height, double& x, double& y) {
    const double lon = std::atan2(p[1], p[0]) / kTurn;
    x = (lon < 0 ? lon + 1 : lon) * width;
    y = (std::asin(std::clamp(p[2], -1.0, 1.0)) / std::numbers::pi + 0.5) * height;
}
}  // namespace

void LineRaster::mark(double x, double y, std::uint8_t luminance) {
    int ix = static_cast<int>(std::floor(x)) % width_;
    if (ix < 0) ix += width_;
    const int iy = std::clamp(static_cast<int>(std::floor(y)), 0, height_ - 1);
    std::uint8_t* texel = &texels_[2 * (static_cast<std::size_t>(iy) * width_ + ix)];
    texel[0] = luminance;
    texel[1] = 255;
}

void LineRaster::drawArc(const Vec3& a, const Vec3& b, std::uint8_t luminance) {
    const double angle = angleBetween(a, b);
    double x0, y0, x1, y1;
    texelOf(a, width_, height_, x0, y0);
    texelOf(b, width_, height_, x1, y1);
    constexpr double kStraightArc = 2.0 * std::numbers::pi / 180, kPolarCap = 0.97;  // 2°; |lat| > 76°
    if (angle <= kStraightArc && std::abs(a[2]) < kPolarCap && std::abs(b[2]) < kPolarCap) {
        // A short arc away from the poles is a straight line in longitude and latitude to well
        // under a texel: step along it one texel at a time.
        if (x1 - x0 > width_ / 2.0) x1 -= width_;
        if (x0 - x1 > width_ / 2.0) x1 += width_;
        const int steps = std::max(1, static_cast<int>(std::ceil(std::max(std::abs(x1 - x0), std::abs(y1 - y0)))));
        for (int i = 0; i <= steps; ++i) {
            const double t = static_cast<double>(i) / steps;
            mark(x0 + t * (x1 - x0), y0 + t * (y1 - y0), luminance);
        }
        return;
    }
    // Long arcs and arcs near a pole follow the great circle; near the poles a texel spans a
    // shorter distance in longitude, so the steps are finer there.
    const double texelAngle = std::numbers::pi / height_;
    const double cosLat = std::max(0.02, std::min(std::sqrt(1 - a[2] * a[2]), std::sqrt(1 - b[2] * b[2])));
    const int steps = std::max(1, static_cast<int>(std::ceil(2.0 * angle / (texelAngle * cosLat))));
    for (int i = 0; i <= steps; ++i) {
        double x, y;
        texelOf(slerp(a, b, static_cast<double>(i) / steps), width_, height_, x, y);
        mark(x, y, luminance);
    }
}

LineRaster LineRaster::halved() const {
    LineRaster half(std::max(1, width_ / 2), std::max(1, height_ / 2));
    for (int y = 0; y < half.height_; ++y)
        for (int x = 0; x < half.width_; ++x) {
            unsigned weightedLuminance = 0, alpha = 0;
            for (int dy = 0; dy < 2; ++dy)
                for (int dx = 0; dx < 2; ++dx) {
                    const int sx = std::min(width_ - 1, 2 * x + dx), sy = std::min(height_ - 1, 2 * y + dy);
                    const std::uint8_t* t = &texels_[2 * (static_cast<std::size_t>(sy) * width_ + sx)];
                    weightedLuminance += unsigned(t[0]) * t[1];
                    alpha += t[1];
                }
            std::uint8_t* out = &half.texels_[2 * (static_cast<std::size_t>(y) * half.width_ + x)];
            out[0] = alpha ? static_cast<std::uint8_t>((weightedLuminance + alpha / 2) / alpha) : 0;
            out[1] = static_cast<std::uint8_t>((alpha + 2) / 4);
        }
    return half;
}

std::size_t LineRaster::coveredTexels() const {
    std::size_t n = 0;
    for (std::size_t i = 1; i < texels_.size(); i += 2) n += texels_[i] != 0;
    return n;
}

}  // namespace meshdiff::views
