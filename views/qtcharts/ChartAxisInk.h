#pragma once
#include <QColor>
#include <QFont>

class QAbstractAxis;

namespace meshdiff::views {

// `font` at `pixels` high; unchanged when pixels ≤ 0 (on screen: Qt's font).
QFont fontOfPixels(QFont font, double pixels);

// An axis in one ink: labels and title `tickPixels` high (Qt's when ≤ 0), axis line in `ink`, grid
// lines a faint `ink` (minor ones fainter).
void inkAxis(QAbstractAxis& axis, double tickPixels, const QColor& ink);

}  // namespace meshdiff::views
