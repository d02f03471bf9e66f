#pragma once
#include <QPainter>
#include <QRect>

#include "globe/GlobeScene.h"

namespace meshdiff::views {

// Draws the legend (what each colour means, with counts) in the top-left corner of `area` and
// the field overlay's colour bar in the bottom-right, for the layers the scene shows.
// `scale` multiplies sizes (exports larger than the window). On screen the legend stands on dark
// translucent panels; with a valid `paper` (figures) it has no panel, ink that reads on that
// paper and the colour bar without on-screen controls.
void paintGlobeLegend(QPainter& painter, const QRect& area, const GlobeScene& scene, double scale = 1.0,
                      const QColor& paper = QColor());

}  // namespace meshdiff::views
