// NPY header and data: decodeNpy on arbitrary bytes (both the copying and the moving variant).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "common/Error.h"
#include "io/Npy.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto* bytes = reinterpret_cast<const std::byte*>(data);
    try {
        const meshdiff::NdArray a = meshdiff::decodeNpy(bytes, size, "fuzz.npy");
        // What a reader hands on must be self-consistent, and never larger than the input.
        if (a.bytes.size() != a.size() * meshdiff::dtypeSize(a.dtype) || a.bytes.size() > size) std::abort();
        if (a.size() <= 4096) (void)a.toFloat64();
        meshdiff::NdArray b = meshdiff::decodeNpy(std::vector<std::byte>(bytes, bytes + size), "fuzz.npy");
        if (b.bytes != a.bytes || b.shape != a.shape) std::abort();
    } catch (const meshdiff::Error&) {}
    return 0;
}
