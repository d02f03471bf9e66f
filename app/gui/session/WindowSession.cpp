#include "gui/session/WindowSession.h"

#include <algorithm>
#include <memory>

#include <QDockWidget>
#include <QHeaderView>
#include <QJsonObject>
#include <QLineEdit>
#include <QTreeView>

#include "diagnosis/DiagnosisPanel.h"
#include "fieldtable/FieldTableView.h"
#include "globe/GlobeView.h"
#include "gui/MainWindow.h"
#include "gui/MapStyleSettings.h"
#include "gui/SettingsKeys.h"
#include "gui/reactions/LayoutReactions.h"
#include "gui/session/SessionKeys.h"
#include "gui/session/SessionView.h"
#include "inspect/InspectorPanel.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapView.h"
#include "pair/RolloutSession.h"
#include "rerunpanel/RerunPanel.h"

namespace meshdiff::gui {
namespace {

bool sameItem(const views::GlobePick& a, const views::GlobePick& b) {
    return a.kind == b.kind && a.grid == b.grid && a.mesh == b.mesh && a.run == b.run && a.diffIndex == b.diffIndex;
}

void addDocks(const MainWindow& window, SessionView& view) {
    QVariantMap shown;
    QVariantList raised;
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        if (dock->objectName().isEmpty()) continue;
        shown.insert(dock->objectName(), !dock->isHidden());
        // In front of the docks tabbed with it (a dock behind another has nothing on screen).
        if (!dock->isHidden() && !window.tabifiedDockWidgets(dock).isEmpty() && !dock->visibleRegion().isEmpty())
            raised << dock->objectName();
    }
    view.emplace_back(session::kDocksShown, shown);
    view.emplace_back(session::kDocksRaised, raised);
}

void addSelection(const MainWindow& window, SessionView& view) {
    const views::GlobePick& difference = window.session()->selectedDifference();
    const std::optional<views::GlobePick> shown = window.inspector()->shownPick();
    const bool noDifference = difference.kind == views::GlobePick::Kind::None;
    if (!noDifference) view.emplace_back(session::kSelectedDifference, pickValue(difference));
    if (shown && (noDifference || !sameItem(*shown, difference)))  // a point clicked on the map
        view.emplace_back(session::kInspectedPoint, QVariantMap{{"lat", shown->lat}, {"lon", shown->lon}});
}

void addLayoutAndTable(const MainWindow& window, SessionView& view) {
    if (const auto* swap = window.findChild<SwapGlobeAndMapReaction*>())
        view.emplace_back(session::kMapInTheMiddle, swap->mapInTheMiddle());
    const views::FieldTableView& table = *window.fieldTable();
    view.emplace_back(session::kFieldsFilter, table.filterEdit()->text());
    view.emplace_back(session::kFieldsSortColumn, table.table()->header()->sortIndicatorSection());
    view.emplace_back(session::kFieldsSortOrder, int(table.table()->header()->sortIndicatorOrder()));
}

void addRerun(const MainWindow& window, SessionView& view) {
    const views::RerunPanel* panel = window.rerunPanel();
    if (!panel) return;
    const QJsonObject request = panel->request();
    view.emplace_back(session::kRerunRecipe, request.value("recipe").toObject().toVariantMap());
    view.emplace_back(session::kRerunBackend, request.value("backend").toString());
    if (request.contains("remote_dir"))
        view.emplace_back(session::kRerunRemoteDir, request.value("remote_dir").toString());
}

// After the pair is shown: its load chooses the recipe made for its runs first.
void applyRerun(MainWindow& window, const SavedValue& value) {
    views::RerunPanel* panel = window.rerunPanel();
    if (!panel) return;
    const QVariantMap recipe = value(session::kRerunRecipe, {}).toMap();
    if (!recipe.value("name").toString().isEmpty()) panel->setRecipe(QJsonObject::fromVariantMap(recipe));
    panel->setWhere(value(session::kRerunBackend, {}).toString(), value(session::kRerunRemoteDir, {}).toString());
}

// Applied before the runs open: the sort and filter hold for the rows to come.
void applyLayoutAndTable(MainWindow& window, const SavedValue& value) {
    if (auto* swap = window.findChild<SwapGlobeAndMapReaction*>();
        swap && value(session::kMapInTheMiddle, {}).isValid())
        swap->keepMapInTheMiddle(value(session::kMapInTheMiddle, false).toBool());
    views::FieldTableView& table = *window.fieldTable();
    table.filterEdit()->setText(value(session::kFieldsFilter, QString()).toString());
    if (value(session::kFieldsSortColumn, {}).isValid())
        table.table()->sortByColumn(value(session::kFieldsSortColumn, 0).toInt(),
                                    Qt::SortOrder(value(session::kFieldsSortOrder, int(Qt::DescendingOrder)).toInt()));
}

void applyDocks(MainWindow& window, const SavedValue& value) {
    const QVariantMap shown = value(session::kDocksShown, {}).toMap();
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        const QVariant wanted = shown.value(dock->objectName());
        if (wanted.isValid() && wanted.toBool() == dock->isHidden()) dock->setVisible(wanted.toBool());
    }
    for (const QVariant& name : value(session::kDocksRaised, {}).toList())
        if (auto* dock = window.findChild<QDockWidget*>(name.toString()); dock && !dock->isHidden()) dock->raise();
}

