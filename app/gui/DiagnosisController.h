#pragma once
#include <QObject>

namespace meshdiff::pair {
class PairSession;
}
namespace meshdiff::views {
class DiagnosisPanel;
class ErrorMapView;
}  // namespace meshdiff::views

namespace meshdiff::gui {

class GlobeController;
class LeadsController;

// Why A and B differ, shown: the Diagnosis dock (verdict, explanation, per-field evidence,
// edge-feature drift) for the pair, lead and member on show, and the globe's layers of it — the
// neighbourhood the diagnosis calls "near" and the drifting edges — and the map's outline of "near".
class DiagnosisController : public QObject {
    Q_OBJECT
public:
    DiagnosisController(pair::PairSession* session, views::DiagnosisPanel* panel, GlobeController* globe,
                        views::ErrorMapView* map, LeadsController* leads, QObject* parent);

    void showPanel();    // the panel follows the pair, the lead and the member shown
    void showOnGlobe();  // the neighbourhood and drift layers of the session's pair

signals:
    void fieldWanted(const QString& field);

private:
    pair::PairSession* session_;
    views::DiagnosisPanel* panel_;
    GlobeController* globe_;
    views::ErrorMapView* map_;
    LeadsController* leads_;
};

}  // namespace meshdiff::gui
