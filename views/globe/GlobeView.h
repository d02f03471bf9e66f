#pragma once
#include <memory>

#include <QImage>
#include <QPainter>
#include <QString>
#include <QWidget>

#include "globe/GlobeScene.h"

namespace meshdiff::views {

class GlobeRenderer;

// The 3-D globe: Earth with coastlines, the icosahedral mesh and where two graphs differ.
// VTK renders offscreen into its own framebuffer on a Qt OpenGL context; the widget paints the
// picture and the legend with QPainter. Software OpenGL draws this far faster than a
// QOpenGLWidget, whose composition costs a full-window textured pass per frame.
class GlobeView : public QWidget {
    Q_OBJECT
public:
    explicit GlobeView(QWidget* parent = nullptr);
    ~GlobeView() override;

    // While the view is on screen the scene is built on a worker thread and replaces the one
    // shown when it is ready (sceneShown); keepAlive owns what the scene's pointers point into.
    void setScene(const GlobeScene& scene, std::shared_ptr<const void> keepAlive = {});
    const GlobeScene& scene() const;  // the latest scene set, shown or on its way
    bool sceneReady() const;
    void setFieldOverlay(const FieldOverlay& overlay);  // empty overlay removes it
    void setLayerVisible(GlobeLayer layer, bool visible);
    bool layerVisible(GlobeLayer layer) const;
    void setMeshLevel(int level);
    int availableMeshLevels() const;  // number of levels M0…, 1 when only the finest faces exist
    void highlight(const GlobePick& pick);  // marks one item (None clears)
    bool linesAsTexture() const;  // mesh and coastlines drawn as a texture (overview zoom)
    void setHorizonCulling(bool on);

    void flyTo(double latDeg, double lonDeg, int durationMs = 600);
    void lookAt(double latDeg, double lonDeg, double distanceRadii = 4.2);  // no animation
    void rotateBy(double degrees);  // about the polar axis (benchmarks, key arrows)

    // Renders offscreen at width×height pixels, independent of the window size.
    bool saveImage(const QString& path, int width, int height);
    // The picture as shown: the rendered globe with its legend, at device pixels.
    QImage grabFramebuffer();

signals:
    void picked(const meshdiff::views::GlobePick& pick);
    void frameRendered(double milliseconds);
    void sceneShown();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void markInteractive();
    void adoptRenderer(std::shared_ptr<GlobeRenderer> renderer, std::shared_ptr<const void> keepAlive,
                       int generation, int fieldGeneration);
    void requestFrame();
    bool renderFrame();  // false when no OpenGL context could be made
    void paintLegend(QPainter& painter);
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace meshdiff::views
