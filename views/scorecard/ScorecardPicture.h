#pragma once
#include <cstddef>
#include <optional>
#include <vector>

#include <QColor>
#include <QImage>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include "colormap/ColorMap.h"
#include "compare/Scorecard.h"

class QPainter;

// The reproducibility scorecard drawn with a plain QPainter (any thread, any paint device: the
// window's picture, PNG, PDF and SVG figures), laid out as WeatherBench 2's scorecards: one row per
// variable and level (the variable named once beside its levels), one column per lead, thin
// paper-coloured borders between the cells, a colour bar with its caption below.
namespace meshdiff::views {

struct ScorecardLook {
    double fontPixels = 11;  // the labels' text size in device units; lines and gaps scale with it
    QColor paper = Qt::white;
    QColor ink = Qt::black;
};

// Where each part of a scorecard lies when drawn `width` device units wide. Rows are as tall as
// their labels need (the picture grows with the rows: labels never overlap); columns share the
// width left by the row labels, and column labels are thinned to every labelStep-th column when
// they would not fit side by side.
struct ScorecardLayout {
    QSizeF size;  // the whole picture
    QRectF grid;  // the cells
    double rowHeight = 0, columnWidth = 0;
    double border = 1;  // the gap between cells
    std::size_t rows = 0, columns = 0;
    std::size_t labelStep = 1;      // every labelStep-th column is labelled
    QRectF colorBar;                // the bar with its ticks
    QRectF caption;                 // the legend text below the bar
    std::vector<double> groupGaps;  // extra space above each row (a new variable starts)

    QRectF cell(std::size_t row, std::size_t column) const;  // without its border
    // The cell under `point`: {row, column}, none outside the grid.
    std::optional<std::pair<std::size_t, std::size_t>> cellAt(QPointF point) const;
};

// The colours: the ratio to the spread on the diverging map on a log scale from 0.01 to 100
// (white at 1, values beyond clipped); without a spread, rel RMS on viridis on a log scale over
// the cells' positive range.
ColorScale scorecardScale(const Scorecard& card);
// What the colours mean, as the figure's legend and the report's caption say it.
QString scorecardLegend(const Scorecard& card);
// "+6 h", or "lead 3" without hours.
QString scorecardColumnLabel(const Scorecard& card, std::size_t column);

ScorecardLayout scorecardLayout(const Scorecard& card, const ScorecardLook& look, double width);
// The text size (device units) at which `card` laid out `width` wide is at most `maxHeight` tall:
// look.fontPixels when that fits, else the largest smaller size that does, but never below
// minFontPixels. Rows stay a line of text tall at any size, so labels never overlap.
double fittingScorecardFont(const Scorecard& card, const ScorecardLook& look, double width, double maxHeight,
                            double minFontPixels);
// Draws the scorecard laid out by `layout` (from the same card and look).
void paintScorecard(QPainter& painter, const Scorecard& card, const ScorecardLayout& layout, const ScorecardLook& look);

// A finished picture for a widget: the image (device pixels, with their ratio) and its layout in
// logical pixels.
struct ScorecardPicture {
    QImage image;
    ScorecardLayout layout;
    int generation = 0;
};
// Runs on any thread: draws `card` `width` logical pixels wide, as tall as its layout needs.
ScorecardPicture drawScorecardPicture(const Scorecard& card, const ScorecardLook& look, double width, double pixelRatio,
                                      int generation = 0);

}  // namespace meshdiff::views
