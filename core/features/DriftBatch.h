#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "features/DriftTally.h"
#include "features/EdgeFeatureDrift.h"
#include "features/EdgeFeatures.h"

namespace meshdiff {

// What the shared edges of one chunk of an edge set add up to. Its drifting edges are tallied when
// the caller wants no list (`tally`), go to `slots` when the caller set aside room for every edge
// of the chunk there, else to `drifting`.
struct SharedEdges {
    std::size_t shared = 0;
    std::vector<EdgeDrift> drifting;
    EdgeDrift* slots = nullptr;
    std::size_t filled = 0;  // of `slots`
    DriftTally* tally = nullptr;
    double maxAbsDifference = 0;

    void add(const EdgeDrift& e) {
        if (tally) tally->add(e);
        else if (slots) slots[filled++] = e;
        else drifting.push_back(e);
    }
};

// Shared edges whose features must be compared, gathered a few hundred at a time so that the
// lengths, the divisions by each graph's normalisation, the float32 roundings and the ULP counts of
// many edges run as vector instructions. Each edge's arithmetic is the one of `rawEdgeFeature` and
// `normalised`, operation for operation: the same bits as one edge at a time.
class DriftBatch {
public:
    DriftBatch(double normalizationA, double normalizationB, SharedEdges& out)
        : normalizationA_(normalizationA), normalizationB_(normalizationB), out_(out) {}
    DriftBatch(const DriftBatch&) = delete;
    DriftBatch& operator=(const DriftBatch&) = delete;
    ~DriftBatch() { flush(); }

    // An edge whose ends have the same coordinates in both graphs: one displacement, two normalisations.
    void addSameEnds(std::int32_t sender, std::int32_t receiver, const std::array<float, 3>& senderPosition,
                     const ReceiverFrame& frame) {
        const auto d = displacement(senderPosition, frame);
        put(sender, receiver, d, d);
    }
    void addMovedEnds(std::int32_t sender, std::int32_t receiver, const std::array<float, 3>& senderA,
                      const ReceiverFrame& frameA, const std::array<float, 3>& senderB, const ReceiverFrame& frameB) {
        put(sender, receiver, displacement(senderA, frameA), displacement(senderB, frameB));
    }
    void flush();

    static constexpr std::size_t kSize = 256;

private:
    static std::array<double, 3> displacement(const std::array<float, 3>& sender, const ReceiverFrame& frame) {
        const auto s = rotate(frame.rotation, sender);
        return {s[0] - frame.rotatedSelf[0], s[1] - frame.rotatedSelf[1], s[2] - frame.rotatedSelf[2]};
    }
    void put(std::int32_t sender, std::int32_t receiver, const std::array<double, 3>& a,
             const std::array<double, 3>& b) {
        senders_[count_] = sender;
        receivers_[count_] = receiver;
        for (int k = 0; k < 3; ++k) {
            a_[k][count_] = a[k];
            b_[k][count_] = b[k];
        }
        if (++count_ == kSize) flush();
    }

    double normalizationA_, normalizationB_;
    SharedEdges& out_;
    std::size_t count_ = 0;
    std::int32_t senders_[kSize]{}, receivers_[kSize]{};
    double a_[3][kSize]{}, b_[3][kSize]{};  // displacements, one row per component
    double most_[kSize]{}, ulps_[kSize]{};
    unsigned char differs_[kSize]{};
};

}  // namespace meshdiff
