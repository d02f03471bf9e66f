#pragma once
#include <QString>

// The view keys only a session holds (the window's settings do not remember them: a new window
// shows the whole world and the globe as it always does). The rest are the settings' keys
// (SettingsKeys.h).
namespace meshdiff::gui::session {

inline const QString kMapZoom = QStringLiteral("map/zoom");  // MapViewport
inline const QString kMapCenterLon = QStringLiteral("map/centerLon");
inline const QString kMapCenterLat = QStringLiteral("map/centerLat");
inline const QString kMapNearOutline = QStringLiteral("map/nearOutline");  // the diagnosis' "near", outlined
inline const QString kGlobeCameraLat = QStringLiteral("globe/cameraLat");  // GlobeCamera, degrees
inline const QString kGlobeCameraLon = QStringLiteral("globe/cameraLon");
inline const QString kGlobeCameraDistance = QStringLiteral("globe/cameraDistance");  // Earth radii
// The selected difference: {"kind": "triangle", "grid", "mesh", "run", "diffIndex", "lat", "lon"}.
inline const QString kSelectedDifference = QStringLiteral("inspector/difference");
inline const QString kInspectedPoint = QStringLiteral("inspector/point");        // {"lat", "lon"}: a map click
inline const QString kDocksShown = QStringLiteral("docks/shown");                // {"mapDock": true, …}
inline const QString kDocksRaised = QStringLiteral("docks/raised");              // the docks in front of their tabs
inline const QString kMapInTheMiddle = QStringLiteral("layout/mapInTheMiddle");  // View ▸ Swap Globe and Map
inline const QString kFieldsFilter = QStringLiteral("fields/filter");            // the field table's filter text
inline const QString kFieldsSortColumn = QStringLiteral("fields/sortColumn");    // by name: "rel_rms", "corr", …
inline const QString kFieldsSortOrder = QStringLiteral("fields/sortOrder");      // "descending" or "ascending"
// The Rerun dock: the recipe as edited (its parameters, options, environment) and where it runs.
inline const QString kRerunRecipe = QStringLiteral("rerun/recipe");
inline const QString kRerunBackend = QStringLiteral("rerun/backend");      // "local", "ssh:HOST", "slurm"
inline const QString kRerunRemoteDir = QStringLiteral("rerun/remoteDir");  // for SSH

}  // namespace meshdiff::gui::session
