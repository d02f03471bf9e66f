#include "export/FigureWriter.h"

#include <QBuffer>
#include <QFile>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <cmath>

#include "common/Error.h"

namespace meshdiff::views {
namespace {

constexpr int kLargestPngSide = 30000;
constexpr double kMetresPerInch = 0.0254;

[[noreturn]] void fail(const QString& path, const std::string& problem) { throw Error(path.toStdString(), problem); }

FigureFile writePng(const FigureOptions& options, double heightInches, const QColor& paper, const FigurePainter& paint,
                    const QString& path) {
    const QSize pixels = pixelSize(options, heightInches);
    if (pixels.width() > kLargestPngSide || pixels.height() > kLargestPngSide)
        fail(path, "the image would be larger than 30000 pixels: lower the DPI");
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(paper);
    {
        QPainter painter(&image);
        paint(painter, QSizeF(pixels), options.dotsPerInch);
    }
    FigureFile file = writePngFigure(std::move(image), options.dotsPerInch, path);
    file.inches = QSizeF(options.widthInches, heightInches);  // the page asked, not rounded to pixels
    return file;
}

void writePdf(QSizeF points, const QString& title, const FigurePainter& paint, const QString& path) {
    {
        QFile probe(path);
        if (!probe.open(QIODevice::WriteOnly)) fail(path, "cannot be written: " + probe.errorString().toStdString());
    }
    QPdfWriter pdf(path);
    pdf.setResolution(int(kPointsPerInch));
    pdf.setPageSize(QPageSize(points, QPageSize::Point));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("meshdiff"));
    QPainter painter;
    if (!painter.begin(&pdf)) fail(path, "cannot be written as PDF");
    paint(painter, points, kPointsPerInch);
    painter.end();
}

// QSvgGenerator states the page in whole device units; the page is written in millimetres to
// 1/1000 mm instead, so that 89 mm stays 89 mm.
void writeSvg(QSizeF points, const QString& title, const FigurePainter& paint, const QString& path) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(points.toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), points));
    svg.setResolution(int(kPointsPerInch));
    svg.setTitle(title);
    QPainter painter;
    if (!painter.begin(&svg)) fail(path, "cannot be written as SVG");
    paint(painter, points, kPointsPerInch);
    painter.end();
    QString text = QString::fromUtf8(buffer.data());
    const QString page = QStringLiteral("width=\"%1mm\" height=\"%2mm\"")
                             .arg(points.width() / kPointsPerInch * kMillimetresPerInch, 0, 'f', 3)
                             .arg(points.height() / kPointsPerInch * kMillimetresPerInch, 0, 'f', 3);
    static const QRegularExpression stated(QStringLiteral("width=\"[0-9.]+mm\" height=\"[0-9.]+mm\""));
    const auto match = stated.match(text);
    if (match.hasMatch()) text.replace(match.capturedStart(), match.capturedLength(), page);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0)
        fail(path, "cannot be written: " + file.errorString().toStdString());
}

}  // namespace

FigureFile writeFigure(const FigureOptions& options, double heightInches, const QColor& paper, const QString& title,
                       const FigurePainter& paint, const QString& path) {
    if (!(options.widthInches > 0) || !(heightInches > 0) || !(options.dotsPerInch > 0))
        fail(path, "the figure needs a width, a height and a resolution above zero");
    const QSizeF inches(options.widthInches, heightInches);
    switch (options.format) {
        case FigureFormat::Png: return writePng(options, heightInches, paper, paint, path);
        case FigureFormat::Pdf: writePdf(inches * kPointsPerInch, title, paint, path); break;
        case FigureFormat::Svg: writeSvg(inches * kPointsPerInch, title, paint, path); break;
    }
    return {path, inches, QSize()};
}

FigureFile writePngFigure(QImage image, double dotsPerInch, const QString& path) {
    const int dotsPerMetre = int(std::lround(dotsPerInch / kMetresPerInch));
    image.setDotsPerMeterX(dotsPerMetre);
    image.setDotsPerMeterY(dotsPerMetre);
    if (!image.save(path, "PNG")) fail(path, "cannot write the PNG image");
    return {path, QSizeF(image.size()) / dotsPerInch, image.size()};
}

}  // namespace meshdiff::views
