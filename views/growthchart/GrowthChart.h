#pragma once
#include <QColor>

#include "growthchart/GrowthChartData.h"

class QChart;
class QLineSeries;

namespace meshdiff::views {

// Sizes and colours of the chart: the window's (Qt's fonts, screen pixels) or a figure's.
struct GrowthChartLook {
    double tickPixels = 0;  // tick-label text height in device units; 0: Qt's default fonts
    double scale = 1;       // line widths and markers: 1 on screen, device units per screen pixel on paper
    QColor paper = Qt::white, ink = QColor(30, 30, 30);
    Qt::Alignment legend = Qt::AlignRight;  // a list beside the chart: a row under it elides long names
};

// Fills an empty chart with `data`: a log rel-RMS axis over whole decades, the lead axis (hours
// or index), one line with markers per field, the member spread as a shaded band under them,
// and a legend beside it. Every line series has the field name as its objectName.
void fillGrowthChart(QChart& chart, const GrowthChartData& data, const GrowthChartLook& look = {});

// The colour of the i-th line (colour-blind-safe, fixed, so the same field keeps its colour).
QColor growthLineColor(std::size_t i);

}  // namespace meshdiff::views
