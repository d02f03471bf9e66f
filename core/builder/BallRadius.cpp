#include "builder/BallRadius.h"

#include <algorithm>
#include <array>
#include <cstddef>

#include "geo/Vec3.h"

namespace meshdiff {

std::optional<double> builderRadius(const nlohmann::json& metadata) {
    auto positive = [](const nlohmann::json& value) -> std::optional<double> {
        if (value.is_number() && value.get<double>() > 0) return value.get<double>();
        return std::nullopt;
    };
    if (!metadata.is_object()) return std::nullopt;
    if (metadata.contains("graph_build") && metadata["graph_build"].is_object() &&
        metadata["graph_build"].contains("radius"))
        return positive(metadata["graph_build"]["radius"]);
    if (metadata.contains("radius")) return positive(metadata["radius"]);
    return std::nullopt;
}

double ballQueryRadius(const MeshGraph& graph) {
    double longest = 0;
    for (std::size_t f = 0; f + 2 < graph.meshFaces.size(); f += 3) {
        std::array<Vec3, 3> corners;
        for (int k = 0; k < 3; ++k) {
            const auto node = static_cast<std::size_t>(graph.meshFaces[f + std::size_t(k)]);
            corners[std::size_t(k)] = unitVector(graph.meshLat[node], graph.meshLon[node]);
        }
        longest = std::max({longest, norm(difference(corners[0], corners[1])), norm(difference(corners[1], corners[2])),
                            norm(difference(corners[2], corners[0]))});
    }
    return 0.6 * longest;
}

}  // namespace meshdiff
