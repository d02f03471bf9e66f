#pragma once
#include <optional>

#include <QObject>

#include "colorbar/ColorBarPainter.h"

namespace meshdiff::views {

class ErrorMapCanvas;
class ErrorMapView;

// Lets a user drag the A−B limits by their handles on the map's colour bar (an event filter on
// the canvas: presses elsewhere go on to the canvas's own handling). The bar's axis is frozen at
// the press, so that the value under the cursor does not shift while the picture is restyled.
class ColorBarLimitDrag : public QObject {
    Q_OBJECT
public:
    ColorBarLimitDrag(ErrorMapCanvas* canvas, ErrorMapView* view);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    std::optional<bool> handleAt(const QPointF& position, ColorBarGeometry& geometry) const;  // upper?

    ErrorMapCanvas* canvas_;
    ErrorMapView* view_;
    std::optional<bool> dragging_;  // which limit: true = upper
    ColorBarGeometry geometry_;
};

}  // namespace meshdiff::views
