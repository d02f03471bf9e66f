// Figure titles and legends in words: field, what is shown, units and lead in the title; what
// each difference mark is, with the runs' labels, in the legend and the report's captions.
#include <gtest/gtest.h>

#include "BumpField.h"
#include "export/DifferenceLegend.h"
#include "export/FigureTitle.h"
#include "export/MapFigure.h"
#include "map/MapNeighbourhood.h"

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

QStringList legendTexts(const std::vector<DifferenceLegendEntry>& entries) {
    QStringList texts;
    for (const auto& e : entries) texts << e.text;
    return texts;
}

FigureOptions columnFigure(FigurePreset preset) {
    FigureOptions options = withPreset(FigureOptions{}, preset, QSizeF());
    options.format = FigureFormat::Png;
    return options;
}

// Four differing grid points a degree apart (one numbered ring at journal sizes) or two far apart
// (a ring each, no number), and the diagnosis' "near" of `nearDegrees` around the first.
std::shared_ptr<ErrorMapData> mapWithDifferences(bool closeGroup, double nearDegrees) {
    auto data = meshdiff::test::bumpField();
    data->markers = {{{90, 30}, 0}};
    if (closeGroup) data->markers.insert(data->markers.end(), {{{91, 30}, 0}, {{90, 31}, 0}, {{91, 31}, 0}});
    else data->markers.push_back({{200, -30}, 0});
    DiffPlaces places;
    places.latLon = {{30, 90}};
    places.radiusDegrees = nearDegrees;
    data->neighbourhood = neighbourhoodOutlines(places);
    return data;
}

TEST(MapFigureLegend, SaysWhatANumberedRingIsWhenTheFigureDrawsOne) {
    for (FigurePreset preset : {FigurePreset::SingleColumn, FigurePreset::DoubleColumn}) {
        const FigureOptions options = columnFigure(preset);
        const QStringList grouped = legendTexts(mapFigureLegend(mapWithDifferences(true, 30), {}, options));
        EXPECT_TRUE(grouped.filter("too close to draw apart").size() == 1) << grouped.join(" | ").toStdString();
        const QStringList alone = legendTexts(mapFigureLegend(mapWithDifferences(false, 30), {}, options));
        EXPECT_TRUE(alone.filter("too close to draw apart").isEmpty()) << alone.join(" | ").toStdString();
        EXPECT_TRUE(alone.contains("grid point whose mesh→grid triangle differs"));
    }
}

TEST(MapFigureLegend, ListsTheNearOutlineOnlyWhenTheFigureDrawsIt) {
    for (FigurePreset preset : {FigurePreset::SingleColumn, FigurePreset::DoubleColumn}) {
        const FigureOptions options = columnFigure(preset);
        // 2° is a circle of a few points at either width: the map leaves it out, so does its legend.
        const QStringList small = legendTexts(mapFigureLegend(mapWithDifferences(false, 2), {}, options));
        EXPECT_TRUE(small.filter("near the graph differences").isEmpty()) << small.join(" | ").toStdString();
        const QStringList large = legendTexts(mapFigureLegend(mapWithDifferences(false, 30), {}, options));
        EXPECT_EQ(large.filter("near the graph differences").size(), 1) << large.join(" | ").toStdString();
    }
}

}  // namespace
}  // namespace meshdiff::views
