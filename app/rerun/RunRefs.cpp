#include "rerun/RunRefs.h"

#include <filesystem>

#include "run/RunFolder.h"

namespace meshdiff::rerun {

RunRef runRefFromPath(const std::string& path) {
    const RunInputs inputs = discoverRun(path);
    RunRef ref;
    ref.path = std::filesystem::absolute(path).lexically_normal().string();
    ref.label = inputs.label;
    auto absolute = [](const std::optional<std::string>& file) {
        return file ? std::filesystem::absolute(*file).lexically_normal().string() : std::string();
    };
    ref.graph = absolute(inputs.graphFile);
    ref.fields = absolute(inputs.fieldsFile);
    return ref;
}

}  // namespace meshdiff::rerun
