#include "qtcharts/ChartAxisInk.h"

#include <algorithm>
#include <cmath>

#include <QAbstractAxis>

namespace meshdiff::views {

QFont fontOfPixels(QFont font, double pixels) {
    if (pixels > 0) font.setPixelSize(std::max(1, int(std::lround(pixels))));
    return font;
}

void inkAxis(QAbstractAxis& axis, double tickPixels, const QColor& ink) {
    axis.setLabelsFont(fontOfPixels(axis.labelsFont(), tickPixels));
    axis.setTitleFont(fontOfPixels(axis.titleFont(), tickPixels));
    axis.setLabelsColor(ink);
    axis.setTitleBrush(ink);
    QColor grid = ink;
    grid.setAlpha(45);
    axis.setGridLineColor(grid);
    grid.setAlpha(18);
    axis.setMinorGridLineColor(grid);
    axis.setLinePenColor(ink);
}

}  // namespace meshdiff::views
