#pragma once
#include <array>
#include <functional>
#include <optional>

#include <QPointF>
#include <QRect>
#include <QSize>
#include <QString>

#include "globe/GlobeCamera.h"

class QObject;
class QPainter;
class QTimer;

namespace meshdiff::views {

// The globe's hover readout: where the mouse is on the globe and what the readout function says
// there, painted at the bottom left. Mouse moves are coalesced: the owner's update runs at most
// every 40 ms.
class GlobeHoverReadout {
public:
    using Readout = std::function<QString(double lat, double lon)>;

    // `update` runs on `context`'s thread after mouse moves, at most every 40 ms.
    void attach(QObject* context, std::function<void()> update);
    void mouseAt(const QPointF& position);
    // The globe moved under a still mouse: update soon, as after a move.
    void refresh();
    void setReadout(Readout readout) { readout_ = std::move(readout); }
    // The (lat, lon) under the last mouse position seen by `camera` on a widget of `size`;
    // sets the text. None (and no text) off the globe or with the mouse away.
    std::optional<std::array<double, 2>> locate(const GlobeCamera& camera, const QSize& size);
    void clear();
    const QString& text() const { return text_; }
    void paint(QPainter& painter, const QRect& area) const;

private:
    QTimer* timer_ = nullptr;
    std::optional<QPointF> mouse_;
    Readout readout_;
    QString text_;
};

}  // namespace meshdiff::views
