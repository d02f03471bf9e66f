#include "globe/LineRaster.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace meshdiff::views {

LineRaster::LineRaster(int width, int height)
    : width_(std::max(1, width)), height_(std::max(1, height)),
      texels_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 2, 0) {}

void LineRaster::plot(const Vec3& p, std::uint8_t luminance) {
    const double lon = std::atan2(p[1], p[0]) / (2 * std::numbers::pi);  // −0.5…0.5 turns
    const double lat = std::asin(std::clamp(p[2], -1.0, 1.0)) / std::numbers::pi + 0.5;  // 0…1
    int x = static_cast<int>(std::floor((lon < 0 ? lon + 1 : lon) * width_));
    int y = static_cast<int>(std::floor(lat * height_));
    x = std::clamp(x, 0, width_ - 1);
    y = std::clamp(y, 0, height_ - 1);
    std::uint8_t* texel = &texels_[2 * (static_cast<std::size_t>(y) * width_ + x)];
    texel[0] = luminance;
    texel[1] = 255;
}

void LineRaster::drawArc(const Vec3& a, const Vec3& b, std::uint8_t luminance) {
    const double angle = angleBetween(a, b);
    const double texelAngle = std::numbers::pi / height_;
    // Near the poles a texel spans a shorter distance in longitude: step finer there.
    const double cosLat = std::max(0.02, std::min(std::sqrt(1 - a[2] * a[2]), std::sqrt(1 - b[2] * b[2])));
    const int steps = std::max(1, static_cast<int>(std::ceil(2.0 * angle / (texelAngle * cosLat))));
    for (int i = 0; i <= steps; ++i) plot(slerp(a, b, static_cast<double>(i) / steps), luminance);
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
