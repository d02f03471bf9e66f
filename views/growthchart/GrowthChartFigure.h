#pragma once
#include <QString>

#include "export/FigureOptions.h"
#include "export/MapFigure.h"
#include "growthchart/GrowthChartData.h"

namespace meshdiff::views {

// The page height (inches) of the chart `options.widthInches` wide: the options' height when
// set, else 0.62 of the width and at least 2.8 inches (no more than the width), so that a single
// column's axis title is not elided.
double growthFigureHeightInches(const FigureOptions& options);

// Draws the error-growth chart of `data` as a PNG, PDF or SVG figure (options.format) with the
// options' paper, text size and resolution; PDF and SVG keep lines and text as vectors. Throws
// meshdiff::Error naming the file when it cannot be written, or when called off the GUI thread:
// Qt Charts lays its text out with objects of that thread (a worker crashes it). Needs a
// QApplication (Qt Charts is built on QGraphicsWidget). About 0.1 s for a 300 DPI column.
FigureFile writeGrowthChartFigure(const GrowthChartData& data, const FigureOptions& options, const QString& path);

}  // namespace meshdiff::views
