#pragma once
#include <cstddef>
#include <optional>

#include <QObject>

class QToolBar;

namespace meshdiff::pair {
class PairSession;
class RolloutSession;
}  // namespace meshdiff::pair
namespace meshdiff::views {
class ErrorMapView;
class FieldTableView;
class LeadSlider;
}  // namespace meshdiff::views

namespace meshdiff::gui {

class WindowStatus;

// The lead-time slider of a rollout: every lead and member compared in the background once the
// first lead is on show (RolloutSession); the field table, the error map, the globe's overlay and
// the inspector follow the lead and member chosen. Its bar (and the [, ], P keys) show for a
// rollout of more than one lead or member.
class LeadsController : public QObject {
    Q_OBJECT
public:
    LeadsController(pair::PairSession* session, views::LeadSlider* slider, QToolBar* bar, views::FieldTableView* fields,
                    views::ErrorMapView* map, WindowStatus* status, QObject* parent);

    pair::RolloutSession* rollout() const { return rollout_; }
    views::LeadSlider* slider() const { return slider_; }
    int currentLead() const;    // position among the rollout's lined-up leads
    int currentMember() const;  // position among its members
    bool barShown() const { return barShown_; }
    void showBar(bool shown);

public slots:
    // Shows `field` at lead `leadIndex` (a position among the lined-up leads, as in
    // FieldsComparison::perLead); a lead not compared yet is reached once it is.
    void showFieldAtLead(const QString& field, int leadIndex);

protected:
    // [ and ] step the leads also from the field filter (no field name holds a bracket).
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void leadShown(int lead, int member);  // the table shows that lead's rows; its map follows
    void barShownChanged(bool shown);
    void fieldWanted(const QString& field);

private:
    void connectRollout();
    void showPlan();
    void showLead();
    void showVerdict();

    pair::PairSession* session_;
    views::LeadSlider* slider_;
    QToolBar* bar_;
    views::FieldTableView* fields_;
    views::ErrorMapView* map_;
    WindowStatus* status_;
    pair::RolloutSession* rollout_;
    bool barShown_ = false;
    int wantedLead_ = -1;  // showFieldAtLead's lead, until it has been compared
};

}  // namespace meshdiff::gui
