#pragma once
#include <string>

namespace meshdiff {

// Which float32 implementation of sin/cos/atan2/acos the coordinate conversions use; two hosts
// whose libraries differ here build different graphs from the same code.
enum class FloatMath {
    Glibc,  // scalar libm sinf/cosf/atan2f/acosf (what NumPy calls without SIMD, e.g. SSE hosts)
    Eigen,  // Eigen's vectorized array sin/cos; atan2 as Eigen's array atan(y/x) plus quadrant fix-up
};

enum class Precision { Float32, Float64 };
enum class LatOrder { Ascending, Descending };

struct GraphBuildOptions {
    double resolutionDeg = 1.0;   // 180 / n for an integer n
    int meshSplits = 6;           // 2-way splits of the icosahedron
    double radiusFraction = 0.6;  // grid→mesh radius = fraction × longest finest-mesh edge
    LatOrder latOrder = LatOrder::Ascending;
    Precision precision = Precision::Float32;
    FloatMath math = FloatMath::Glibc;
};

std::string toString(FloatMath math);
std::string toString(Precision precision);
std::string toString(LatOrder order);
// Parse the command-line spellings ("glibc", "eigen", "float32", "ascending", ...); throw meshdiff::Error.
FloatMath parseFloatMath(const std::string& text);
Precision parsePrecision(const std::string& text);
LatOrder parseLatOrder(const std::string& text);

}  // namespace meshdiff
