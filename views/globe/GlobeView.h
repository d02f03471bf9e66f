#pragma once
#include <functional>
#include <memory>

#include <QImage>
#include <QPainter>
#include <QString>
#include <QWidget>

#include "globe/GlobeHoverReadout.h"
#include "globe/GlobeRenderer.h"
#include "globe/GlobeScene.h"

namespace meshdiff::views {

// What a GlobeView shows at one moment, for pictures rendered on another thread: keepAlive
// owns what the scene's pointers point into.
struct GlobeSnapshot {
    GlobeScene scene;
    GlobeCamera camera;
    GlobePick highlight;
    bool horizonCulling = true;
    std::shared_ptr<const void> keepAlive;
    QSize viewPixels;  // the view's size in device pixels
};

// The 3-D globe: Earth with coastlines, the icosahedral mesh and where two graphs differ.
// VTK renders offscreen on a thread of its own (its own Qt OpenGL context), so the GUI thread
// never waits for software OpenGL; the widget paints the pictures it gets and the legend with
// QPainter (a QOpenGLWidget's composition alone costs a full-window textured pass per frame).
// Picks arrive asynchronously through picked().
class GlobeView : public QWidget {
    Q_OBJECT
public:
    explicit GlobeView(QWidget* parent = nullptr);
    ~GlobeView() override;

    // The scene is built on a worker thread and replaces the one shown when it is ready
    // (sceneShown); until then the old scene still turns with the camera. keepAlive owns what
    // the scene's pointers point into.
    void setScene(const GlobeScene& scene, std::shared_ptr<const void> keepAlive = {});
    const GlobeScene& scene() const;  // the latest scene set, shown or on its way
    // Draws the mesh-and-coastline texture of a coming scene on a worker now (the graphs are
    // known before their differences are), so that setScene finds it drawn; kept until a scene
    // is shown. `scene` gives the layers and mesh level, `mesh` the graph drawn. Any thread.
    static void prepareLineTexture(const GlobeScene& scene, std::shared_ptr<const MeshGraph> mesh);
    // Draws the coastlines-only texture (fields-only pairs, a hidden mesh) on a worker now, kept
    // for the process, so that no scene waits for it; ~0.1 s of CPU and 85 MB. Any thread.
    static void prepareCoastlineTexture();
    bool isBuildingScene() const;
    bool hasFrame() const;                              // a picture was rendered and is shown
    void setFieldOverlay(const FieldOverlay& overlay);  // empty overlay removes it
    void setLayerVisible(GlobeLayer layer, bool visible);
    bool layerVisible(GlobeLayer layer) const;
    void setMeshLevel(int level);
    int availableMeshLevels() const;        // number of levels M0…, 1 when only the finest faces exist
    void highlight(const GlobePick& pick);  // marks one item (None clears)
    bool linesAsTexture() const;            // mesh and coastlines drawn as a texture (overview zoom)
    void setHorizonCulling(bool on);

    // Ends with the point at the centre of uncoveredArea(), not under the legend or colour bar.
    void flyTo(double latDeg, double lonDeg, int durationMs = 600);
    QRectF uncoveredArea() const;  // the view less its legend and colour bar panels, as last painted
    void lookAt(double latDeg, double lonDeg, double distanceRadii = 4.2);  // no animation
    void rotateBy(double degrees);  // about the polar axis (benchmarks, key arrows)
    void resetView();               // flies back to the whole globe, as a new window shows it
    GlobeCamera camera() const;

    // The view as it is now, rendered offscreen at width×height pixels by the returned function,
    // which runs on any thread (VTK's own offscreen window) and keeps the scene's data alive.
    std::function<QImage()> imageRenderer(int width, int height) const;
    GlobeSnapshot snapshot() const;
    // The picture as shown: the rendered globe with its legend, at device pixels.
    QImage grabFramebuffer();

    // What the hover readout says at (lat, lon) under the mouse, e.g. the field's values there;
    // called on the GUI thread at most every 40 ms, so it must be quick. Without one the readout
    // says where the mouse is.
    using HoverReadout = GlobeHoverReadout::Readout;
    void setHoverReadout(HoverReadout readout);
    QString hoverText() const;  // the readout shown at the bottom left; empty off the globe

signals:
    void picked(const meshdiff::views::GlobePick& pick);
    void frameRendered(double milliseconds);
    void sceneShown();
    // The line texture of the scene shown is in OpenGL at every level (uploaded when idle).
    void lineTexturesUploaded();
    void hovered(double lat, double lon);  // the point of the globe under the mouse (throttled)

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void markInteractive();
    void uploadLineTexturesWhenIdle();
    void setCamera(const GlobeCamera& camera);
    void flyToCamera(const GlobeCamera& target, int durationMs);
    // Runs `change` on the renderer on screen, on the render thread, then asks for a frame.
    void changeRenderer(std::function<void(GlobeRenderer&)> change);
    void requestFrame();
    void requestFrameOnceLaidOut();
    void pumpFrames();
    void frameArrived(const QImage& image, double milliseconds, bool linesAsTexture);
    void sceneBuilt(std::shared_ptr<GlobeRenderer> renderer, std::shared_ptr<const void> keepAlive, int generation,
                    int fieldGeneration);
    void sceneAdopted(int generation);
    void pickArrived(const GlobePick& pick, int generation);
    void paintLegend(QPainter& painter);
    void updateHover();
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace meshdiff::views
