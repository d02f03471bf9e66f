#pragma once
#include <memory>

#include <QWidget>

#include "map/ErrorMapRenderer.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace meshdiff::views {

class ErrorMapCanvas;

// The 2-D error map of the selected field with its options (A, B, A−B, |A−B| or side by side;
// the A−B scale: auto, symlog or linear; full, robust or manual limits, typed or dragged on the
// colour bar; colour map; coastlines; differences; lat/lon grid) and the value under the cursor.
// The map zooms and pans with the mouse (ErrorMapCanvas). A style change recolours a million grid
// points, so it is prepared on the background pool: the picture shown stays until the new one is
// ready (zoom and pan only move the window and need no new colours).
class ErrorMapView : public QWidget {
    Q_OBJECT
public:
    explicit ErrorMapView(QWidget* parent = nullptr);

    // Shows `mapData` at once (A−B and its scale computed here: small maps, tests).
    void setData(std::shared_ptr<const ErrorMapData> mapData);
    // Shows a renderer whose data, style and images were prepared off the GUI thread (when the
    // view's style changed meanwhile, it is restyled in the background); returns the one it
    // replaces, to free elsewhere.
    std::shared_ptr<const ErrorMapRenderer> showPrepared(std::shared_ptr<const ErrorMapRenderer> renderer);
    void setStyle(const ErrorMapStyle& style);             // updates the controls too
    const ErrorMapStyle& style() const { return style_; }  // the latest asked for
    const ErrorMapRenderer& renderer() const;              // what is shown
    bool isRestyling() const { return restyleRunning_; }
    QString cursorText() const;  // "lat …, lon …: A … B … A−B …" or empty
    QWidget* canvas() const;
    // Moves one A−B limit (as a drag on the colour bar does): the limits become manual.
    void setManualLimit(bool upper, double value, bool finished);
    // The lon/lat window shown (also style().viewport); the controls are not touched.
    void setViewport(const MapViewport& viewport);

signals:
    void styleChanged(const meshdiff::views::ErrorMapStyle& style);
    // A picture in a new style is on show: its A−B scale is the one the globe drapes with.
    void restyled(const meshdiff::views::ColorScale& differenceScale);
    void pointClicked(double lat, double lon);
    // Zoomed or panned (not styleChanged: the window is not a setting to remember).
    void viewportChanged(const meshdiff::views::MapViewport& viewport);

private:
    void applyControls();
    void applyTypedLimits();
    void requestRestyle();
    void startRestyle();
    void restyleDone(std::shared_ptr<ErrorMapRenderer> renderer, int generation);
    void showLimits();
    void showColorMapBoxes();
    void showProbe(const std::optional<MapProbe>& probe);
    void setCursorText(const QString& text);

    ErrorMapCanvas* canvas_;
    QComboBox* mode_;
    QComboBox* scale_;
    QComboBox* limits_;
    QLineEdit* minimum_;
    QLineEdit* maximum_;
    QComboBox* colorMap_;       // A, B and |A−B|: the sequential maps
    QComboBox* differenceMap_;  // A−B: the diverging maps
    QCheckBox* coastlines_;
    QCheckBox* differences_;
    QCheckBox* graticule_;
    QCheckBox* spotlight_;
    QLabel* cursor_;
    ErrorMapStyle style_;
    QLabel* hint_;
    bool updatingControls_ = false;
    int restyleGeneration_ = 0;  // a restyled picture of an older generation is dropped
    bool restyleRunning_ = false, restyleWanted_ = false;
};

}  // namespace meshdiff::views
