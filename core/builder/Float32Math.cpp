#include "builder/Float32Math.h"

#include <Eigen/Core>
#include <cmath>
#include <numbers>

namespace meshdiff {
namespace {

// Padded to whole packets so Eigen evaluates every element with its vectorized kernel.
constexpr std::size_t kPad = 16;

Eigen::ArrayXf padded(const std::vector<float>& x) {
    const std::size_t n = (x.size() + kPad - 1) / kPad * kPad;
    Eigen::ArrayXf a = Eigen::ArrayXf::Zero(static_cast<Eigen::Index>(n));
    for (std::size_t i = 0; i < x.size(); ++i) a[static_cast<Eigen::Index>(i)] = x[i];
    return a;
}

std::vector<float> unpadded(const Eigen::ArrayXf& a, std::size_t n) {
    return std::vector<float>(a.data(), a.data() + n);
}

template <class F>
std::vector<float> scalarMap(const std::vector<float>& x, F f) {
    std::vector<float> out(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = f(x[i]);
    return out;
}

}  // namespace

std::vector<float> sinArray(FloatMath math, const std::vector<float>& x) {
    if (math == FloatMath::Glibc) return scalarMap(x, [](float v) { return std::sin(v); });
    return unpadded(padded(x).sin(), x.size());
}

std::vector<float> cosArray(FloatMath math, const std::vector<float>& x) {
    if (math == FloatMath::Glibc) return scalarMap(x, [](float v) { return std::cos(v); });
    return unpadded(padded(x).cos(), x.size());
}

std::vector<float> acosArray(FloatMath math, const std::vector<float>& x) {
    if (math == FloatMath::Glibc) return scalarMap(x, [](float v) { return std::acos(v); });
    return unpadded(padded(x).acos(), x.size());
}

std::vector<float> atan2Array(FloatMath math, const std::vector<float>& y, const std::vector<float>& x) {
    std::vector<float> out(x.size());
    if (math == FloatMath::Glibc) {
        for (std::size_t i = 0; i < x.size(); ++i) out[i] = std::atan2(y[i], x[i]);
        return out;
    }
    const Eigen::ArrayXf ya = padded(y), xa = padded(x);
    const Eigen::ArrayXf base = (ya / xa).atan();
    const float pi = std::numbers::pi_v<float>;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const auto k = static_cast<Eigen::Index>(i);
        if (x[i] > 0.0f) out[i] = base[k];
        else if (x[i] < 0.0f) out[i] = base[k] + (std::signbit(y[i]) ? -pi : pi);
        else out[i] = std::atan2(y[i], x[i]);  // x = ±0: the exact quadrant values
    }
    return out;
}

}  // namespace meshdiff