// What the pair's load sets by itself (the first difference in view, the "near" outline as the
// diagnosis suggests it), set back to the session's once the pair is shown.
void applyAfterLoad(MainWindow& window, const SavedValue& value) {
    if (const std::optional<views::GlobePick> difference = pickFrom(value(session::kSelectedDifference, {}))) {
        window.session()->selectDifference(*difference);
        window.globe()->highlight(*difference);
        window.inspector()->showPick(*difference);
    }
    const QVariantMap point = value(session::kInspectedPoint, {}).toMap();
    if (!point.isEmpty())  // as a click there: the inspector and the Point over leads dock follow
        emit window.errorMap()->pointClicked(point.value("lat").toDouble(), point.value("lon").toDouble());

    views::ErrorMapStyle style = window.errorMap()->style();
    style.neighbourhood = value(session::kMapNearOutline, style.neighbourhood).toBool();
    window.diagnosisPanel()->setMapOutline(style.neighbourhood);
    window.errorMap()->setStyle(style);

    const views::GlobeCamera now = window.globe()->camera();
    if (value(session::kGlobeCameraDistance, {}).isValid())  // ends a flight to the point clicked too
        window.globe()->lookAt(value(session::kGlobeCameraLat, now.lat).toDouble(),
                               value(session::kGlobeCameraLon, now.lon).toDouble(),
                               value(session::kGlobeCameraDistance, now.distance).toDouble());
    applyDocks(window, value);
    applyRerun(window, value);
}

}  // namespace

SessionState windowSession(const MainWindow& window) {
    const PairSession& session = *window.session();
    SessionState state;
    state.runA = session.runA();
    state.runB = session.runB();
    state.spreadRun = session.spreadRun();
    state.leadStepHours = session.leadStepHours();
    state.lead = std::max(window.currentLead(), 0);
    state.member = std::max(window.currentMember(), 0);
    state.field = window.currentField();
    const views::ErrorMapStyle& style = window.errorMap()->style();
    state.view = mapStyleSettings(style);
    state.view.emplace_back(session::kMapZoom, style.viewport.zoom);
    state.view.emplace_back(session::kMapCenterLon, style.viewport.centerLon);
    state.view.emplace_back(session::kMapCenterLat, style.viewport.centerLat);
    state.view.emplace_back(session::kMapNearOutline, style.neighbourhood);
    for (auto& value : window.globeController()->settingsValues()) state.view.push_back(std::move(value));
    const views::GlobeCamera camera = window.globe()->camera();
    state.view.emplace_back(session::kGlobeCameraLat, camera.lat);
    state.view.emplace_back(session::kGlobeCameraLon, camera.lon);
    state.view.emplace_back(session::kGlobeCameraDistance, camera.distance);
    const views::MetricChoice& metric = window.fieldTable()->metricChoice();
    state.view.emplace_back(settings::kFieldsAreaWeighted, metric.areaWeighted);
    state.view.emplace_back(settings::kFieldsRegion, QString::fromStdString(metric.region));
    state.view.emplace_back(settings::kFieldsGrouped, window.fieldTable()->grouped());
    addSelection(window, state.view);
    addDocks(window, state.view);
    addLayoutAndTable(window, state.view);
    addRerun(window, state.view);
    return state;
}

void applySession(MainWindow& window, const SessionState& state) {
    const SavedValue value = [state](const QString& key, const QVariant& fallback) {
        return sessionValue(state, key, fallback);
    };
    views::ErrorMapStyle style = savedMapStyle(value);
    style.viewport = views::clampedViewport({value(session::kMapCenterLon, 0.0).toDouble(),
                                             value(session::kMapCenterLat, 0.0).toDouble(),
                                             value(session::kMapZoom, 1.0).toDouble()});
    window.errorMap()->setStyle(style);
    window.errorMap()->setViewport(style.viewport);
    window.globeController()->restoreSettings(value);
    window.globeController()->redraw();
    window.fieldTable()->metricBar()->setChoice({value(settings::kFieldsAreaWeighted, true).toBool(),
                                                 value(settings::kFieldsRegion, "global").toString().toStdString()});
    window.fieldTable()->setGrouped(value(settings::kFieldsGrouped, false).toBool());
    applyLayoutAndTable(window, value);

    MainWindow* target = &window;
    auto plan = std::make_shared<QMetaObject::Connection>();
    *plan = QObject::connect(
        window.rollout(), &pair::RolloutSession::planReady, target,
        [target, field = state.field, lead = state.lead, member = state.member] {
            target->showFieldAtLead(field, lead);
            target->leadSlider()->setCurrentMember(member);
        },
        Qt::SingleShotConnection);
    // The rollout shows or hides its docks once every lead is compared.
    auto finished = std::make_shared<QMetaObject::Connection>();
    *finished = QObject::connect(
        window.rollout(), &pair::RolloutSession::finished, target, [target, value] { applyDocks(*target, value); },
        Qt::SingleShotConnection);
    auto loaded = std::make_shared<QMetaObject::Connection>();
    *loaded = QObject::connect(
        target, &MainWindow::pairLoaded, target,
        [target, value, finished] {
            if (!target->pair() || !target->pair()->fields) QObject::disconnect(*finished);  // no leads to compare
            applyAfterLoad(*target, value);
        },
        Qt::SingleShotConnection);
    PairSession* session = window.session();
    const auto forget = [plan, loaded, finished] {
        for (const auto& pending : {plan, loaded, finished}) QObject::disconnect(*pending);
    };
    QObject::connect(session, &PairSession::loadFailed, target, forget, Qt::SingleShotConnection);
    QObject::connect(session, &PairSession::loadCancelled, target, forget, Qt::SingleShotConnection);
    session->setLeadStepHours(state.leadStepHours);
    if (state.spreadRun.isEmpty()) session->open(state.runA, state.runB);
    else session->openWithSpread(state.runA, state.runB, state.spreadRun);
}

}  // namespace meshdiff::gui
