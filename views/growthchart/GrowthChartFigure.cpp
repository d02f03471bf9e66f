#include "growthchart/GrowthChartFigure.h"

#include <QChart>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QThread>

#include <cmath>

#include "common/Error.h"
#include "growthchart/GrowthChart.h"

namespace meshdiff::views {
namespace {

constexpr double kHeightPerWidth = 0.62;

// Draws the chart filling `size` device units of a device with `unitsPerInch` units an inch.
void paintChart(QPainter& painter, const GrowthChartData& data, const FigureOptions& options, QSizeF size,
                double unitsPerInch) {
    GrowthChartLook look;
    look.scale = unitsPerInch / kScreenPixelsPerInch;
    look.tickPixels = (options.fontPoints > 0 ? options.fontPoints : 8) / kPointsPerInch * unitsPerInch;
    if (options.background == FigureBackground::Dark) {
        look.paper = QColor(24, 26, 32);
        look.ink = QColor(232, 232, 232);
    }
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
    return options.heightInches > 0 ? options.heightInches : options.widthInches * kHeightPerWidth;
}

FigureFile writeGrowthChartFigure(const GrowthChartData& data, const FigureOptions& options, const QString& path) {
    if (!(options.widthInches > 0) || !(options.dotsPerInch > 0))
        throw Error(path.toStdString(), "the figure needs a width and a resolution above zero");
    if (!QCoreApplication::instance() || QThread::currentThread() != QCoreApplication::instance()->thread())
        throw Error(path.toStdString(), "the error-growth chart is drawn on the GUI thread only");
    const double heightInches = growthFigureHeightInches(options);
    FigureFile file{path, QSizeF(options.widthInches, heightInches), QSize()};
    const QSizeF points = file.inches * kPointsPerInch;
    switch (options.format) {
        case FigureFormat::Png: {
            file.pixels = pixelSize(options, heightInches);
            if (file.pixels.width() > 30000 || file.pixels.height() > 30000)
                throw Error(path.toStdString(), "the image would be larger than 30000 pixels: lower the DPI");
            QImage image(file.pixels, QImage::Format_RGB32);
            image.setDotsPerMeterX(int(std::lround(options.dotsPerInch / 0.0254)));
            image.setDotsPerMeterY(int(std::lround(options.dotsPerInch / 0.0254)));
            image.fill(Qt::white);
            {
                QPainter painter(&image);
                paintChart(painter, data, options, QSizeF(file.pixels), options.dotsPerInch);
            }
            if (!image.save(path, "PNG")) throw Error(path.toStdString(), "cannot be written");
            break;
        }
        case FigureFormat::Pdf: {
            QPdfWriter pdf(path);
            pdf.setResolution(int(kPointsPerInch));
            pdf.setPageSize(QPageSize(points, QPageSize::Point));
            pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
            pdf.setCreator(QStringLiteral("meshdiff"));
            QPainter painter;
            if (!painter.begin(&pdf)) throw Error(path.toStdString(), "cannot be written");
            paintVectorChart(painter, data, options, points);
            painter.end();
            break;
        }
        case FigureFormat::Svg: {
            const QSize size = points.toSize();
            QSvgGenerator svg;
            svg.setFileName(path);
            svg.setSize(size);
            svg.setViewBox(QRect(QPoint(0, 0), size));
            svg.setResolution(int(kPointsPerInch));
            svg.setTitle(QStringLiteral("meshdiff error growth"));
            QPainter painter;
            if (!painter.begin(&svg)) throw Error(path.toStdString(), "cannot be written");
            paintVectorChart(painter, data, options, QSizeF(size));
            painter.end();
            file.inches = QSizeF(size) / kPointsPerInch;
            break;
        }
    }
    return file;
}

}  // namespace meshdiff::views
