#pragma once
#include <QString>

#include "pointseries/PointSeriesData.h"
#include "qtcharts/ChartFigure.h"

class QChart;
class QLineSeries;

namespace meshdiff::views {

// The three lines of a point-series chart, for hover points.
struct PointSeriesLines {
    QLineSeries* a = nullptr;
    QLineSeries* b = nullptr;
    QLineSeries* difference = nullptr;  // on the right axis
};

// Fills an empty chart with `series`: A (wide) and B (dashed) against the lead on the left axis
// in the field's units, A − B dotted on the right axis, a point per lead; `markedLead` (the lead
// on show, -1 for none) ringed on each line; `title` is HTML, as Qt Charts shows titles.
// `look.tickPixels` 0: Qt's fonts (on screen); else
// text and lines sized for paper (figures).
PointSeriesLines fillPointSeriesChart(QChart& chart, const PointSeries& series, int markedLead, const QString& title,
                                      const ChartPaper& look = {});

}  // namespace meshdiff::views
