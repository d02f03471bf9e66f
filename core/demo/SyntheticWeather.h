#pragma once
#include <string>
#include <vector>

namespace meshdiff {

// Smooth, deterministic stand-ins for weather model inputs and outputs on a lat/lon grid.
struct OutputFieldSpec {
    std::string name;     // "2m_temperature", "geopotential@500", ...
    float offset, scale;  // typical mean and spread, physical units
    bool oceanOnly;       // NaN over land
    float lowest;         // physically smallest value (clamped), -inf when unbounded
};

const std::vector<OutputFieldSpec>& demoOutputFields();  // 24 fields

constexpr int kDemoInputChannels = 6;

// Input channel c at latitude/longitude (degrees): planetary waves, jets and two storms.
float demoInput(int channel, double latDeg, double lonDeg);
// A smooth synthetic land mask (true on land).
bool demoLand(double latDeg, double lonDeg);

}  // namespace meshdiff
