#pragma once
#include <QString>

#include "export/FigureOptions.h"
#include "export/FigureWriter.h"
#include "pointseries/PointSeriesData.h"

namespace meshdiff::views {

// The page height (inches) of the chart `options.widthInches` wide: the options' height when
// set, else 0.62 of the width and at least 2.8 inches (no more than the width), as the growth
// chart's, so that a single column's rotated axis titles are not elided.
double pointSeriesFigureHeightInches(const FigureOptions& options);

// Draws the point series as a PNG (its DPI recorded), PDF or SVG figure (options.format) on the
// options' paper and text size, titled options.title or pointSeriesTitle(series); no lead is
// marked. Throws meshdiff::Error naming the file when it cannot be written, and off the GUI
// thread (Qt Charts). Needs a QApplication.
FigureFile writePointSeriesFigure(const PointSeries& series, const FigureOptions& options, const QString& path);

}  // namespace meshdiff::views
