// compareFieldSources's first divergence (compare/FirstDivergence.h) on rollouts built in memory:
// the first lead that is not bit-identical, the fields that differ there, and the cells where
// the difference first appears, largest first, with their place and whether a graph difference
// is near.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>

#include "compare/Comparison.h"

using namespace meshdiff;

namespace {

constexpr std::size_t kLat = 4, kLon = 8;
const std::vector<double> kLats{-67.5, -22.5, 22.5, 67.5};
const std::vector<double> kLons{0, 45, 90, 135, 180, 225, 270, 315};

// A rollout of fields × leads (6 h apart) on a 4 × 8 grid, held in memory.
class MemoryRollout final : public FieldSource {
public:
    explicit MemoryRollout(std::size_t leads) : leads_(leads) {
        grid_.lat = kLats;
        grid_.lon = kLons;
    }
    // Every field's values at every lead, before set() changes some: 10 + field + i + j/4 (exact in float).
    void addField(const std::string& name) {
        const std::size_t f = names_.size();
        names_.push_back(name);
        std::vector<float> v(kLat * kLon);
        for (std::size_t i = 0; i < kLat; ++i)
            for (std::size_t j = 0; j < kLon; ++j) v[i * kLon + j] = float(10 + f + i) + float(j) / 4;
        for (std::size_t t = 0; t < leads_; ++t) values_[{name, t}] = v;
    }
    void set(const std::string& name, std::size_t lead, std::size_t i, std::size_t j, float value) {
        values_.at({name, lead})[i * kLon + j] = value;
    }
    float at(const std::string& name, std::size_t lead, std::size_t i, std::size_t j) const {
        return values_.at({name, lead})[i * kLon + j];
    }

    const std::string& path() const override { return path_; }
    std::vector<std::string> fieldNames() const override { return names_; }
    const LatLonGrid& grid() const override { return grid_; }
    Field load(const std::string& name) const override { return loadAt(name, 0, 0); }
    std::vector<LeadTime> leads() const override {
        std::vector<LeadTime> leads;
        for (std::size_t t = 0; t < leads_; ++t) leads.push_back({t, 6.0 * double(t)});
        return leads;
    }
    Field loadAt(const std::string& name, std::size_t lead, std::size_t /*member*/) const override {
        Field f;
        f.name = name;
        f.units = "K";
        f.nlat = kLat;
        f.nlon = kLon;
        f.values = values_.at({name, lead});
        return f;
    }

private:
    std::size_t leads_;
    std::string path_ = "memory";
    LatLonGrid grid_;
    std::vector<std::string> names_;
    std::map<std::pair<std::string, std::size_t>, std::vector<float>> values_;
};

RolloutScope everyLead() {
    RolloutScope scope;
    scope.everyLead = scope.everyMember = true;
    return scope;
}

// A and B alike: three fields over three leads.
std::pair<MemoryRollout, MemoryRollout> twins() {
    std::pair<MemoryRollout, MemoryRollout> runs{MemoryRollout(3), MemoryRollout(3)};
    for (const char* name : {"t", "u", "w"}) runs.first.addField(name), runs.second.addField(name);
    return runs;
}

void add(MemoryRollout& run, const std::string& name, std::size_t lead, std::size_t i, std::size_t j, float delta) {
    run.set(name, lead, i, j, run.at(name, lead, i, j) + delta);
}

}  // namespace

TEST(FirstDivergence, TheSecondLeadWhenTheFirstIsBitIdenticalWithThePerturbedCellsLargestFirst) {
    auto [a, b] = twins();
    add(b, "t", 1, 2, 1, 0.5f);             // 22.5°N 45°E
    add(b, "t", 1, 3, 6, -2.0f);            // 67.5°N 270°E
    add(b, "u", 1, 0, 7, 1.0f);             // 67.5°S 315°E
    for (std::size_t i = 0; i < kLat; ++i)  // the last lead differs more, everywhere: not the first
        for (std::size_t j = 0; j < kLon; ++j) add(b, "w", 2, i, j, 8.0f);
    const FieldsComparison c = compareFieldSources(a, b, 0, everyLead());
    ASSERT_TRUE(c.firstDivergence);
    const FirstDivergence& d = *c.firstDivergence;
    EXPECT_EQ(d.lead, 1u);
    EXPECT_EQ(d.leadIndex, 1u);
    EXPECT_EQ(d.hours, 6.0);
    EXPECT_EQ(d.fields, (std::vector<std::string>{"t", "u"}));
    ASSERT_EQ(d.points.size(), 3u);
    const struct {
        const char* field;
        std::size_t i, j;
        double absDiff;
    } want[] = {{"t", 3, 6, 2.0}, {"u", 0, 7, 1.0}, {"t", 2, 1, 0.5}};
    for (std::size_t k = 0; k < 3; ++k) {
        EXPECT_EQ(d.points[k].field, want[k].field) << k;
        EXPECT_EQ(d.points[k].gridIndex, want[k].i * kLon + want[k].j) << k;
        EXPECT_EQ(d.points[k].lat, kLats[want[k].i]) << k;
        EXPECT_EQ(d.points[k].lon, kLons[want[k].j]) << k;
        EXPECT_EQ(d.points[k].absDiff, want[k].absDiff) << k;
        EXPECT_FALSE(d.points[k].nearGraphDifference) << k;
    }
    EXPECT_FALSE(d.nearGraphDifference);  // no graph differences given

    Comparison compared;
    compared.fields = c;
    const nlohmann::json j = comparisonToJson(compared)["fields"]["first_divergence"];
    EXPECT_EQ(j["lead_index"], 1);
    EXPECT_EQ(j["lead_hours"], 6.0);
    EXPECT_EQ(j["fields"], nlohmann::json({"t", "u"}));
    ASSERT_EQ(j["points"].size(), 3u);
    EXPECT_EQ(j["points"][0], nlohmann::json({{"field", "t"},
                                              {"lat", 67.5},
                                              {"lon", 270.0},
                                              {"grid_index", 30},
                                              {"abs_diff", 2.0},
                                              {"near_graph_difference", nullptr}}));
    EXPECT_TRUE(j["near_graph_difference"].is_null());
}

