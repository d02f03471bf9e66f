// Figure titles and legends in words: field, what is shown, units and lead in the title; what
// each difference mark is, with the runs' labels, in the legend and the report's captions.
#include <gtest/gtest.h>

#include "export/DifferenceLegend.h"
#include "export/FigureTitle.h"

namespace meshdiff::views {
namespace {

TEST(FigureTitle, NamesFieldWhatIsShownUnitsAndLead) {
    EXPECT_EQ(defaultFigureTitle("2m_temperature", MapMode::Difference, "K", "+12 h"),
              QStringLiteral("2m_temperature, A − B (K), +12 h"));
    EXPECT_EQ(defaultFigureTitle("2m_temperature", MapMode::AbsDifference, "K", ""),
              QStringLiteral("2m_temperature, |A − B| (K)"));
    EXPECT_EQ(defaultFigureTitle("t2m", MapMode::SideBySide, "K", "+6 h"), QStringLiteral("t2m (K), +6 h"));
    EXPECT_EQ(defaultFigureTitle("t2m", MapMode::A, "", "lead 3"), QStringLiteral("t2m, A, lead 3"));
}

TEST(DifferenceLegend, SaysWhatEachMarkIsInWordsWithTheRunsLabels) {
    ErrorMapData data;
    data.labelA = "AVX-512 host";
    data.labelB = "B (AVX2 host)";
    data.lines = {{{0, 0}, {1, 1}, 1}, {{0, 0}, {1, 1}, 2}};
    data.markers = {{{0, 0}, 1}, {{0, 0}, 2}, {{5, 5}, 0}};
    data.triangles = {{{{{0, 0}, {1, 0}, {0, 1}}}, 1}, {{{{0, 0}, {1, 0}, {0, 1}}}, 2}};
    const auto entries = differenceLegend(marksOf(data));
    QStringList texts;
    for (const auto& e : entries) texts << e.text;
    EXPECT_EQ(texts,
              (QStringList{"grid→mesh edge only in A (AVX-512 host)", "grid→mesh edge only in B (AVX2 host)",
                           "mesh→grid triangle only in A (AVX-512 host)", "mesh→grid triangle only in B (AVX2 host)",
                           "grid point whose mesh→grid triangle differs"}));
    for (const QString& text : texts) {
        EXPECT_FALSE(text == "A" || text == "B" || text == "triangle") << "a legend in words";
    }
    // Only what is there; unknown labels leave the letter alone.
    ErrorMapData onlyB;
    onlyB.lines = {{{0, 0}, {1, 1}, 2}};
    const auto single = differenceLegend(marksOf(onlyB));
    ASSERT_EQ(single.size(), 1u);
    EXPECT_EQ(single[0].text, QStringLiteral("grid→mesh edge only in B"));
}

TEST(DifferenceLegend, TheCaptionSentenceUsesTheColoursTheMarksAreDrawnIn) {
    DifferenceMarks marks;
    marks.edgesA = marks.edgesB = marks.gridPoints = true;
    const std::string sentence = differenceLegendSentence(differenceLegend(marks));
    EXPECT_NE(sentence.find("magenta, solid: grid→mesh edge only in A"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("black, dashed: grid→mesh edge only in B"), std::string::npos) << sentence;
    EXPECT_NE(sentence.find("black ring: grid point"), std::string::npos) << sentence;
    EXPECT_EQ(sentence.find("orange"), std::string::npos);
    EXPECT_EQ(sentence.find("blue"), std::string::npos);
    EXPECT_TRUE(differenceLegendSentence({}).empty());
    marks.near = true;
    EXPECT_NE(differenceLegendSentence(differenceLegend(marks)).find("orange outline: near the graph differences"),
              std::string::npos);
}

}  // namespace
}  // namespace meshdiff::views
