#include "map/ErrorMapView.h"

#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "map/ErrorMapCanvas.h"
#include "map/FieldReadout.h"

namespace meshdiff::views {
ErrorMapView::ErrorMapView(QWidget* parent)
    : QWidget(parent),
      canvas_(new ErrorMapCanvas(this)),
      mode_(new QComboBox(this)),
      limits_(new QComboBox(this)),
      colorMap_(new QComboBox(this)),
      coastlines_(new QCheckBox(tr("Coastlines"), this)),
      differences_(new QCheckBox(tr("Differences"), this)),
      graticule_(new QCheckBox(tr("Lat/lon grid"), this)),
      cursor_(new QLabel(this)),
      hint_(new QLabel(tr("wheel: zoom · drag: pan · double-click: whole world"), this)) {
    for (MapMode m : {MapMode::Difference, MapMode::A, MapMode::B, MapMode::SideBySide}) {
        mode_->addItem(mapModeName(m), int(m));
    }
    mode_->setObjectName(QStringLiteral("mapMode"));
    limits_->addItem(tr("Full range"), int(LimitMode::Full));
    limits_->addItem(tr("Robust (1–99 %)"), int(LimitMode::Robust));
    colorMap_->addItem(QStringLiteral("viridis"), int(ColorMapKind::Viridis));
    colorMap_->addItem(QStringLiteral("cividis"), int(ColorMapKind::Cividis));
    colorMap_->setToolTip(tr("Colour map for A and B (A−B uses a diverging map centred on 0)"));
    coastlines_->setChecked(true);
    differences_->setChecked(true);
    differences_->setToolTip(
        tr("Where the graphs differ: rings and outlines (magenta: only in A; black, dashed "
           "and square: only in B; black ring: the grid point's triangle differs)"));
    graticule_->setChecked(true);
    graticule_->setObjectName(QStringLiteral("mapGraticule"));
    graticule_->setToolTip(tr("Latitude/longitude lines with labelled axes"));
    cursor_->setObjectName(QStringLiteral("mapCursor"));
    cursor_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cursor_->setMinimumHeight(cursor_->fontMetrics().height() + 4);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Show"), this));
    controls->addWidget(mode_);
    controls->addWidget(new QLabel(tr("Limits"), this));
    controls->addWidget(limits_);
    controls->addWidget(colorMap_);
    controls->addWidget(coastlines_);
    controls->addWidget(differences_);
    controls->addWidget(graticule_);
    controls->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(controls);
    layout->addWidget(canvas_, 1);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(cursor_, 1);
    // Says how to move the map, where a tooltip would cover it.
    hint_->setObjectName(QStringLiteral("mapNavigationHint"));
    hint_->setEnabled(false);
    bottom->addWidget(hint_);
    layout->addLayout(bottom);

    for (QComboBox* box : {mode_, limits_, colorMap_}) {
        connect(box, &QComboBox::currentIndexChanged, this, &ErrorMapView::applyControls);
    }
    for (QCheckBox* box : {coastlines_, differences_, graticule_})
        connect(box, &QCheckBox::toggled, this, &ErrorMapView::applyControls);
    connect(canvas_, &ErrorMapCanvas::hovered, this, &ErrorMapView::showProbe);
    connect(canvas_, &ErrorMapCanvas::viewportChanged, this, &ErrorMapView::viewportChanged);
    connect(canvas_, &ErrorMapCanvas::clicked, this, [this](const MapProbe& p) { emit pointClicked(p.lat, p.lon); });
}

void ErrorMapView::setData(std::shared_ptr<const ErrorMapData> mapData) {
    canvas_->renderer().setData(std::move(mapData));
    setCursorText({});
    canvas_->update();
}

std::shared_ptr<ErrorMapRenderer> ErrorMapView::showPrepared(std::shared_ptr<ErrorMapRenderer> renderer) {
    const ErrorMapStyle current = style();
    if (!(renderer->style() == current)) renderer->setStyle(current);
    setCursorText({});
    return canvas_->setRenderer(std::move(renderer));
}

void ErrorMapView::setStyle(const ErrorMapStyle& style) {
    updatingControls_ = true;
    mode_->setCurrentIndex(mode_->findData(int(style.mode)));
    limits_->setCurrentIndex(limits_->findData(int(style.limits.mode)));
    colorMap_->setCurrentIndex(colorMap_->findData(int(style.sequentialMap)));
    coastlines_->setChecked(style.coastlines);
    differences_->setChecked(style.differences);
    graticule_->setChecked(style.graticule);
    updatingControls_ = false;
    canvas_->renderer().setStyle(style);
    canvas_->update();
}

const ErrorMapStyle& ErrorMapView::style() const { return canvas_->renderer().style(); }
const ErrorMapRenderer& ErrorMapView::renderer() const { return canvas_->renderer(); }
QString ErrorMapView::cursorText() const { return cursor_->text(); }

// The hint shows while nothing is under the mouse (it would only make the row wider).
void ErrorMapView::setCursorText(const QString& text) {
    cursor_->setText(text);
    hint_->setVisible(text.isEmpty());
}
QWidget* ErrorMapView::canvas() const { return canvas_; }
void ErrorMapView::setViewport(const MapViewport& viewport) { canvas_->setViewport(viewport); }

void ErrorMapView::applyControls() {
    if (updatingControls_) return;
    ErrorMapStyle style = canvas_->renderer().style();
    style.mode = MapMode(mode_->currentData().toInt());
    style.limits.mode = LimitMode(limits_->currentData().toInt());
    style.sequentialMap = ColorMapKind(colorMap_->currentData().toInt());
    style.coastlines = coastlines_->isChecked();
    style.differences = differences_->isChecked();
    style.graticule = graticule_->isChecked();
    canvas_->renderer().setStyle(style);
    canvas_->update();
    emit styleChanged(style);
}

void ErrorMapView::showProbe(const std::optional<MapProbe>& probe) {
    if (!probe) {
        setCursorText({});
        return;
    }
    const ErrorMapData* shown = canvas_->renderer().data();
    setCursorText(fieldReadout(probe->lat, probe->lon, probe->a, probe->b, shown ? shown->units : std::string(),
                               probe->gridIndex));
}

}  // namespace meshdiff::views
