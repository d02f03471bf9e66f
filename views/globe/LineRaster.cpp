#include "globe/LineRaster.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace meshdiff::views {

LineRaster::LineRaster(int width, int height) : width_(std::max(1, width)), height_(std::max(1, height)) {
    // 64 MB at full size, written along lines that cross a row every few texels: with 4 KiB
    // pages nearly every mark missed the TLB, and each page's first touch is a fault.
    texels_.resize(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 2);
}

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

void LineRaster::drawStraight(const Vec3& a, const Vec3& b, std::uint8_t luminance) {
    double x0, y0, x1, y1;
    texelOf(a, width_, height_, x0, y0);
    texelOf(b, width_, height_, x1, y1);
    if (x1 - x0 > width_ / 2.0) x1 -= width_;
    if (x0 - x1 > width_ / 2.0) x1 += width_;
    const int steps = std::max(1, static_cast<int>(std::ceil(std::max(std::abs(x1 - x0), std::abs(y1 - y0)))));
    for (int i = 0; i <= steps; ++i) {
        const double t = static_cast<double>(i) / steps;
        mark(x0 + t * (x1 - x0), y0 + t * (y1 - y0), luminance);
    }
}

// Near the poles a texel spans a shorter distance in longitude, so the steps along the great
// circle are finer there.
void LineRaster::drawGreatCircle(const Vec3& a, const Vec3& b, double angle, std::uint8_t luminance) {
    const double texelAngle = std::numbers::pi / height_;
    const double cosLat = std::max(0.02, std::min(std::sqrt(1 - a[2] * a[2]), std::sqrt(1 - b[2] * b[2])));
    const int steps = std::max(1, static_cast<int>(std::ceil(2.0 * angle / (texelAngle * cosLat))));
    for (int i = 0; i <= steps; ++i) {
        double x, y;
        texelOf(slerp(a, b, static_cast<double>(i) / steps), width_, height_, x, y);
        mark(x, y, luminance);
    }
}

void LineRaster::drawArc(const Vec3& a, const Vec3& b, std::uint8_t luminance) {
    // A short arc away from the poles is a straight line in longitude and latitude to well under
    // a texel: it is stepped one texel at a time with no trigonometry per step. A long arc is cut
    // into such pieces (two trigonometric calls per piece instead of three per texel).
    constexpr double kStraightArc = 2.0 * std::numbers::pi / 180, kPolarCap = 0.97;  // 2°; |lat| > 76°
    const double angle = angleBetween(a, b);
    const int pieces = std::max(1, static_cast<int>(std::ceil(angle / kStraightArc)));
    Vec3 from = a;
    for (int k = 1; k <= pieces; ++k) {
        const Vec3 to = k == pieces ? b : slerp(a, b, static_cast<double>(k) / pieces);
        if (std::abs(from[2]) < kPolarCap && std::abs(to[2]) < kPolarCap) drawStraight(from, to, luminance);
        else drawPolar(from, to, angle / pieces, luminance);
        from = to;
    }
}

// Near a pole a great circle bends in longitude and latitude, and a short arc spans many texels
// of longitude. An arc piece shorter than a sixteenth of its distance from the pole is straight
// there to well under a texel (the bend is ~1/2000 of that distance), so the arc is cut into such
// pieces and each is stepped without trigonometry; only within a few texels of the pole is it
// followed along the great circle.
void LineRaster::drawPolar(const Vec3& a, const Vec3& b, double angle, std::uint8_t luminance) {
    const double texelAngle = std::numbers::pi / height_;
    // The arc comes no closer to the pole than its nearer end less half its length.
    const double fromPole = std::acos(std::min(1.0, std::max(std::abs(a[2]), std::abs(b[2])))) - angle / 2;
    if (fromPole < 8 * texelAngle) {
        drawGreatCircle(a, b, angle, luminance);
        return;
    }
    const int pieces = std::max(1, static_cast<int>(std::ceil(angle / (fromPole / 16))));
    Vec3 from = a;
    for (int k = 1; k <= pieces; ++k) {
        const Vec3 to = k == pieces ? b : slerp(a, b, static_cast<double>(k) / pieces);
        drawStraight(from, to, luminance);
        from = to;
    }
}

LineRaster LineRaster::halved() const {
    LineRaster half(std::max(1, width_ / 2), std::max(1, height_ / 2));
    if (width_ % 2 == 0 && height_ % 2 == 0) {
        half.halveEvenInto(*this);
        return half;
    }
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

// The same means as halved(), without the edge clamps an even size never needs: this runs over
// 32 M texels for every new mesh, on the way to the first picture of a pair.
void LineRaster::halveEvenInto(const LineRaster& full) {
    const std::size_t rowBytes = 2 * static_cast<std::size_t>(full.width_);
    for (int y = 0; y < height_; ++y) {
        const std::uint8_t* top = &full.texels_[static_cast<std::size_t>(2 * y) * rowBytes];
        const std::uint8_t* bottom = top + rowBytes;
        std::uint8_t* out = &texels_[2 * static_cast<std::size_t>(y) * static_cast<std::size_t>(width_)];
        for (int x = 0; x < width_; ++x, top += 4, bottom += 4, out += 2) {
            const unsigned alpha = unsigned(top[1]) + top[3] + bottom[1] + bottom[3];
            if (alpha == 0) continue;  // texels_ start at zero
            const unsigned weighted = unsigned(top[0]) * top[1] + unsigned(top[2]) * top[3] +
                                      unsigned(bottom[0]) * bottom[1] + unsigned(bottom[2]) * bottom[3];
            out[0] = static_cast<std::uint8_t>((weighted + alpha / 2) / alpha);
            out[1] = static_cast<std::uint8_t>((alpha + 2) / 4);
        }
    }
}

std::size_t LineRaster::coveredTexels() const {
    std::size_t n = 0;
    for (std::size_t i = 1; i < texels_.size(); i += 2) n += texels_[i] != 0;
    return n;
}

}  // namespace meshdiff::views
