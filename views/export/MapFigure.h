#pragma once
#include <memory>
#include <optional>
#include <vector>

#include <QImage>
#include <QSize>
#include <QSizeF>
#include <QString>

#include "export/DifferenceLegend.h"
#include "export/FigureOptions.h"
#include "export/FigureWriter.h"
#include "map/ErrorMapRenderer.h"

namespace meshdiff::views {

// Paper, ink and text size of a figure drawn in device units of which `unitsPerInch` make an
// inch (72 for PDF and SVG, the DPI for PNG).
MapLook figureLook(const FigureOptions& options, double unitsPerInch);

// The page height (inches) of the map drawn `options.widthInches` wide: the options' height when
// set, else as tall as the maps, titles and colour bars need (no blank band). Side-by-side maps
// stand in a row when each is at least 2 inches wide, else one above the other.
double mapFigureHeightInches(const ErrorMapData* data, const ErrorMapStyle& style, const FigureOptions& options);

// The legend in words under the maps of that figure: the marks they draw at the figure's size (a
// numbered ring only where close differences share one, the "near" outline only once it is drawn).
std::vector<DifferenceLegendEntry> mapFigureLegend(std::shared_ptr<const ErrorMapData> data, const ErrorMapStyle& style,
                                                   const FigureOptions& options);

// Draws the error map of `data` in `style` (as the window shows it: mode, limits, layers, view)
// as a PNG, PDF or SVG figure (options.format). PDF and SVG keep lines and text as vectors with
// the field as one picture clipped to each map frame, on a page exactly the figure's size.
// Throws meshdiff::Error naming the file when it cannot be written. Runs on any thread.
FigureFile writeMapFigure(std::shared_ptr<const ErrorMapData> data, const ErrorMapStyle& style,
                          const FigureOptions& options, const QString& path);

// The same figure as a picture of pixelSize(options, heightInches) on the options' paper (an
// animation's frame), with `scales` instead of the data's when given. Runs on any thread.
QImage mapFigureImage(std::shared_ptr<const ErrorMapData> data, const ErrorMapStyle& style,
                      const FigureOptions& options, double heightInches,
                      const std::optional<FixedMapScales>& scales = std::nullopt);

}  // namespace meshdiff::views
