#include "pointseries/PointSeriesFigure.h"

#include <QChart>
#include <QFontMetricsF>

#include <algorithm>
#include <cstdlib>

#include "pointseries/PointSeriesChart.h"
#include "pointseries/PointSeriesText.h"
#include "qtcharts/ChartFigure.h"

namespace meshdiff::views {
namespace {

constexpr double kHeightPerWidth = 0.62;
constexpr double kMinHeightInches = 2.8;

// The title on two lines, broken after the comma nearest its middle (Qt Charts titles are HTML).
QString twoLines(const QString& title) {
    int best = -1;
    for (int at = title.indexOf(QStringLiteral(", ")); at >= 0; at = title.indexOf(QStringLiteral(", "), at + 1))
        if (best < 0 || std::abs(at - title.size() / 2) < std::abs(best - title.size() / 2)) best = at;
    if (best < 0) return title.toHtmlEscaped();
    return title.left(best + 1).toHtmlEscaped() + QStringLiteral("<br>") + title.mid(best + 2).toHtmlEscaped();
}

}  // namespace

double pointSeriesFigureHeightInches(const FigureOptions& options) {
    if (options.heightInches > 0) return options.heightInches;
    return std::max(options.widthInches * kHeightPerWidth, std::min(kMinHeightInches, options.widthInches));
}

FigureFile writePointSeriesFigure(const PointSeries& series, const FigureOptions& options, const QString& path) {
    const QString title = options.title.isEmpty() ? QString::fromStdString(pointSeriesTitle(series)) : options.title;
    const auto fill = [&](QChart& chart, double unitsPerInch) {
        fillPointSeriesChart(chart, series, -1, title.toHtmlEscaped(), chartPaper(options, unitsPerInch));
        // A single column has no room for the whole title on one line: Qt would elide it.
        const double room = options.widthInches * unitsPerInch * 0.94;
        if (QFontMetricsF(chart.titleFont()).horizontalAdvance(title) > room) chart.setTitle(twoLines(title));
    };
    return writeChartFigure(options, pointSeriesFigureHeightInches(options), QStringLiteral("point-over-leads chart"),
                            QStringLiteral("meshdiff ") + title, fill, path);
}

}  // namespace meshdiff::views
