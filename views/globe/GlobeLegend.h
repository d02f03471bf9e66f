#pragma once
#include <QPainter>
#include <QRect>

#include "globe/GlobeScene.h"

namespace meshdiff::views {

// Draws the legend (what each colour means, with counts) in the top-left corner of `area` and
// the field overlay's colour bar in the bottom-right, for the layers the scene shows.
// `scale` multiplies sizes (exports larger than the window). On screen the legend stands on dark
// translucent panels; with a valid `paper` (figures) it has no panel, ink that reads on that
// paper and the colour bar without on-screen controls. On screen, a legend that would cover more
// than 45 % of the height (a low window's strip of globe) is given in brief: the runs by letter,
// the words without their explanations.
void paintGlobeLegend(QPainter& painter, const QRect& area, const GlobeScene& scene, double scale = 1.0,
                      const QColor& paper = QColor());

}  // namespace meshdiff::views
