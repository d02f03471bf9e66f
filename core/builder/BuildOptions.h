#pragma once
#include <optional>
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

// How the BLAS behind np.linalg.norm sums the three squares of a float32 mesh midpoint (sdot).
enum class BlasSum {
    Reference,  // reference BLAS (Debian's libblas3): float32 accumulator, x² + y² + z² in order
    OpenBlas,   // OpenBLAS x86_64 sdot (NumPy 2 pip wheels): float32 squares summed in float64, rounded once
};

// The SIMD level NumPy dispatches to on the host (NumPy 2's groups X86_V2 / X86_V3 / X86_V4).
enum class NumpyDispatch { Baseline, Avx2, Avx512 };

enum class EdgeOrder {
    Canonical,  // grid→mesh by (mesh, grid), mesh→grid by grid point (docs/formats.md)
    Official,   // np.argsort(receivers) of the official code, where the builder reproduces it exactly
};

struct GraphBuildOptions {
    double resolutionDeg = 1.0;   // 180 / n for an integer n
    int meshSplits = 6;           // 2-way splits of the icosahedron
    double radiusFraction = 0.6;  // grid→mesh radius = fraction × longest finest-mesh edge
    LatOrder latOrder = LatOrder::Ascending;
    Precision precision = Precision::Float32;
    FloatMath math = FloatMath::Glibc;
    // NumPy 1 (as 1.24): the radius product is float64. NumPy 2 (NEP 50): float32.
    int numpyMajor = 1;
    NumpyDispatch dispatch = NumpyDispatch::Baseline;
    std::optional<BlasSum> blas;  // unset: what NumPy `numpyMajor` usually loads (blasSumOf)
    EdgeOrder edgeOrder = EdgeOrder::Canonical;
};

// Reference BLAS for NumPy 1 (Debian's packages), OpenBLAS for NumPy 2 (pip wheels), unless set.
BlasSum blasSumOf(const GraphBuildOptions& options);
// Whether the builder reproduces the host's np.argsort order of equal receivers: NumPy 1.24's
// introsort on every dispatch, NumPy 2's only at baseline (AVX2 / AVX-512 sort with x86-simd-sort).
bool officialEdgeOrderReproducible(const GraphBuildOptions& options);

std::string toString(FloatMath math);
std::string toString(Precision precision);
std::string toString(LatOrder order);
std::string toString(BlasSum blas);
std::string toString(NumpyDispatch dispatch);
std::string toString(EdgeOrder order);
// Parse the command-line spellings ("glibc", "eigen", "float32", "ascending", ...); throw meshdiff::Error.
FloatMath parseFloatMath(const std::string& text);
Precision parsePrecision(const std::string& text);
LatOrder parseLatOrder(const std::string& text);
BlasSum parseBlasSum(const std::string& text);
NumpyDispatch parseNumpyDispatch(const std::string& text);
EdgeOrder parseEdgeOrder(const std::string& text);
int parseNumpyMajor(const std::string& text);

}  // namespace meshdiff
