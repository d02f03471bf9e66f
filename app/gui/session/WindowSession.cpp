#include "gui/session/WindowSession.h"

#include <algorithm>
#include <memory>

#include "fieldtable/FieldTableView.h"
#include "gui/MainWindow.h"
#include "gui/MapStyleSettings.h"
#include "gui/SettingsKeys.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapView.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {

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
    state.view = mapStyleSettings(window.errorMap()->style());
    for (auto& value : window.globeController()->settingsValues()) state.view.push_back(std::move(value));
    const views::MetricChoice& metric = window.fieldTable()->metricChoice();
    state.view.emplace_back(settings::kFieldsAreaWeighted, metric.areaWeighted);
    state.view.emplace_back(settings::kFieldsRegion, QString::fromStdString(metric.region));
    state.view.emplace_back(settings::kFieldsGrouped, window.fieldTable()->grouped());
    return state;
}

void applySession(MainWindow& window, const SessionState& state) {
    const SavedValue value = [state](const QString& key, const QVariant& fallback) {
        return sessionValue(state, key, fallback);
    };
    window.errorMap()->setStyle(savedMapStyle(value));
    window.globeController()->restoreSettings(value);
    window.globeController()->redraw();
    window.fieldTable()->metricBar()->setChoice({value(settings::kFieldsAreaWeighted, true).toBool(),
                                                 value(settings::kFieldsRegion, "global").toString().toStdString()});
    window.fieldTable()->setGrouped(value(settings::kFieldsGrouped, false).toBool());

    MainWindow* target = &window;
    auto pending = std::make_shared<QMetaObject::Connection>();
    *pending = QObject::connect(
        window.rollout(), &pair::RolloutSession::planReady, target,
        [target, field = state.field, lead = state.lead, member = state.member] {
            target->showFieldAtLead(field, lead);
            target->leadSlider()->setCurrentMember(member);
        },
        Qt::SingleShotConnection);
    PairSession* session = window.session();
    QObject::connect(
        session, &PairSession::loadFailed, target, [pending] { QObject::disconnect(*pending); },
        Qt::SingleShotConnection);
    session->setLeadStepHours(state.leadStepHours);
    if (state.spreadRun.isEmpty()) session->open(state.runA, state.runB);
    else session->openWithSpread(state.runA, state.runB, state.spreadRun);
}

}  // namespace meshdiff::gui
