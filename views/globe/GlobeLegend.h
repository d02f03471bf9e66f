#pragma once
#include <QPainter>
#include <QRect>

#include "globe/GlobeScene.h"

namespace meshdiff::views {

// Draws the legend (what each colour means, with counts) in the top-left corner of `area` and
// the field overlay's colour bar in the bottom-right, for the layers the scene shows.
// `scale` multiplies sizes (exports larger than the window).
void paintGlobeLegend(QPainter& painter, const QRect& area, const GlobeScene& scene, double scale = 1.0);

}  // namespace meshdiff::views
