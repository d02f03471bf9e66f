// NPZ archives: the member directory, headers, whole members, ranges, and the npz field source.
#include <tbb/global_control.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "FuzzInput.h"
#include "common/Error.h"
#include "fields/NpzFieldSource.h"
#include "io/NpzArchive.h"

namespace {
const tbb::global_control oneThread(tbb::global_control::max_allowed_parallelism, 1);

void readArchive(const std::string& path, std::size_t inputSize) {
    const meshdiff::NpzArchive archive(path);
    for (const std::string& key : archive.keys()) {
        try {
            const meshdiff::NpyHeader header = archive.header(key);
            const meshdiff::NdArray a = archive.read(key);
            if (a.shape != header.shape || a.bytes.size() != a.size() * meshdiff::dtypeSize(a.dtype)) std::abort();
            if (archive.isStored(key) && a.bytes.size() > inputSize) std::abort();
            std::vector<std::byte> head(std::min<std::size_t>(header.dataOffset, 64));
            archive.readRange(key, 0, head.data(), head.size());
        } catch (const meshdiff::Error&) {}
    }
}

void readFields(const std::string& path) {
    const auto source = meshdiff::openNpzFieldSource(path);
    int loaded = 0;
    for (const std::string& name : source->fieldNames()) {
        if (++loaded > 4) break;
        try {
            const meshdiff::Field f = source->load(name);
            if (f.nlat != source->grid().nlat() || f.nlon != source->grid().nlon()) std::abort();
        } catch (const meshdiff::Error&) {}
    }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = meshdiff::fuzz::writeScratch(data, size, "input.npz");
    try {
        readArchive(path, size);
    } catch (const meshdiff::Error&) {}
    try {
        readFields(path);
    } catch (const meshdiff::Error&) {}
    return 0;
}
