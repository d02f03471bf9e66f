#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace meshdiff {

enum class DType { Bool, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float16, Float32, Float64 };

std::size_t dtypeSize(DType t);
std::string dtypeName(DType t);  // numpy-style: "float32", "int64", "bool", ...
bool isInteger(DType t);
bool isFloating(DType t);

// A dense n-d array as read from a file: native byte order, C (row-major) order.
struct NdArray {
    DType dtype = DType::Float32;
    std::vector<std::size_t> shape;
    std::vector<std::byte> bytes;

    std::size_t size() const;  // element count (1 for a 0-d array)
    std::size_t ndim() const { return shape.size(); }
    std::string shapeString() const;  // "(181, 360)"

    // Converted copies. Integer → float is exact up to 2^24/2^53; float16 is widened.
    std::vector<float> toFloat32() const;
    std::vector<double> toFloat64() const;
    // Throws std::invalid_argument for floating arrays holding non-integral values.
    std::vector<std::int64_t> toInt64() const;

    template <class T>
    const T* dataAs() const {
        return reinterpret_cast<const T*>(bytes.data());
    }
};

}  // namespace meshdiff
