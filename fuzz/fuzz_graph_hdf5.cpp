// meshdiff's HDF5 graph file: readGraphHdf5 and its metadata attribute, through the HDF5 library.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "FuzzInput.h"
#include "common/Error.h"
#include "io/GraphFiles.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = meshdiff::fuzz::writeScratch(data, size, "graph.h5");
    try {
        const meshdiff::MeshGraph g = meshdiff::readGraphHdf5(path);
        for (std::int32_t s : g.m2gSenders)
            if (s < 0 || std::size_t(s) >= g.meshCount()) std::abort();
    } catch (const meshdiff::Error&) {}
    try {
        (void)meshdiff::readGraphHdf5Metadata(path);
    } catch (const meshdiff::Error&) {}
    return 0;
}
