#include "map/ErrorMapView.h"

#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleValidator>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QVBoxLayout>

#include "background/BackgroundWork.h"
#include "map/ColorBarLimitDrag.h"
#include "map/ErrorMapCanvas.h"
#include "map/FieldReadout.h"
#include "map/MapControlRows.h"
#include "map/MapSpotlight.h"

namespace meshdiff::views {
namespace {

QLineEdit* limitEdit(const QString& name, const QString& tip, QWidget* parent) {
    auto* edit = new QLineEdit(parent);
    edit->setObjectName(name);
    edit->setToolTip(tip);
    auto* validator = new QDoubleValidator(edit);
    validator->setNotation(QDoubleValidator::ScientificNotation);
    edit->setValidator(validator);
    edit->setFixedWidth(edit->fontMetrics().horizontalAdvance(QStringLiteral("-0.000e-00")) + 14);
    return edit;
}

}  // namespace

ErrorMapView::ErrorMapView(QWidget* parent)
    : QWidget(parent),
      canvas_(new ErrorMapCanvas(this)),
      mode_(new QComboBox(this)),
      scale_(new QComboBox(this)),
      limits_(new QComboBox(this)),
      minimum_(
          limitEdit(QStringLiteral("mapLimitMin"), tr("Lower A−B limit (typing one makes the limits manual)"), this)),
      maximum_(
          limitEdit(QStringLiteral("mapLimitMax"), tr("Upper A−B limit (typing one makes the limits manual)"), this)),
      colorMap_(new QComboBox(this)),
      differenceMap_(new QComboBox(this)),
      coastlines_(new QCheckBox(tr("Coastlines"), this)),
      differences_(new QCheckBox(tr("Differences"), this)),
      graticule_(new QCheckBox(tr("Lat/lon grid"), this)),
      spotlight_(new QCheckBox(tr("Spotlight"), this)),
      cursor_(new QLabel(this)),
      hint_(new QLabel(tr("wheel: zoom · drag: pan · double-click: whole world"), this)) {
    for (MapMode m : {MapMode::Difference, MapMode::AbsDifference, MapMode::A, MapMode::B, MapMode::SideBySide}) {
        mode_->addItem(mapModeName(m), int(m));
    }
    mode_->setObjectName(QStringLiteral("mapMode"));
    scale_->setObjectName(QStringLiteral("mapScale"));
    scale_->addItem(tr("Auto"), int(ScaleChoice::Auto));
    scale_->addItem(tr("Symmetric log"), int(ScaleChoice::SymLog));
    scale_->addItem(tr("Linear"), int(ScaleChoice::Linear));
    scale_->setToolTip(
        tr("A−B scale. Auto: symmetric log (linear within the noise floor) when a few places carry "
           "differences far above the rest, else linear. |A−B| is drawn on a log scale."));
    limits_->setObjectName(QStringLiteral("mapLimits"));
    limits_->addItem(tr("Full range"), int(LimitMode::Full));
    limits_->addItem(tr("Robust (1–99 %)"), int(LimitMode::Robust));
    limits_->addItem(tr("Manual"), int(LimitMode::Manual));
    limits_->setToolTip(tr("A−B limits; manual limits are typed beside, or dragged by the ends of the colour bar"));
    // Each box names the map it draws and shows only when a panel on show uses it.
    colorMap_->setObjectName(QStringLiteral("mapColorMap"));
    for (ColorMapKind kind : kSequentialMaps) colorMap_->addItem(QString::fromStdString(colorMapName(kind)), int(kind));
    colorMap_->setToolTip(tr("Colour map for A, B and |A−B| (sequential, perceptually uniform)"));
    differenceMap_->setObjectName(QStringLiteral("mapDifferenceColorMap"));
    for (ColorMapKind kind : kDivergingMaps)
        differenceMap_->addItem(QString::fromStdString(colorMapName(kind)), int(kind));
    differenceMap_->setToolTip(
        tr("Colour map for A−B, white at 0 (balance: perceptually uniform, even lightness steps; RdBu: "
           "ColorBrewer's blue–white–red)"));
    differenceMap_->setCurrentIndex(differenceMap_->findData(int(style_.differenceMap)));
    coastlines_->setChecked(true);
    differences_->setChecked(true);
    differences_->setToolTip(
        tr("Where the graphs differ: rings and outlines (magenta: only in A; black, dashed "
           "and square: only in B; black ring: the grid point's triangle differs)"));
    graticule_->setChecked(true);
    graticule_->setObjectName(QStringLiteral("mapGraticule"));
    graticule_->setToolTip(tr("Latitude/longitude lines with labelled axes"));
    spotlight_->setObjectName(QStringLiteral("mapSpotlight"));
    spotlight_->setToolTip(
        tr("Dims the map away from where the graphs differ (the diagnosis' \"near\", else %1 mesh spacings "
           "around each difference), so that the local A−B cells stand out")
            .arg(kSpotlightSpacings));
    cursor_->setObjectName(QStringLiteral("mapCursor"));
    cursor_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cursor_->setMinimumHeight(cursor_->fontMetrics().height() + 4);
    // The readout never widens the dock (and so pushes the side panels off a small screen).
    cursor_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto* controls = new MapControlRows(this);
    controls->setObjectName(QStringLiteral("mapControls"));
    QHBoxLayout* shown = controls->firstGroup();
    shown->addWidget(new QLabel(tr("Show"), this));
    shown->addWidget(mode_);
    shown->addWidget(new QLabel(tr("Scale"), this));
    shown->addWidget(scale_);
    QHBoxLayout* limits = controls->secondGroup();
    limits->addWidget(new QLabel(tr("Limits"), this));
    limits->addWidget(limits_);
    limits->addWidget(minimum_);
    limits->addWidget(new QLabel(QStringLiteral("…"), this));
    limits->addWidget(maximum_);
    limits->addWidget(differenceMap_);
    limits->addWidget(colorMap_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(controls);
    layout->addWidget(canvas_, 1);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(cursor_, 1);
    // The overlay toggles sit below the map, so that the row of controls above stays narrow
    // enough for the window to fit a 1600-pixel screen beside its side panels.
    bottom->addWidget(coastlines_);
    bottom->addWidget(differences_);
    bottom->addWidget(graticule_);
    bottom->addWidget(spotlight_);
    // Says how to move the map, where a tooltip would cover it.
    hint_->setObjectName(QStringLiteral("mapNavigationHint"));
    hint_->setEnabled(false);
    hint_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // cut short rather than widen the dock
    bottom->addWidget(hint_);
    layout->addLayout(bottom);

    for (QComboBox* box : {mode_, scale_, limits_, colorMap_, differenceMap_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        connect(box, &QComboBox::currentIndexChanged, this, &ErrorMapView::applyControls);
    }
    showColorMapBoxes();
    for (QCheckBox* box : {coastlines_, differences_, graticule_, spotlight_})
        connect(box, &QCheckBox::toggled, this, &ErrorMapView::applyControls);
    for (QLineEdit* edit : {minimum_, maximum_})
        connect(edit, &QLineEdit::editingFinished, this, &ErrorMapView::applyTypedLimits);
    connect(canvas_, &ErrorMapCanvas::hovered, this, &ErrorMapView::showProbe);
    connect(canvas_, &ErrorMapCanvas::viewportChanged, this, [this](const MapViewport& viewport) {
        style_.viewport = viewport;  // the picture shown keeps its colours: nothing to restyle
        emit viewportChanged(viewport);
    });
    connect(canvas_, &ErrorMapCanvas::clicked, this, [this](const MapProbe& p) { emit pointClicked(p.lat, p.lon); });
    new ColorBarLimitDrag(canvas_, this);
}

void ErrorMapView::setData(std::shared_ptr<const ErrorMapData> mapData) {
    ++restyleGeneration_;  // a restyle in flight is of the old data
    auto renderer = std::make_shared<ErrorMapRenderer>();
    renderer->setStyle(style_);
    renderer->setData(std::move(mapData));
    releaseInBackground(canvas_->setRenderer(std::move(renderer)));
    setCursorText({});
    showLimits();
}

std::shared_ptr<const ErrorMapRenderer> ErrorMapView::showPrepared(std::shared_ptr<const ErrorMapRenderer> renderer) {
    ++restyleGeneration_;
    const bool stale = !(renderer->style() == style_);
    setCursorText({});
    auto previous = canvas_->setRenderer(std::move(renderer));
    showLimits();
    if (stale) requestRestyle();
    return previous;
}

void ErrorMapView::setStyle(const ErrorMapStyle& style) {
    updatingControls_ = true;
    mode_->setCurrentIndex(mode_->findData(int(style.mode)));
    scale_->setCurrentIndex(scale_->findData(int(style.scale)));
    limits_->setCurrentIndex(limits_->findData(int(style.limits.mode)));
    colorMap_->setCurrentIndex(colorMap_->findData(int(style.sequentialMap)));
    differenceMap_->setCurrentIndex(differenceMap_->findData(int(style.differenceMap)));
    coastlines_->setChecked(style.coastlines);
    differences_->setChecked(style.differences);
    graticule_->setChecked(style.graticule);
    spotlight_->setChecked(style.spotlight);
    updatingControls_ = false;
    style_ = style;
    showColorMapBoxes();
    showLimits();
    requestRestyle();
}

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
    ErrorMapStyle style = style_;
    style.mode = MapMode(mode_->currentData().toInt());
    style.scale = ScaleChoice(scale_->currentData().toInt());
    const auto limitMode = LimitMode(limits_->currentData().toInt());
    if (limitMode == LimitMode::Manual && style.limits.mode != LimitMode::Manual) {
        // Manual starts from the limits on show, so that switching changes nothing yet.
        const ColorScale& shown = canvas_->renderer().differenceScale();
        style.limits.manualMin = shown.min;
        style.limits.manualMax = shown.max;
    }
    style.limits.mode = limitMode;
    style.sequentialMap = ColorMapKind(colorMap_->currentData().toInt());
    style.differenceMap = ColorMapKind(differenceMap_->currentData().toInt());
    style.coastlines = coastlines_->isChecked();
    style.differences = differences_->isChecked();
    style.graticule = graticule_->isChecked();
    style.spotlight = spotlight_->isChecked();
    style_ = style;
    showColorMapBoxes();
    showLimits();
    requestRestyle();
    emit styleChanged(style_);
}

void ErrorMapView::showColorMapBoxes() {
    const MapMode mode = style_.mode;
    differenceMap_->setVisible(mode == MapMode::Difference || mode == MapMode::SideBySide);
    colorMap_->setVisible(mode != MapMode::Difference);
}

void ErrorMapView::applyTypedLimits() {
    bool minOk = false, maxOk = false;
    double lo = QLocale().toDouble(minimum_->text(), &minOk);
    const double hi = QLocale().toDouble(maximum_->text(), &maxOk);
    if (style_.mode == MapMode::AbsDifference) {
        // |A−B| runs from its lower end (0, or the log scale's) to max|A−B|: the typed upper limit
        // sets A−B's limits to ±it.
        if (!maxOk || !(hi > 0)) {
            showLimits();
            return;
        }
        lo = -hi;
        minOk = true;
    }
    if (!minOk || !maxOk || !(lo < hi)) {
        showLimits();  // back to the limits in use
        return;
    }
    if (style_.limits.mode == LimitMode::Manual && style_.limits.manualMin == lo && style_.limits.manualMax == hi)
        return;
    style_.limits.mode = LimitMode::Manual;
    style_.limits.manualMin = lo;
    style_.limits.manualMax = hi;
    updatingControls_ = true;
    limits_->setCurrentIndex(limits_->findData(int(LimitMode::Manual)));
    updatingControls_ = false;
    requestRestyle();
    emit styleChanged(style_);
}

void ErrorMapView::setManualLimit(bool upper, double limit, bool finished) {
    if (style_.limits.mode != LimitMode::Manual) {
        const ColorScale& shown = canvas_->renderer().differenceScale();
        style_.limits.manualMin = shown.min;
        style_.limits.manualMax = shown.max;
        style_.limits.mode = LimitMode::Manual;
        updatingControls_ = true;
        limits_->setCurrentIndex(limits_->findData(int(LimitMode::Manual)));
        updatingControls_ = false;
    }
    // The limits never cross: a limit dragged past the other stops just short of it.
    const double span = std::abs(style_.limits.manualMax - style_.limits.manualMin);
    if (upper) style_.limits.manualMax = std::max(limit, style_.limits.manualMin + span * 1e-3);
    else style_.limits.manualMin = std::min(limit, style_.limits.manualMax - span * 1e-3);
    minimum_->setText(QString::fromStdString(formatValue(style_.limits.manualMin)));
    maximum_->setText(QString::fromStdString(formatValue(style_.limits.manualMax)));
    requestRestyle();
    if (finished) emit styleChanged(style_);
}

void ErrorMapView::requestRestyle() {
    ++restyleGeneration_;
    if (!canvas_->renderer().data()) {  // nothing to colour: no need for a worker
        canvas_->setStyle(style_);
        return;
    }
    restyleWanted_ = true;
    if (!restyleRunning_) startRestyle();
}

void ErrorMapView::startRestyle() {
    restyleWanted_ = false;
    restyleRunning_ = true;
    QPointer<ErrorMapView> view(this);
    runInBackground([view, data = canvas_->renderer().sharedData(), style = style_, generation = restyleGeneration_] {
        auto renderer = std::make_shared<ErrorMapRenderer>();
        renderer->setStyle(style);
        renderer->setData(data);
        renderer->prepareImages();
        postTo(view, [view, renderer, generation]() mutable {
            if (view) view->restyleDone(std::move(renderer), generation);
        });
    });
}

void ErrorMapView::restyleDone(std::shared_ptr<ErrorMapRenderer> renderer, int generation) {
    restyleRunning_ = false;
    if (generation == restyleGeneration_) {
        const ColorScale scale = renderer->differenceScale();
        releaseInBackground(canvas_->setRenderer(std::move(renderer)));
        showLimits();
        emit restyled(scale);
    } else {
        releaseInBackground(std::move(renderer));
        // Superseded by a newer style or other data: the newer request follows.
        if (canvas_->renderer().data() && !(canvas_->renderer().style() == style_)) restyleWanted_ = true;
    }
    if (restyleWanted_) startRestyle();
}

void ErrorMapView::showLimits() {
    // |A−B| on show: its own range, which starts at 0 or above (A−B's limits are ±its upper one).
    const bool magnitude = style_.mode == MapMode::AbsDifference;
    const ColorScale& shown = magnitude ? canvas_->renderer().magnitudeScale() : canvas_->renderer().differenceScale();
    const QString what = magnitude ? QStringLiteral("|A−B|") : QStringLiteral("A−B");
    minimum_->setToolTip(magnitude
                             ? tr("Lower |A−B| limit: 0 on a linear scale, the linear band's width on a log scale")
                             : tr("Lower A−B limit (typing one makes the limits manual)"));
    maximum_->setToolTip(tr("Upper %1 limit (typing one makes the limits manual)").arg(what));
    minimum_->setReadOnly(magnitude);
    for (auto [edit, limit] : {std::pair{minimum_, shown.min}, std::pair{maximum_, shown.max}}) {
        if (!edit->hasFocus()) edit->setText(QString::fromStdString(formatValue(limit)));
    }
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
