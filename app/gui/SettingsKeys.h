#pragma once
#include <QString>

// Every QSettings key the window uses, in one place (organisation "meshdiff", application "meshdiff").
namespace meshdiff::gui::settings {

inline const QString kWindowGeometry = QStringLiteral("window/geometry");
inline const QString kWindowState = QStringLiteral("window/state");
inline const QString kRecentPairs = QStringLiteral("runs/recentPairs");  // list of "A\nB"
inline const QString kLastFolder = QStringLiteral("runs/lastFolder");
inline const QString kMapMode = QStringLiteral("map/mode");
inline const QString kMapLimits = QStringLiteral("map/limits");
inline const QString kMapScale = QStringLiteral("map/scale");
inline const QString kMapManualMin = QStringLiteral("map/manualMin");
inline const QString kMapManualMax = QStringLiteral("map/manualMax");
inline const QString kMapColorMap = QStringLiteral("map/colorMap");
inline const QString kMapCoastlines = QStringLiteral("map/coastlines");
inline const QString kMapDifferences = QStringLiteral("map/differences");
inline const QString kMapGraticule = QStringLiteral("map/graticule");
inline const QString kMapSpotlight = QStringLiteral("map/spotlight");
inline const QString kMapDifferenceColorMap = QStringLiteral("map/differenceColorMap");
inline const QString kGlobeLayers = QStringLiteral("globe/visibleLayers");   // list of layer numbers
inline const QString kGlobeLayerCount = QStringLiteral("globe/layerCount");  // how many layers the list knew
inline const QString kGlobeMeshLevel = QStringLiteral("globe/meshLevel");
inline const QString kFieldsAreaWeighted = QStringLiteral("fields/areaWeighted");
inline const QString kFieldsRegion = QStringLiteral("fields/region");
inline const QString kFieldsGrouped = QStringLiteral("fields/groupedByVariable");
inline const QString kExportWidth = QStringLiteral("export/width");
inline const QString kExportHeight = QStringLiteral("export/height");
inline const QString kExportFolder = QStringLiteral("export/folder");
// The animation dialog's last choices: AnimationFormat, frames a second, FigurePreset, DPI.
inline const QString kAnimationFormat = QStringLiteral("export/animationFormat");
inline const QString kAnimationFps = QStringLiteral("export/animationFps");
inline const QString kAnimationSize = QStringLiteral("export/animationSize");
inline const QString kAnimationDpi = QStringLiteral("export/animationDpi");

constexpr int kMaxRecentPairs = 8;

}  // namespace meshdiff::gui::settings
