#include "qtcharts/ChartFigure.h"

#include <QChart>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QThread>

#include "common/Error.h"

namespace meshdiff::views {
namespace {

// Draws the chart filling `size` device units of a device with `unitsPerInch` units an inch.
void paintChart(QPainter& painter, const ChartFiller& fill, const ChartPaper& paper, QSizeF size, double unitsPerInch) {
    QGraphicsScene scene;
    auto* chart = new QChart;  // the scene owns it
    scene.addItem(chart);
    const int margin = int(paper.tickPixels * 0.6);
    chart->setMargins(QMargins(margin, margin, margin, margin));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    fill(*chart, unitsPerInch);
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

}  // namespace

ChartPaper chartPaper(const FigureOptions& options, double unitsPerInch) {
    ChartPaper paper;
    paper.scale = unitsPerInch / kScreenPixelsPerInch;
    paper.tickPixels = (options.fontPoints > 0 ? options.fontPoints : 8) / kPointsPerInch * unitsPerInch;
    if (options.background == FigureBackground::Dark) {
        paper.paper = QColor(24, 26, 32);
        paper.ink = QColor(232, 232, 232);
    }
    return paper;
}

FigureFile writeChartFigure(const FigureOptions& options, double heightInches, const QString& what,
                            const QString& title, const ChartFiller& fill, const QString& path) {
    if (!(options.widthInches > 0) || !(options.dotsPerInch > 0))
        throw Error(path.toStdString(), "the figure needs a width and a resolution above zero");
    if (!QCoreApplication::instance() || QThread::currentThread() != QCoreApplication::instance()->thread())
        throw Error(path.toStdString(), "the " + what.toStdString() + " is drawn on the GUI thread only");
    const auto paint = [&](QPainter& painter, QSizeF size, double unitsPerInch) {
        if (options.format == FigureFormat::Png) {
            paintChart(painter, fill, chartPaper(options, unitsPerInch), size, unitsPerInch);
            return;
        }
        constexpr double kLayoutUnitsPerInch = 300;
        const double factor = kLayoutUnitsPerInch / kPointsPerInch;
        painter.scale(1 / factor, 1 / factor);
        paintChart(painter, fill, chartPaper(options, kLayoutUnitsPerInch), size * factor, kLayoutUnitsPerInch);
    };
    return writeFigure(options, heightInches, chartPaper(options, 1).paper, title, paint, path);
}

}  // namespace meshdiff::views
