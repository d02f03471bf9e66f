// MainWindow's settings: window layout, globe layers and mesh level, the error map's style, the
// field table's numbers (area-weighted or grid points, region) and grouping and the recent pairs. Written on a worker
// (views::saveSettingsInBackground) where the GUI thread waits.
#include <QSettings>

#include "background/BackgroundWork.h"
#include "fieldtable/FieldTableView.h"
#include "gui/MainWindow.h"
#include "gui/MapStyleSettings.h"
#include "gui/SettingsKeys.h"
#include "map/ErrorMapView.h"

namespace meshdiff::gui {

void MainWindow::restoreSettings() {
    views::waitForSettingsWrites();
    QSettings settings;
    runs_->restoreSettings(settings);
    restoreGeometry(settings.value(settings::kWindowGeometry).toByteArray());
    restoreState(settings.value(settings::kWindowState).toByteArray());
    globeScene_->restoreSettings(savedValueOf(settings));
    map_->setStyle(savedMapStyle(settings));
    fields_->metricBar()->setChoice({settings.value(settings::kFieldsAreaWeighted, true).toBool(),
                                     settings.value(settings::kFieldsRegion, "global").toString().toStdString()});
    fields_->setGrouped(settings.value(settings::kFieldsGrouped, false).toBool());
    const views::MetricChoice& restored = fields_->metricChoice();
    scorecard_->setRegion(restored.isGlobal() ? "global" : restored.region);
}

// On the one settings writer thread, like every other write: two QSettings writing the same file
// from two threads can let the later sync write back the other's stale copy.
void MainWindow::saveSettings() const {
    std::vector<std::pair<QString, QVariant>> values{{settings::kWindowGeometry, saveGeometry()},
                                                     {settings::kWindowState, saveState()}};
    for (auto& value : globeScene_->settingsValues()) values.push_back(std::move(value));
    for (auto& value : mapStyleSettings(map_->style())) values.push_back(std::move(value));
    const views::MetricChoice& metric = fields_->metricChoice();
    values.emplace_back(settings::kFieldsAreaWeighted, metric.areaWeighted);
    values.emplace_back(settings::kFieldsRegion, QString::fromStdString(metric.region));
    values.emplace_back(settings::kFieldsGrouped, fields_->grouped());
    views::saveSettingsInBackground(std::move(values));
}

}  // namespace meshdiff::gui
