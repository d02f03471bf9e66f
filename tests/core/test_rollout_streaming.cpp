// Comparing rollouts step by step (tests/fixtures/make_rollout_fixtures.py, 4 leads × 3 fields ×
// 2 members): progress after every step, cancelling, and compressed .npz rollouts read slice by slice.
#include <gtest/gtest.h>

#include <variant>

#include "compare/Comparison.h"
#include "core/TestPaths.h"
#include "fields/FieldSource.h"

using namespace meshdiff;

namespace {

std::string rollout(const std::string& name) { return test::fixture("rollouts/" + name).string(); }

}  // namespace

TEST(RolloutStreaming, ReportsProgressAfterEveryFieldLeadAndMember) {
    std::vector<CompareProgress> seen;
    CompareOptions options;
    options.progress = [&](const CompareProgress& p) { seen.push_back(p); };
    const Comparison c = compareRuns(rollout("a.nc"), rollout("b.nc"), options);
    ASSERT_EQ(c.fields->perLead.size(), 4u);
    ASSERT_EQ(seen.size(), 4u * 3u * 2u);
    for (std::size_t k = 0; k < seen.size(); ++k) {
        EXPECT_EQ(seen[k].done, k + 1);
        EXPECT_EQ(seen[k].total, seen.size());
        EXPECT_EQ(seen[k].leads, 4u);
        EXPECT_EQ(seen[k].fields, 3u);
        EXPECT_EQ(seen[k].lead, k / 6);
        EXPECT_EQ(seen[k].field, k % 6 / 2);
    }
}

TEST(RolloutStreaming, StopsWithCompareCancelledWhenTheFlagIsSet) {
    CancelFlag cancel{false};
    std::size_t steps = 0;
    CompareOptions options;
    options.cancel = &cancel;
    options.progress = [&](const CompareProgress&) {
        if (++steps == 5) cancel = true;
    };
    EXPECT_THROW(compareRuns(rollout("a.nc"), rollout("b.nc"), options), CompareCancelled);
    EXPECT_LT(steps, 24u);  // stopped early, not at the end
    cancel = true;
    steps = 0;
    EXPECT_THROW(compareRuns(rollout("a.nc"), rollout("b.nc"), options), CompareCancelled);
    EXPECT_EQ(steps, 0u);
}

TEST(RolloutStreaming, CompressedNpzRolloutsGiveTheSameSlicesInAnyOrder) {
    const auto stored = openFieldSource(rollout("a.npz"));
    const auto compressed = openFieldSource(rollout("a_compressed.npz"));
    ASSERT_EQ(compressed->leads().size(), 4u);
    ASSERT_EQ(compressed->members().size(), 2u);
    // in order (each member inflated once), then backwards, then one slice twice
    std::vector<std::pair<std::size_t, std::size_t>> order;
    for (std::size_t t = 0; t < 4; ++t)
        for (std::size_t m = 0; m < 2; ++m) order.push_back({t, m});
    for (std::size_t t = 4; t-- > 0;) order.push_back({t, 1});
    order.push_back({2, 0});
    order.push_back({2, 0});
    for (const auto& [t, m] : order) {
        for (const std::string& name : stored->fieldNames()) {
            const Field want = stored->loadAt(name, t, m);
            const Field got = compressed->loadAt(name, t, m);
            EXPECT_EQ(std::get<std::vector<float>>(got.values), std::get<std::vector<float>>(want.values))
                << name << " lead " << t << " member " << m;
        }
    }
}
