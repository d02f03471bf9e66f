#pragma once
#include <memory>
#include <vector>

#include <QImage>
#include <QRectF>
#include <QSizeF>

#include "map/ErrorMapRenderer.h"

class QPainter;

namespace meshdiff::views {

// A whole error map (field, overlays, graticule, colour bar) drawn by a worker at the canvas's
// size and pixel ratio, and what it shows: the canvas only blits it. Drawing a 0.1° field into
// a window takes 30–200 ms, far too long for the GUI thread.
struct MapPicture {
    QImage image;                                      // device pixels, with their ratio
    std::shared_ptr<const ErrorMapRenderer> renderer;  // the renderer (style, viewport) drawn
    QSizeF size;                                       // in logical pixels
    std::vector<QRectF> frames;                        // its map frames
    int generation = 0;                                // the canvas's request it answers
};

// Runs on a worker: `renderer` is not changed while it draws.
MapPicture drawMapPicture(std::shared_ptr<const ErrorMapRenderer> renderer, const QSizeF& size, double pixelRatio,
                          int generation);

// Paints `picture` into `target` as `now` (the renderer on show since) would place it: at rest it is
// blitted pixel for pixel; after a zoom or pan its map frames move to the new view window; after a
// resize or restyle it is scaled to the target until the new picture is ready.
void paintMapPicture(QPainter& painter, const MapPicture& picture, const ErrorMapRenderer& now, const QRectF& target);

}  // namespace meshdiff::views
