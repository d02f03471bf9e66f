#include "features/EdgeFeatureDrift.h"

namespace meshdiff {
namespace {

nlohmann::json features(const EdgeFeature& f) { return {f[0], f[1], f[2], f[3]}; }

nlohmann::json edgeSetToJson(const EdgeSetDrift& s) {
    nlohmann::json top = nlohmann::json::array();
    for (const DriftingEdgeDetail& d : s.top) {
        top.push_back({{"sender", d.edge.sender},
                       {"receiver", d.edge.receiver},
                       {"ulps", d.edge.ulps},
                       {"sender_lat_lon_a", {d.senderLatA, d.senderLonA}},
                       {"sender_lat_lon_b", {d.senderLatB, d.senderLonB}},
                       {"receiver_lat_lon_a", {d.receiverLatA, d.receiverLonA}},
                       {"receiver_lat_lon_b", {d.receiverLatB, d.receiverLonB}},
                       {"features_a", features(d.featuresA)},
                       {"features_b", features(d.featuresB)}});
    }
    return {{"shared", s.shared},
            {"drifting", s.drifting},
            {"max_ulps", s.maxUlps},
            {"median_ulps", s.medianUlps},
            {"max_abs_difference", s.maxAbsDifference},
            {"normalization_a", s.normalizationA},
            {"normalization_b", s.normalizationB},
            {"top", top}};
}

}  // namespace

nlohmann::json EdgeFeatureDrift::toJson() const {
    return {{"g2m", edgeSetToJson(g2m)}, {"m2g", edgeSetToJson(m2g)}, {"method", method}, {"notes", notes}};
}

}  // namespace meshdiff
