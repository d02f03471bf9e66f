#include "rerun/RunKind.h"

namespace meshdiff::rerun {
namespace {

bool writtenByTheDemo(const RunInputs& run) {
    const auto& metadata = run.metadata;
    return metadata.is_object() && metadata.contains("numpy_simd") && metadata["numpy_simd"].is_object() &&
           metadata["numpy_simd"].contains("emulated_float32_math");
}

}  // namespace

RunKind runKindOf(const RunInputs& a, const RunInputs& b) {
    if (a.path.empty() || b.path.empty()) return {};
    if (writtenByTheDemo(a) && writtenByTheDemo(b))
        return {"demo", "A and B were written by meshdiff's demo model (their run.json names its float32 math)"};
    if (a.fieldsFile && b.fieldsFile) {
        const bool described = a.metadataFile || b.metadataFile;
        return {"model", described ? "A and B are a model's run folders (fields and metadata)"
                                   : "A and B hold a model's fields"};
    }
    if (a.graphFile && b.graphFile) return {"graphs", "A and B hold graphs without fields"};
    return {};
}

}  // namespace meshdiff::rerun
