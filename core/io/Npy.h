#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "common/NdArray.h"

namespace meshdiff {

// The parsed header of a .npy file (format versions 1.0, 2.0 and 3.0).
struct NpyHeader {
    int majorVersion = 1;
    DType dtype = DType::Float32;
    bool bigEndian = false;
    bool fortranOrder = false;
    std::vector<std::size_t> shape;
    std::size_t dataOffset = 0;  // bytes from the start of the .npy to the array data
    std::size_t dataBytes() const;  // element count × item size (overflow-checked at parse time)
};

// Parses the header from the first `available` bytes. Refuses object/pickle dtypes, structured
// dtypes and shapes whose byte size overflows or exceeds `maxDataBytes`. Throws meshdiff::Error.
NpyHeader parseNpyHeader(const std::byte* data, std::size_t available, const std::string& file,
                         std::size_t maxDataBytes);

// Decodes a complete .npy held in memory into native byte order, C order.
NdArray decodeNpy(const std::byte* data, std::size_t size, const std::string& file);
NdArray readNpyFile(const std::string& path);

// Version 1.0 (2.0 when the header needs it), little endian, C order.
std::vector<std::byte> encodeNpy(const NdArray& array);
void writeNpyFile(const std::string& path, const NdArray& array);

}  // namespace meshdiff
