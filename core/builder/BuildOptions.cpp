#include "builder/BuildOptions.h"

#include "common/Error.h"

namespace meshdiff {

BlasSum blasSumOf(const GraphBuildOptions& options) {
    if (options.blas) return *options.blas;
    return options.numpyMajor >= 2 ? BlasSum::OpenBlas : BlasSum::Reference;
}

bool officialEdgeOrderReproducible(const GraphBuildOptions& options) {
    return options.numpyMajor == 1 || options.dispatch == NumpyDispatch::Baseline;
}

std::string toString(FloatMath math) { return math == FloatMath::Glibc ? "glibc" : "eigen"; }
std::string toString(Precision precision) { return precision == Precision::Float32 ? "float32" : "float64"; }
std::string toString(LatOrder order) { return order == LatOrder::Ascending ? "ascending" : "descending"; }
std::string toString(BlasSum blas) { return blas == BlasSum::Reference ? "reference" : "openblas"; }
std::string toString(EdgeOrder order) { return order == EdgeOrder::Canonical ? "canonical" : "official"; }

std::string toString(NumpyDispatch dispatch) {
    switch (dispatch) {
        case NumpyDispatch::Baseline: return "baseline";
        case NumpyDispatch::Avx2: return "avx2";
        case NumpyDispatch::Avx512: return "avx512";
    }
    return "baseline";
}

FloatMath parseFloatMath(const std::string& text) {
    if (text == "glibc") return FloatMath::Glibc;
    if (text == "eigen") return FloatMath::Eigen;
    throw Error("", "unknown float math '" + text + "' (expected glibc or eigen)");
}

Precision parsePrecision(const std::string& text) {
    if (text == "float32") return Precision::Float32;
    if (text == "float64") return Precision::Float64;
    throw Error("", "unknown precision '" + text + "' (expected float32 or float64)");
}

LatOrder parseLatOrder(const std::string& text) {
    if (text == "ascending") return LatOrder::Ascending;
    if (text == "descending") return LatOrder::Descending;
    throw Error("", "unknown latitude order '" + text + "' (expected ascending or descending)");
}

BlasSum parseBlasSum(const std::string& text) {
    if (text == "reference") return BlasSum::Reference;
    if (text == "openblas") return BlasSum::OpenBlas;
    throw Error("", "unknown BLAS '" + text + "' (expected reference or openblas)");
}

NumpyDispatch parseNumpyDispatch(const std::string& text) {
    if (text == "baseline") return NumpyDispatch::Baseline;
    if (text == "avx2") return NumpyDispatch::Avx2;
    if (text == "avx512") return NumpyDispatch::Avx512;
    throw Error("", "unknown NumPy dispatch '" + text + "' (expected baseline, avx2 or avx512)");
}

EdgeOrder parseEdgeOrder(const std::string& text) {
    if (text == "canonical") return EdgeOrder::Canonical;
    if (text == "official") return EdgeOrder::Official;
    throw Error("", "unknown edge order '" + text + "' (expected canonical or official)");
}

int parseNumpyMajor(const std::string& text) {
    if (text == "1") return 1;
    if (text == "2") return 2;
    throw Error("", "unknown NumPy major version '" + text + "' (expected 1 or 2)");
}

}  // namespace meshdiff
