#include "common/NdArray.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace meshdiff {

std::size_t dtypeSize(DType t) {
    switch (t) {
        case DType::Bool:
        case DType::Int8:
        case DType::UInt8: return 1;
        case DType::Int16:
        case DType::UInt16:
        case DType::Float16: return 2;
        case DType::Int32:
        case DType::UInt32:
        case DType::Float32: return 4;
        case DType::Int64:
        case DType::UInt64:
        case DType::Float64: return 8;
    }
    return 0;
}

std::string dtypeName(DType t) {
    switch (t) {
        case DType::Bool: return "bool";
        case DType::Int8: return "int8";
        case DType::Int16: return "int16";
        case DType::Int32: return "int32";
        case DType::Int64: return "int64";
        case DType::UInt8: return "uint8";
        case DType::UInt16: return "uint16";
        case DType::UInt32: return "uint32";
        case DType::UInt64: return "uint64";
        case DType::Float16: return "float16";
        case DType::Float32: return "float32";
        case DType::Float64: return "float64";
    }
    return "unknown";
}

bool isInteger(DType t) {
    switch (t) {
        case DType::Int8:
        case DType::Int16:
        case DType::Int32:
        case DType::Int64:
        case DType::UInt8:
        case DType::UInt16:
        case DType::UInt32:
        case DType::UInt64: return true;
        default: return false;
    }
}

bool isFloating(DType t) { return t == DType::Float16 || t == DType::Float32 || t == DType::Float64; }

std::size_t NdArray::size() const {
    std::size_t n = 1;
    for (std::size_t d : shape) n *= d;
    return n;
}

std::string NdArray::shapeString() const {
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(shape[i]);
    }
    if (shape.size() == 1) s += ",";
    return s + ")";
}

namespace {

struct Float16Bits {
    std::uint16_t bits;
};

// IEEE 754 binary16 → binary32, including subnormals, infinities and NaN.
float halfToFloat(std::uint16_t h) {
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t exponent = (h >> 10) & 0x1fu;
    std::uint32_t mantissa = h & 0x3ffu;
    std::uint32_t bits;
    if (exponent == 0x1f) {
        bits = sign | 0x7f800000u | (mantissa << 13);
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;
    } else {
        int e = -1;
        do {
            ++e;
            mantissa <<= 1;
        } while ((mantissa & 0x400u) == 0);
        bits = sign | (static_cast<std::uint32_t>(112 - e) << 23) | ((mantissa & 0x3ffu) << 13);
    }
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// Calls f(const T* data) with the array's element type.
template <class F>
void visit(const NdArray& a, F&& f) {
    switch (a.dtype) {
        case DType::Bool: f(a.dataAs<std::uint8_t>()); break;
        case DType::Int8: f(a.dataAs<std::int8_t>()); break;
        case DType::Int16: f(a.dataAs<std::int16_t>()); break;
        case DType::Int32: f(a.dataAs<std::int32_t>()); break;
        case DType::Int64: f(a.dataAs<std::int64_t>()); break;
        case DType::UInt8: f(a.dataAs<std::uint8_t>()); break;
        case DType::UInt16: f(a.dataAs<std::uint16_t>()); break;
        case DType::UInt32: f(a.dataAs<std::uint32_t>()); break;
        case DType::UInt64: f(a.dataAs<std::uint64_t>()); break;
        case DType::Float16: f(a.dataAs<Float16Bits>()); break;
        case DType::Float32: f(a.dataAs<float>()); break;
        case DType::Float64: f(a.dataAs<double>()); break;
    }
}

template <class Out, class In>
Out convertValue(In v) {
    if constexpr (std::is_same_v<In, Float16Bits>) return static_cast<Out>(halfToFloat(v.bits));
    else return static_cast<Out>(v);
}

template <class Out>
std::vector<Out> convertAll(const NdArray& a) {
    const std::size_t n = a.size();
    if (a.bytes.size() < n * dtypeSize(a.dtype))
        throw std::invalid_argument("array holds fewer bytes than its shape " + a.shapeString() + " needs");
    std::vector<Out> out(n);
    visit(a, [&](const auto* data) {
        for (std::size_t i = 0; i < n; ++i) out[i] = convertValue<Out>(data[i]);
    });
    return out;
}

}  // namespace

std::vector<float> NdArray::toFloat32() const { return convertAll<float>(*this); }

std::vector<double> NdArray::toFloat64() const { return convertAll<double>(*this); }

std::vector<std::int64_t> NdArray::toInt64() const {
    if (dtype == DType::UInt64) {
        const auto* data = dataAs<std::uint64_t>();
        for (std::size_t i = 0; i < size(); ++i)
            if (data[i] > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                throw std::invalid_argument("uint64 value " + std::to_string(data[i]) + " at index " +
                                            std::to_string(i) + " does not fit in int64");
        return convertAll<std::int64_t>(*this);
    }
    if (!isFloating(dtype)) return convertAll<std::int64_t>(*this);
    const std::vector<double> values = toFloat64();
    std::vector<std::int64_t> out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const double v = values[i];
        // 2^63 is exactly representable; anything at or above it does not fit.
        if (!(v == std::trunc(v)) || v < -9223372036854775808.0 || v >= 9223372036854775808.0)
            throw std::invalid_argument("value " + std::to_string(v) + " at index " + std::to_string(i) +
                                        " is not an integer");
        out[i] = static_cast<std::int64_t>(v);
    }
    return out;
}

}  // namespace meshdiff
