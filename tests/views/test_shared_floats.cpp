#include <gtest/gtest.h>

#include <vector>

#include "globe/SharedFloats.h"

namespace meshdiff::views {
namespace {

TEST(SharedFloats, ACopySharesTheValuesUntilOneSideWrites) {
    SharedFloats field(std::vector<float>(1000, 1.5f));
    const SharedFloats copy = field;
    EXPECT_EQ(copy.data(), field.data());  // no 26 MB copy on the GUI thread at 0.1°
    field[3] = -2.0f;
    EXPECT_NE(copy.data(), field.data());
    EXPECT_EQ(copy[3], 1.5f);
    EXPECT_EQ(field[3], -2.0f);
    EXPECT_EQ(field.size(), 1000u);
    EXPECT_EQ(copy.size(), 1000u);
}

TEST(SharedFloats, GrowsLikeAVectorAndStartsEmpty) {
    SharedFloats values;
    EXPECT_TRUE(values.empty());
    EXPECT_EQ(values.begin(), values.end());
    values.push_back(1.0f);
    values.resize(3, 7.0f);
    const std::vector<float> seen(values.begin(), values.end());
    EXPECT_EQ(seen, (std::vector<float>{1.0f, 7.0f, 7.0f}));
    values = {4.0f, 5.0f};
    EXPECT_EQ(values.size(), 2u);
    EXPECT_EQ(values[1], 5.0f);
}

}  // namespace
}  // namespace meshdiff::views