TEST(FirstDivergence, NoneWhenEveryLeadIsBitIdenticalOrOnlyOneLeadIsCompared) {
    auto [a, b] = twins();
    const FieldsComparison same = compareFieldSources(a, b, 0, everyLead());
    EXPECT_FALSE(same.firstDivergence);
    Comparison compared;
    compared.fields = same;
    EXPECT_TRUE(comparisonToJson(compared)["fields"]["first_divergence"].is_null());
    EXPECT_TRUE(comparisonToJson(Comparison{})["fields"].is_null());

    add(b, "u", 0, 1, 1, 1.0f);
    EXPECT_FALSE(compareFieldSources(a, b, 0).firstDivergence);  // the window's first table: one lead
    ASSERT_TRUE(compareFieldSources(a, b, 0, everyLead()).firstDivergence);
}

TEST(FirstDivergence, ADifferentNanMaskAloneIsADivergence) {
    auto [a, b] = twins();
    a.set("w", 1, 1, 3, std::numeric_limits<float>::quiet_NaN());
    b.set("w", 1, 1, 3, std::numeric_limits<float>::quiet_NaN());  // the same NaN in both: no divergence
    b.set("w", 2, 2, 2, std::numeric_limits<float>::quiet_NaN());  // B only
    const FieldsComparison c = compareFieldSources(a, b, 0, everyLead());
    ASSERT_TRUE(c.firstDivergence);
    EXPECT_EQ(c.firstDivergence->leadIndex, 2u);
    EXPECT_EQ(c.firstDivergence->fields, std::vector<std::string>{"w"});
    EXPECT_TRUE(c.firstDivergence->points.empty());  // no finite point differs
}

TEST(FirstDivergence, KeepsTheLargestCellsOfTheFirstLeadOnly) {
    auto [a, b] = twins();
    // lead 0: every cell of t differs by a distinct amount, 1/64 … 32/64
    for (std::size_t i = 0; i < kLat; ++i)
        for (std::size_t j = 0; j < kLon; ++j) add(b, "t", 0, i, j, float(i * kLon + j + 1) / 64);
    const FieldsComparison c = compareFieldSources(a, b, 0, everyLead());
    ASSERT_TRUE(c.firstDivergence);
    EXPECT_EQ(c.firstDivergence->leadIndex, 0u);
    ASSERT_EQ(c.firstDivergence->points.size(), kDivergencePoints);
    for (std::size_t k = 0; k < kDivergencePoints; ++k) {
        const std::size_t cell = kLat * kLon - 1 - k;  // the largest perturbation is the last cell's
        EXPECT_EQ(c.firstDivergence->points[k].gridIndex, cell) << k;
        const double want = double(a.at("t", 0, cell / kLon, cell % kLon) + float(cell + 1) / 64) -
                            double(a.at("t", 0, cell / kLon, cell % kLon));
        EXPECT_EQ(c.firstDivergence->points[k].absDiff, want) << k;
    }
}

TEST(FirstDivergence, SaysWhetherTheCellsLieNearAGraphDifference) {
    auto [a, b] = twins();
    add(b, "t", 1, 2, 5, 4.0f);
    add(b, "t", 1, 0, 0, 1.0f);
    DiffNeighbourhood around;
    around.nlat = kLat;
    around.nlon = kLon;
    around.zone.assign(kLat * kLon, DiffNeighbourhood::Far);
    around.zone[0] = DiffNeighbourhood::Near;  // the smaller one only
    around.zonePoints = {0};
    RolloutScope scope = everyLead();
    scope.around = &around;
    FieldsComparison c = compareFieldSources(a, b, 0, scope);
    ASSERT_TRUE(c.firstDivergence);
    ASSERT_EQ(c.firstDivergence->points.size(), 2u);
    EXPECT_EQ(c.firstDivergence->points[0].nearGraphDifference, false);
    EXPECT_EQ(c.firstDivergence->points[1].nearGraphDifference, true);
    EXPECT_EQ(c.firstDivergence->nearGraphDifference, true);

    around.zone[0] = DiffNeighbourhood::Between;  // between is not near
    c = compareFieldSources(a, b, 0, scope);
    ASSERT_TRUE(c.firstDivergence);
    EXPECT_EQ(c.firstDivergence->nearGraphDifference, false);
}
