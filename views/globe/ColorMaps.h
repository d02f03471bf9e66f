#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "globe/GlobeScene.h"

namespace meshdiff::views {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
};

// Colour-blind-safe colours (Okabe & Ito) used for A, B and the at-risk style everywhere.
constexpr Rgb kColorA{230, 159, 0};     // orange
constexpr Rgb kColorB{0, 114, 178};     // blue
constexpr Rgb kColorAtRisk{204, 121, 167};  // reddish purple
constexpr Rgb kColorMoved{0, 158, 115};     // bluish green
constexpr Rgb kColorHighlight{240, 228, 66};  // yellow

// Colour limits of an overlay: diverging → symmetric ±max|v|; sequential → data min..max;
// log → smallest positive value..max. Uses overlay.min/max when they differ.
struct ColorLimits {
    double low = 0, high = 1;
};
ColorLimits overlayLimits(const FieldOverlay& overlay);

// Colour of `value` under the overlay's map and limits; false for NaN (transparent).
bool overlayColor(const FieldOverlay& overlay, const ColorLimits& limits, double value, Rgb& out);

// The map itself at t in [0, 1] (PRGn-like diverging, viridis-like sequential).
Rgb divergingColor(double t);
Rgb sequentialColor(double t);

// Moved mesh nodes: light (1 ULP) to dark (maxUlp).
Rgb ulpColor(std::uint32_t ulp, std::uint32_t maxUlp);

// Readable number for colour-bar ticks and legends ("1.2e-05", "0.35", "120").
std::string formatValue(double value);

}  // namespace meshdiff::views
