// The graph .npz layout with its validation: readGraphNpz, and readGraph's content sniffing.
#include <tbb/global_control.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "FuzzInput.h"
#include "common/Error.h"
#include "io/GraphFiles.h"

namespace {
const tbb::global_control oneThread(tbb::global_control::max_allowed_parallelism, 1);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = meshdiff::fuzz::writeScratch(data, size, "graph.npz");
    try {
        const meshdiff::MeshGraph g = meshdiff::readGraphNpz(path);
        // validateGraph passed: every index must be in range.
        for (std::int32_t s : g.g2mSenders)
            if (s < 0 || std::size_t(s) >= g.gridCount()) std::abort();
        for (std::int32_t r : g.m2gReceivers)
            if (r < 0 || std::size_t(r) >= g.gridCount()) std::abort();
    } catch (const meshdiff::Error&) {}
    try {
        (void)meshdiff::readGraph(path);
    } catch (const meshdiff::Error&) {}
    return 0;
}
