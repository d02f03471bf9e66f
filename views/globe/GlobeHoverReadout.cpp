#include "globe/GlobeHoverReadout.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QTimer>

#include <algorithm>

#include "geo/LatLonText.h"
#include "geo/Vec3.h"
#include "globe/GlobeProjection.h"

namespace meshdiff::views {

constexpr int kHoverIntervalMs = 40;

void GlobeHoverReadout::attach(QObject* context, std::function<void()> update) {
    timer_ = new QTimer(context);
    timer_->setSingleShot(true);
    timer_->setInterval(kHoverIntervalMs);
    QObject::connect(timer_, &QTimer::timeout, context, std::move(update));
}

void GlobeHoverReadout::mouseAt(const QPointF& position) {
    mouse_ = position;
    if (timer_ && !timer_->isActive()) timer_->start();
}

void GlobeHoverReadout::refresh() {
    if (mouse_) mouseAt(*mouse_);
}

void GlobeHoverReadout::clear() {
    mouse_.reset();
    text_.clear();
}

std::optional<std::array<double, 2>> GlobeHoverReadout::locate(const GlobeCamera& camera, const QSize& size) {
    text_.clear();
    if (!mouse_ || size.isEmpty()) return std::nullopt;
    const GlobeProjection projection(camera, size.width(), size.height());
    // Display coordinates count from the bottom left.
    const auto hit = projection.sphereHit(mouse_->x(), size.height() - mouse_->y());
    if (!hit) return std::nullopt;
    const double lat = latitudeOf(*hit), lon = longitudeOf(*hit);
    text_ = readout_ ? readout_(lat, lon) : QString::fromStdString(latLonLabel(lat, lon));
    return std::array<double, 2>{lat, lon};
}

void GlobeHoverReadout::paint(QPainter& painter, const QRect& area) const {
    if (text_.isEmpty()) return;
    painter.save();
    QFont font = painter.font();
    font.setPixelSize(12);
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    const QStringList lines = text_.split(QLatin1Char('\n'));
    const double pad = 6, lineHeight = metrics.height();
    double textWidth = 0;
    for (const QString& line : lines) textWidth = std::max(textWidth, metrics.horizontalAdvance(line));
    const double width = std::min(textWidth + 2 * pad, area.width() * 0.62);
    const double height = lineHeight * double(lines.size()) + 2 * pad;
    const QRectF panel(area.left() + 8, area.bottom() - 8 - height, width, height);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(20, 22, 28, 200));
    painter.drawRoundedRect(panel, 6, 6);
    painter.setPen(QColor(235, 235, 235));
    for (int i = 0; i < lines.size(); ++i)
        painter.drawText(
            QRectF(panel.left() + pad, panel.top() + pad + lineHeight * i, panel.width() - 2 * pad, lineHeight),
            Qt::AlignLeft | Qt::AlignVCenter, metrics.elidedText(lines[i], Qt::ElideRight, panel.width() - 2 * pad));
    painter.restore();
}

}  // namespace meshdiff::views
