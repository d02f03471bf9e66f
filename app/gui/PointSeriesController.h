#pragma once
#include <optional>

#include <QObject>

class QDockWidget;

namespace meshdiff::views {
class ErrorMapView;
class PointSeriesView;
}  // namespace meshdiff::views

namespace meshdiff::pair {
class PairSession;
}

namespace meshdiff::gui {

class LeadsController;

// The "Point over leads" dock, tabbed beside Error growth for a rollout: a point clicked on the
// error map charts A, B and A − B there for the field and member on show, lead after lead, read
// on the background pool. It follows a new click, field or member and marks the lead on show.
class PointSeriesController : public QObject {
    Q_OBJECT
public:
    PointSeriesController(pair::PairSession* session, views::PointSeriesView* view, QDockWidget* dock,
                          views::ErrorMapView* map, LeadsController* leads, QObject* parent);

    views::PointSeriesView* view() const { return view_; }

signals:
    void seriesShown();  // a series read for the latest request is on show

private:
    void showDock();
    void request();  // reads the series for the point, field and member on show

    pair::PairSession* session_;
    views::PointSeriesView* view_;
    QDockWidget* dock_;
    LeadsController* leads_;
    std::optional<std::pair<double, double>> point_;  // latitude, longitude clicked
    int member_ = 0;
    int generation_ = 0;
};

}  // namespace meshdiff::gui
