#pragma once
#include <functional>

#include <QColor>
#include <QString>

#include "export/FigureOptions.h"
#include "export/FigureWriter.h"

class QChart;

namespace meshdiff::views {

// Text height and line scale of a chart drawn on a device with `unitsPerInch` units an inch:
// tick labels of options.fontPoints (8 pt when 0), lines as many device units per screen pixel
// as the figure has; the options' paper and ink.
struct ChartPaper {
    double tickPixels = 0;  // device units
    double scale = 1;       // device units per screen pixel
    QColor paper = Qt::white, ink = QColor(30, 30, 30);
};
ChartPaper chartPaper(const FigureOptions& options, double unitsPerInch);

// Fills an empty chart for a device with `unitsPerInch` units an inch.
using ChartFiller = std::function<void(QChart& chart, double unitsPerInch)>;

// Writes the chart `fill` fills as a figure options.widthInches × heightInches in options.format
// (FigureWriter: PNG with its DPI recorded, PDF or SVG as vectors), laid out in an off-screen
// scene; PDF and SVG are laid out as for 300 DPI and scaled to the page, so that the legend does
// not elide names that fit. `what` names the chart in errors, `title` is the file's title. Throws
// meshdiff::Error naming the file when it cannot be written, or when called off the GUI thread:
// Qt Charts lays its text out with objects of that thread. Needs a QApplication.
FigureFile writeChartFigure(const FigureOptions& options, double heightInches, const QString& what,
                            const QString& title, const ChartFiller& fill, const QString& path);

}  // namespace meshdiff::views
