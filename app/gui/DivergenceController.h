#pragma once
#include <functional>
#include <memory>
#include <optional>

#include <QObject>
#include <QString>

#include "pair/FirstDivergentLead.h"

namespace meshdiff::pair {
class PairSession;
}
namespace meshdiff::views {
class ErrorMapView;
class GlobeView;
}  // namespace meshdiff::views

namespace meshdiff::gui {

class LeadsController;
class WindowStatus;

// Go ▸ Go to First Divergence: the first lead at which the runs are not bit-identical (of the
// leads compared so far), its field with the largest |A−B|, and the grid point where that is
// largest. Moves the lead slider there, selects the field, and once its map is shown centres the
// map and the globe on the point, marks it and says where it is in the status bar.
class DivergenceController : public QObject {
    Q_OBJECT
public:
    using MapDataFn = std::function<std::shared_ptr<const views::ErrorMapData>()>;  // the map's, as shown
    DivergenceController(pair::PairSession* session, LeadsController* leads, views::GlobeView* globe,
                         views::ErrorMapView* map, MapDataFn mapData, WindowStatus* status, QObject* parent);

    // The first divergent lead among the leads compared so far; none while every one is identical.
    std::optional<pair::DivergentLead> target() const;
    bool available() const { return target().has_value(); }
    void go();
    // A field's map is on show (MainWindow::fieldMapShown): the point is found once it is the target's.
    void fieldMapShown(const QString& field);

signals:
    void availabilityChanged();
    // The point was found and shown (also in the status bar).
    void arrived(const QString& text, double lat, double lon);

private:
    void showSpot();

    pair::PairSession* session_;
    LeadsController* leads_;
    views::GlobeView* globe_;
    views::ErrorMapView* map_;
    MapDataFn mapData_;
    WindowStatus* status_;
    std::optional<pair::DivergentLead> pending_;  // asked for, its map not shown yet
};

}  // namespace meshdiff::gui
