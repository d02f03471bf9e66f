#pragma once
#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

#include "colormap/ColorMap.h"
#include "colormap/ScaleHistogram.h"

class QPainter;

// The colour bar of a field, shared by the error map (on screen and in exported figures) and the
// globe's legend: the colour map along the scale's own axis (symlog, log or linear), round ticks,
// a caption that names the scale in use and, for A−B, a histogram of the values on the same axis
// above it with the limits marked (what a user drags to set them). For paper (exported figures)
// there are no on-screen controls: no histogram and no limit handles, the caption wraps instead
// of being cut, and a symlog bar has a tick at every decade on both sides.
namespace meshdiff::views {

struct ColorBarContent {
    ColorScale scale;                           // the colours and the limits
    const ScaleHistogram* histogram = nullptr;  // optional; the bar then spans histogram->axis
    QString caption;                            // e.g. "A−B [K] — symlog, linear within ±3e-5, full range"
    bool dark = false;                          // light text on a dark panel (the globe's legend)
    bool forPaper = false;                      // a figure: no histogram or handles, wrapped caption
};

// Where the parts of a colour bar lie in `area`; sizes scale with `unit` (1 = screen pixels).
struct ColorBarGeometry {
    QRectF histogram;  // empty without a histogram
    QRectF bar;
    ColorScale axis;  // positions along the bar: bar.left() + axis.position(v) · bar.width()
    double limitX(double value) const { return bar.left() + axis.position(value) * bar.width(); }
    double valueAtX(double x) const;
};

// The height, in units, that paintColorBar needs (ticks and caption included; on paper the
// caption has two lines and there is never a histogram).
double colorBarHeight(bool withHistogram, bool forPaper = false);
ColorBarGeometry colorBarGeometry(const QRectF& area, const ColorBarContent& content, double unit);
void paintColorBar(QPainter& painter, const QRectF& area, const ColorBarContent& content, double unit);

// The tick values of a bar about `wanted` labels wide. On paper a symlog scale reaching at least
// a decade past its linear band gets every decade (±10^k within the limits) and 0.
std::vector<double> colorBarTicks(const ColorScale& scale, int wanted, bool forPaper);

// A caption laid out in lines no wider than `width` with `font`, at most two when the font may
// shrink (to 3/4) to make them fit; never elided. The font is the one to draw the lines with.
struct CaptionLines {
    QStringList lines;
    QFont font;
};
CaptionLines wrapCaption(const QString& caption, const QFont& font, double width);

// The caption text for a scale: "<what> [units] — <scale>, <limits>".
QString colorBarCaption(const QString& what, const std::string& units, const ColorScale& scale);

}  // namespace meshdiff::views
