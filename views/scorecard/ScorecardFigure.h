#pragma once
#include <QString>

#include "compare/Scorecard.h"
#include "export/FigureOptions.h"
#include "export/MapFigure.h"

namespace meshdiff::views {

// The page height (inches) of the scorecard `options.widthInches` wide: the options' height when
// set, else as tall as its rows, labels and colour bar need.
double scorecardFigureHeightInches(const Scorecard& card, const FigureOptions& options);

// Draws the scorecard as a PNG, PDF or SVG figure (options.format) with the options' paper, text
// size and resolution; PDF and SVG keep cells and text as vectors. Runs on any thread. Throws
// meshdiff::Error naming the file when it cannot be written or the scorecard is empty.
FigureFile writeScorecardFigure(const Scorecard& card, const FigureOptions& options, const QString& path);

}  // namespace meshdiff::views
