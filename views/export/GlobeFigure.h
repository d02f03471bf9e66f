#pragma once
#include <QImage>
#include <QString>

#include "export/FigureOptions.h"
#include "export/MapFigure.h"
#include "globe/GlobeView.h"

namespace meshdiff::views {

// The globe as a figure: the sphere on the options' paper (white or dark, no space backdrop),
// its legend and colour bar in a right margin (at most 42 % of the width; a wider legend has its
// lines wrapped and its colour bar narrowed to fit when that margin is at least 2.4 in: two
// journal columns, 183 mm) or else below it (one column, 89 mm), never over the sphere. Text has
// options.fontPoints at options.dotsPerInch (as on screen when 0). Needs an X display like every
// VTK render; runs on any thread. Null image on failure.
// The page height (inches) of the globe figure `options.widthInches` wide: the options' height when
// set, else as tall as the sphere and its legend need. renderGlobeFigure has exactly this size.
double globeFigureHeightInches(const GlobeSnapshot& snapshot, const FigureOptions& options);

QImage renderGlobeFigure(const GlobeSnapshot& snapshot, const FigureOptions& options);

// The same written as a PNG (the globe's only format); throws meshdiff::Error naming the file.
FigureFile writeGlobeFigure(const GlobeSnapshot& snapshot, const FigureOptions& options, const QString& path);

}  // namespace meshdiff::views
