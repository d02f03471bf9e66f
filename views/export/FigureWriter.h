#pragma once
#include <functional>

#include <QColor>
#include <QImage>
#include <QSize>
#include <QSizeF>
#include <QString>

#include "export/FigureOptions.h"

class QPainter;

namespace meshdiff::views {

struct FigureFile {
    QString path;
    QSizeF inches;  // the page: PDF MediaBox, SVG width × height, PNG pixels ÷ DPI
    QSize pixels;   // PNG only
};

// Paints a figure filling `size` device units of a device on which `unitsPerInch` make an inch
// (the DPI for PNG, 72 for PDF and SVG).
using FigurePainter = std::function<void(QPainter& painter, QSizeF size, double unitsPerInch)>;

// Writes the figure `options.widthInches` × `heightInches` as options.format: a PNG of
// inches × DPI pixels on `paper` that records its DPI, or a PDF or SVG page of exactly that size
// with lines and text as vectors. Throws meshdiff::Error naming the file when it cannot be
// written, when the size or DPI is not above zero, or when a PNG would exceed 30000 pixels.
FigureFile writeFigure(const FigureOptions& options, double heightInches, const QColor& paper, const QString& title,
                       const FigurePainter& paint, const QString& path);

// Writes a picture already drawn at `dotsPerInch` as a PNG that records that DPI.
FigureFile writePngFigure(QImage image, double dotsPerInch, const QString& path);

}  // namespace meshdiff::views
