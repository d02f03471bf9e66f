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
    std::size_t dataOffset = 0;     // bytes from the start of the .npy to the array data
    std::size_t dataBytes() const;  // element count × item size (overflow-checked at parse time)
    std::size_t elementCount() const;
    // True when the data bytes already are native byte order, C order (a straight copy will do).
    bool isNativeCOrder() const;
    // True when the elements are laid out in C order (Fortran order with at most one dimension > 1 is).
    bool isCOrder() const;
};

// The smallest prefix of a .npy that tells its header length (magic, version, length field).
inline constexpr std::size_t kNpyPreambleBytes = 12;
// Longer headers (format 2.0/3.0 allow 4 GiB) are refused as corrupt before anything is allocated.
inline constexpr std::size_t kMaxNpyHeaderBytes = std::size_t(1) << 20;

// From the first `available` (≥ 10, better kNpyPreambleBytes) bytes: magic, version and header
// length checked; returns the offset of the array data. Throws meshdiff::Error.
std::size_t npyDataOffset(const std::byte* data, std::size_t available, const std::string& file);

// Parses the header from the first `available` bytes. Refuses object/pickle dtypes, structured
// dtypes and shapes whose byte size overflows or exceeds `maxDataBytes`. Throws meshdiff::Error.
NpyHeader parseNpyHeader(const std::byte* data, std::size_t available, const std::string& file,
                         std::size_t maxDataBytes);

// Turns data laid out as `header` says (any byte order, C or Fortran order) into native byte
// order, C order, in place when possible.
void toNativeCOrder(const NpyHeader& header, std::vector<std::byte>& bytes);

// Decodes a complete .npy held in memory into native byte order, C order.
NdArray decodeNpy(const std::byte* data, std::size_t size, const std::string& file);
// Same, taking over `buffer` (a whole .npy) so that no second copy of the data is made.
NdArray decodeNpy(std::vector<std::byte>&& buffer, const std::string& file);
NdArray readNpyFile(const std::string& path);

// Version 1.0 (2.0 when the header needs it), native byte order, C order.
std::vector<std::byte> encodeNpyHeader(const NdArray& array);
std::vector<std::byte> encodeNpy(const NdArray& array);
void writeNpyFile(const std::string& path, const NdArray& array);

}  // namespace meshdiff
