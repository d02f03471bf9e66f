#pragma once
#include <QFile>
#include <QSizeF>
#include <QString>

#include "export/MapFigure.h"

namespace meshdiff::test {

// Figure options for a page of `points` (1/72 inch) with text sized as on screen, so that a
// figure of the window's size has the screen's labels: the export path the window and the report take.
inline views::FigureOptions pageOfPoints(QSizeF points, views::FigureFormat format) {
    views::FigureOptions options = views::withPreset(views::FigureOptions{}, views::FigurePreset::Custom, QSizeF());
    options.format = format;
    options.widthInches = points.width() / views::kPointsPerInch;
    options.heightInches = points.height() / views::kPointsPerInch;
    options.fontPoints = 0;
    return options;
}

// The error map of `renderer`'s data and style written as an SVG figure at `path`; its text (labels
// and captions stay text in SVG).
inline QString mapFigureSvgText(const views::ErrorMapRenderer& renderer, QSizeF points, const QString& path) {
    views::writeMapFigure(renderer.sharedData(), renderer.style(), pageOfPoints(points, views::FigureFormat::Svg),
                          path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

}  // namespace meshdiff::test
