#include "growthchart/GrowthChartFigure.h"

#include <QChart>

#include <algorithm>

#include "growthchart/GrowthChart.h"
#include "qtcharts/ChartFigure.h"

namespace meshdiff::views {
namespace {

constexpr double kHeightPerWidth = 0.62;
// A single column's chart is no lower than this: its rotated axis title would be elided.
constexpr double kMinHeightInches = 2.8;

GrowthChartLook chartLook(const FigureOptions& options, double unitsPerInch) {
    const ChartPaper paper = chartPaper(options, unitsPerInch);
    GrowthChartLook look;
    look.scale = paper.scale;
    look.tickPixels = paper.tickPixels;
    look.paper = paper.paper;
    look.ink = paper.ink;
    return look;
}

}  // namespace

double growthFigureHeightInches(const FigureOptions& options) {
    if (options.heightInches > 0) return options.heightInches;
    return std::max(options.widthInches * kHeightPerWidth, std::min(kMinHeightInches, options.widthInches));
}

FigureFile writeGrowthChartFigure(const GrowthChartData& data, const FigureOptions& options, const QString& path) {
    const auto fill = [&](QChart& chart, double unitsPerInch) {
        fillGrowthChart(chart, data, chartLook(options, unitsPerInch));
    };
    return writeChartFigure(options, growthFigureHeightInches(options), QStringLiteral("error-growth chart"),
                            QStringLiteral("meshdiff error growth"), fill, path);
}

}  // namespace meshdiff::views
