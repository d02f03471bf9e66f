#include <gtest/gtest.h>

#include "rerun/ProgressParser.h"

using meshdiff::rerun::ProgressParser;

TEST(Progress, DefaultPatternReadsTheLastPercentOfCompleteLines) {
    ProgressParser parser;
    EXPECT_FALSE(parser.feed("starting\n").has_value());
    EXPECT_FALSE(parser.feed("building 12").has_value());  // line not complete yet
    const auto value = parser.feed("% done, then 40.5%\n");
    ASSERT_TRUE(value.has_value());
    EXPECT_DOUBLE_EQ(*value, 0.405);
}

TEST(Progress, CarriageReturnsEndLinesLikeProgressBars) {
    ProgressParser parser;
    const auto value = parser.feed("10%\r20%\r30%\r");
    ASSERT_TRUE(value.has_value());
    EXPECT_DOUBLE_EQ(*value, 0.30);
}

TEST(Progress, TwoGroupsMeanDoneOverTotal) {
    ProgressParser parser("step (\\d+)/(\\d+)");
    EXPECT_FALSE(parser.feed("loading 50%\n").has_value());
    const auto value = parser.feed("step 3/4\n");
    ASSERT_TRUE(value.has_value());
    EXPECT_DOUBLE_EQ(*value, 0.75);
    EXPECT_FALSE(parser.feed("step 1/0\n").has_value());  // no total: no progress
}

TEST(Progress, ValuesAreClampedToOne) {
    ProgressParser parser;
    EXPECT_DOUBLE_EQ(*parser.feed("150%\n"), 1.0);
}
