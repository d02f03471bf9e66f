#include "map/ErrorMapCanvas.h"

#include <cmath>
#include <utility>

#include <QApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPointer>
#include <QTimer>
#include <QWheelEvent>

#include "background/BackgroundWork.h"

namespace meshdiff::views {
namespace {

constexpr double kZoomPerWheelStep = 1.25;
constexpr double kKeyPanFraction = 0.1;

}  // namespace

ErrorMapCanvas::ErrorMapCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(240, 140);
    setFocusPolicy(Qt::StrongFocus);
    setObjectName(QStringLiteral("errorMapCanvas"));
    setAttribute(Qt::WA_OpaquePaintEvent);  // every paint covers the whole canvas
    // A click waits out the double-click interval: a double-click resets the view and is no
    // click on the point (which would fly the globe there).
    clickDelay_ = new QTimer(this);
    clickDelay_->setSingleShot(true);
    connect(clickDelay_, &QTimer::timeout, this, [this] {
        if (pendingClick_) emit clicked(*std::exchange(pendingClick_, std::nullopt));
    });
}

void ErrorMapCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QRectF target(rect());
    if (!renderer_->data()) {
        renderer_->render(painter, target);  // "No field selected": nothing to colour
    } else if (picture_.image.isNull()) {
        painter.fillRect(target, renderer_->look().paper);  // the first picture is on its way
    } else {
        paintMapPicture(painter, picture_, *renderer_, target);
    }
}

void ErrorMapCanvas::resizeEvent(QResizeEvent*) { requestPicture(); }
void ErrorMapCanvas::showEvent(QShowEvent*) { requestPicture(); }

bool ErrorMapCanvas::isPictureCurrent() const {
    return !renderer_->data() || (!picture_.image.isNull() && picture_.generation == pictureGeneration_);
}

void ErrorMapCanvas::requestPicture() {
    ++pictureGeneration_;
    update();
    if (!renderer_->data()) {  // nothing to draw; the old picture would keep its field alive
        if (picture_.renderer) releaseInBackground(std::make_shared<MapPicture>(std::exchange(picture_, {})));
        return;
    }
    pictureWanted_ = true;
    if (!pictureRunning_) startPicture();
}

void ErrorMapCanvas::startPicture() {
    if (!isVisible() || width() <= 0 || height() <= 0) return;  // showEvent asks again
    pictureWanted_ = false;
    pictureRunning_ = true;
    QPointer<ErrorMapCanvas> canvas(this);
    runInBackground([canvas, renderer = renderer_, size = QSizeF(size()), ratio = devicePixelRatioF(),
                     generation = pictureGeneration_]() mutable {
        auto picture = std::make_shared<MapPicture>(drawMapPicture(std::move(renderer), size, ratio, generation));
        postTo(canvas, [canvas, picture]() mutable {
            if (canvas) canvas->pictureDone(std::move(*picture));
            releaseInBackground(std::move(picture));
        });
    });
}

void ErrorMapCanvas::pictureDone(MapPicture picture) {
    pictureRunning_ = false;
    // Each picture answers a later request than the one on show: even an outdated one is closer
    // to what is asked for now, and stands in until the next.
    if (renderer_->data()) std::swap(picture_, picture);
    update();
    if (picture.renderer) {
        releaseInBackground(std::make_shared<MapPicture>(std::move(picture)));
    }
    if (pictureWanted_) startPicture();
    else if (isPictureCurrent()) emit pictureShown();
}

std::shared_ptr<const ErrorMapRenderer> ErrorMapCanvas::setRenderer(std::shared_ptr<const ErrorMapRenderer> renderer) {
    auto previous = std::exchange(renderer_, std::move(renderer));
    requestPicture();
    return previous;
}

void ErrorMapCanvas::setStyle(const ErrorMapStyle& style) {
    auto restyled = std::make_shared<ErrorMapRenderer>(*renderer_);
    restyled->setStyle(style);
    releaseInBackground(setRenderer(std::move(restyled)));
}

void ErrorMapCanvas::setViewport(const MapViewport& viewport) {
    ErrorMapStyle style = renderer_->style();
    style.viewport = viewport;
    setStyle(style);  // keeps the coloured images: only the window moves
    emit viewportChanged(renderer_->style().viewport);
}

QRectF ErrorMapCanvas::frameAt(const QPointF& position) const {
    const std::vector<QRectF> frames = renderer_->mapFrames(QRectF(rect()));
    for (const QRectF& frame : frames)
        if (frame.contains(position)) return frame;
    return frames.empty() ? QRectF() : frames.front();
}

void ErrorMapCanvas::zoomAt(const QPointF& position, double factor) {
    const QRectF frame = frameAt(position);
    if (frame.isEmpty()) return;
    const QPointF at = frame.contains(position) ? position : frame.center();
    setViewport(zoomedAt(renderer_->style().viewport, (at.x() - frame.left()) / frame.width(),
                         (at.y() - frame.top()) / frame.height(), factor));
}

void ErrorMapCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (pressed_ && !pressFrame_.isEmpty()) {
        const QPointF delta = event->position() - pressPosition_;
        if (std::abs(delta.x()) + std::abs(delta.y()) > 3) dragging_ = true;
        if (dragging_) {
            setCursor(Qt::ClosedHandCursor);
            setViewport(pannedBy(pressViewport_, delta.x() / pressFrame_.width(), delta.y() / pressFrame_.height()));
        }
    }
    emit hovered(renderer_->probe(event->position(), QRectF(rect())));
}

void ErrorMapCanvas::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    pressed_ = true;
    dragging_ = false;
    pressPosition_ = event->position();
    pressViewport_ = renderer_->style().viewport;
    pressFrame_ = frameAt(event->position());
}

void ErrorMapCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !pressed_) return;
    pressed_ = false;
    unsetCursor();
    if (dragging_) return;
    pendingClick_ = renderer_->probe(event->position(), QRectF(rect()));
    if (pendingClick_) clickDelay_->start(QApplication::doubleClickInterval());
}

void ErrorMapCanvas::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    pressed_ = false;
    clickDelay_->stop();
    pendingClick_.reset();
    setViewport({});
    emit hovered(renderer_->probe(event->position(), QRectF(rect())));
}

void ErrorMapCanvas::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return;
    zoomAt(event->position(), std::pow(kZoomPerWheelStep, steps));
    emit hovered(renderer_->probe(event->position(), QRectF(rect())));
    event->accept();
}

void ErrorMapCanvas::keyPressEvent(QKeyEvent* event) {
    const QPointF centre = frameAt(QPointF(rect().center())).center();
    const MapViewport current = renderer_->style().viewport;
    switch (event->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal: zoomAt(centre, kZoomPerWheelStep * kZoomPerWheelStep); break;
        case Qt::Key_Minus: zoomAt(centre, 1.0 / (kZoomPerWheelStep * kZoomPerWheelStep)); break;
        case Qt::Key_0: setViewport({}); break;
        case Qt::Key_Left: setViewport(pannedBy(current, kKeyPanFraction, 0)); break;
        case Qt::Key_Right: setViewport(pannedBy(current, -kKeyPanFraction, 0)); break;
        case Qt::Key_Up: setViewport(pannedBy(current, 0, kKeyPanFraction)); break;
        case Qt::Key_Down: setViewport(pannedBy(current, 0, -kKeyPanFraction)); break;
        default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

void ErrorMapCanvas::leaveEvent(QEvent*) { emit hovered(std::nullopt); }

}  // namespace meshdiff::views
