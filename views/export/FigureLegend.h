#pragma once
#include <vector>

#include <QColor>
#include <QFont>
#include <QRectF>

#include "export/DifferenceLegend.h"

class QPainter;

namespace meshdiff::views {

// The difference legend of a figure: each entry a swatch (the mark as drawn) and its words,
// flowed left to right in rows no wider than the figure; an entry wider than a row wraps its
// words. Text in `font`; swatch strokes scale with `unit` (device units per design unit).
double figureLegendHeight(const std::vector<DifferenceLegendEntry>& entries, const QFont& font, double width);
void paintFigureLegend(QPainter& painter, const QRectF& area, const std::vector<DifferenceLegendEntry>& entries,
                       const QFont& font, const QColor& ink, double unit);

}  // namespace meshdiff::views
