#pragma once
#include <QColor>
#include <QString>

namespace meshdiff::views {

// How a figure of the error map looks on paper, beside its style: the paper and ink colours and
// how large text and lines are. On screen the defaults apply.
struct MapLook {
    QColor paper = Qt::white;
    QColor ink = Qt::black;  // titles, frames, colour bar ticks and labels
    // Device units per design unit (fonts 11–13 units, lines 0.8–2 units); 0: from the size of
    // each panel, as on screen. Figures set it so that text has a size in points.
    double unit = 0;
    // A figure: colour bars without the on-screen histogram and limit handles, captions wrapped,
    // and no short marker legend in the title row (the figure states the marks in words below).
    bool forPaper = false;
    QString title;  // a single map's title; side by side, each panel's before its run; empty: the field's name
    bool operator==(const MapLook&) const = default;
};

}  // namespace meshdiff::views
