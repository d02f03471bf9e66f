#include "growthchart/GrowthChartFigure.h"

#include <QChart>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QThread>

#include <algorithm>

#include "common/Error.h"
#include "growthchart/GrowthChart.h"

namespace meshdiff::views {
namespace {

constexpr double kHeightPerWidth = 0.62;
// A single column's chart is no lower than this: its rotated axis title would be elided.
constexpr double kMinHeightInches = 2.8;

GrowthChartLook chartLook(const FigureOptions& options, double unitsPerInch) {
    GrowthChartLook look;
    look.scale = unitsPerInch / kScreenPixelsPerInch;
    look.tickPixels = (options.fontPoints > 0 ? options.fontPoints : 8) / kPointsPerInch * unitsPerInch;
    if (options.background == FigureBackground::Dark) {
        look.paper = QColor(24, 26, 32);
        look.ink = QColor(232, 232, 232);
    }
    return look;
}

// Draws the chart filling `size` device units of a device with `unitsPerInch` units an inch.
void paintChart(QPainter& painter, const GrowthChartData& data, const FigureOptions& options, QSizeF size,
                double unitsPerInch) {
    const GrowthChartLook look = chartLook(options, unitsPerInch);
    QGraphicsScene scene;
    auto* chart = new QChart;  // the scene owns it
    scene.addItem(chart);
    const double margin = look.tickPixels * 0.6;
    chart->setMargins(QMargins(int(margin), int(margin), int(margin), int(margin)));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    fillGrowthChart(*chart, data, look);
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    // The chart lays itself out on posted events; this thread may have no event loop.
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents();
        chart->layout()->activate();
    }
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    scene.render(&painter, QRectF(QPointF(0, 0), size), QRectF(QPointF(0, 0), size));
}

// PDF and SVG pages are in points; laid out at 72 units an inch the legend elides names that fit,
// so the chart is laid out as for a 300 DPI picture and scaled down to the page.
void paintVectorChart(QPainter& painter, const GrowthChartData& data, const FigureOptions& options, QSizeF points) {
    constexpr double kLayoutUnitsPerInch = 300;
    const double factor = kLayoutUnitsPerInch / kPointsPerInch;
    painter.scale(1 / factor, 1 / factor);
    paintChart(painter, data, options, points * factor, kLayoutUnitsPerInch);
}

}  // namespace

double growthFigureHeightInches(const FigureOptions& options) {
    if (options.heightInches > 0) return options.heightInches;
    return std::max(options.widthInches * kHeightPerWidth, std::min(kMinHeightInches, options.widthInches));
}

FigureFile writeGrowthChartFigure(const GrowthChartData& data, const FigureOptions& options, const QString& path) {
    if (!(options.widthInches > 0) || !(options.dotsPerInch > 0))
        throw Error(path.toStdString(), "the figure needs a width and a resolution above zero");
    if (!QCoreApplication::instance() || QThread::currentThread() != QCoreApplication::instance()->thread())
        throw Error(path.toStdString(), "the error-growth chart is drawn on the GUI thread only");
    const auto paint = [&](QPainter& painter, QSizeF size, double unitsPerInch) {
        if (options.format == FigureFormat::Png) paintChart(painter, data, options, size, unitsPerInch);
        else paintVectorChart(painter, data, options, size);
    };
    return writeFigure(options, growthFigureHeightInches(options), chartLook(options, 1).paper,
                       QStringLiteral("meshdiff error growth"), paint, path);
}

}  // namespace meshdiff::views
