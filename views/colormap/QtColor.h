#pragma once
#include <QColor>

#include "colormap/ColorMap.h"

namespace meshdiff::views {

// A colour of the plain C++ colour maps as Qt paints it.
inline QColor toQColor(Rgb c, int alpha = 255) { return QColor(c.r, c.g, c.b, alpha); }

}  // namespace meshdiff::views
