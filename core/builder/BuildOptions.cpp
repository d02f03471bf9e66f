#include "builder/BuildOptions.h"

#include "common/Error.h"

namespace meshdiff {

std::string toString(FloatMath math) { return math == FloatMath::Glibc ? "glibc" : "eigen"; }
std::string toString(Precision precision) { return precision == Precision::Float32 ? "float32" : "float64"; }
std::string toString(LatOrder order) { return order == LatOrder::Ascending ? "ascending" : "descending"; }

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

}  // namespace meshdiff
