#pragma once
#include <memory>

#include <QWidget>

#include "map/ErrorMapRenderer.h"

class QCheckBox;
class QComboBox;
class QLabel;

namespace meshdiff::views {

class ErrorMapCanvas;

// The 2-D error map of the selected field with its options (A, B, A−B or side by side; full or
// robust limits; colour map; coastlines; differences; grid) and the value under the cursor.
// The map zooms and pans with the mouse (ErrorMapCanvas).
class ErrorMapView : public QWidget {
    Q_OBJECT
public:
    explicit ErrorMapView(QWidget* parent = nullptr);

    void setData(std::shared_ptr<const ErrorMapData> mapData);
    // Shows a renderer whose data, style and images were prepared off the GUI thread (the view's
    // current style wins if it changed meanwhile); returns the one it replaces, to free elsewhere.
    std::shared_ptr<ErrorMapRenderer> showPrepared(std::shared_ptr<ErrorMapRenderer> renderer);
    void setStyle(const ErrorMapStyle& style);  // updates the controls too
    const ErrorMapStyle& style() const;
    const ErrorMapRenderer& renderer() const;
    QString cursorText() const;  // "lat …, lon …: A … B … A−B …" or empty
    QWidget* canvas() const;
    // The lon/lat window shown (also style().viewport); the controls are not touched.
    void setViewport(const MapViewport& viewport);

signals:
    void styleChanged(const meshdiff::views::ErrorMapStyle& style);
    void pointClicked(double lat, double lon);
    // Zoomed or panned (not styleChanged: the window is not a setting to remember).
    void viewportChanged(const meshdiff::views::MapViewport& viewport);

private:
    void applyControls();
    void showProbe(const std::optional<MapProbe>& probe);
    void setCursorText(const QString& text);

    ErrorMapCanvas* canvas_;
    QComboBox* mode_;
    QComboBox* limits_;
    QComboBox* colorMap_;
    QCheckBox* coastlines_;
    QCheckBox* differences_;
    QCheckBox* graticule_;
    QLabel* cursor_;
    QLabel* hint_;
    bool updatingControls_ = false;
};

}  // namespace meshdiff::views
