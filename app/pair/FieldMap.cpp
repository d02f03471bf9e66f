#include "pair/FieldMap.h"

#include <cmath>

#include "geo/LatLonAxis.h"
#include "geo/LatLonText.h"
#include "map/FieldReadout.h"

namespace meshdiff::pair {
namespace {

views::FieldOverlay overlayFrom(const views::ErrorMapData& data) {
    views::FieldOverlay overlay;
    if (!data.hasA() || !data.hasB()) return overlay;
    overlay.grid = data.grid;
    std::vector<float> difference(data.a.size());
    for (std::size_t i = 0; i < data.a.size(); ++i) difference[i] = data.a[i] - data.b[i];
    overlay.values = std::move(difference);
    overlay.name = data.fieldName + " A−B";
    overlay.units = data.units;
    overlay.mode = views::FieldOverlayMode::Diverging;
    return overlay;
}

}  // namespace

FieldMap prepareFieldMap(std::shared_ptr<const views::ErrorMapData> data, const views::ErrorMapStyle& style) {
    FieldMap map;
    map.renderer = std::make_shared<views::ErrorMapRenderer>();
    map.renderer->setStyle(style);
    map.renderer->setData(data);
    map.renderer->prepareImages();
    map.overlay = overlayFrom(*data);
    map.overlay.scale = map.renderer->differenceScale();  // linked: the drape uses the map's A−B scale
    map.data = std::move(data);
    return map;
}

std::optional<views::FieldSample> fieldSampleAt(const views::ErrorMapData& data, double lat, double lon) {
    if (data.grid.size() == 0 || !data.hasA()) return std::nullopt;
    const std::size_t bestLat = nearestIndex(data.grid.lat, lat), bestLon = nearestLongitudeIndex(data.grid.lon, lon);
    const std::size_t index = bestLat * data.grid.nlon() + bestLon;
    views::FieldSample sample;
    sample.field = QString::fromStdString(data.fieldName);
    sample.units = QString::fromStdString(data.units);
    sample.lat = data.grid.lat[bestLat];
    sample.lon = data.grid.lon[bestLon];
    sample.a = data.a[index];
    sample.b = data.hasB() ? double(data.b[index]) : std::nan("");
    return sample;
}

views::GlobeHoverReadout::Readout globeReadout(const std::shared_ptr<const views::ErrorMapData>& data) {
    return [weak = std::weak_ptr<const views::ErrorMapData>(data)](double lat, double lon) {
        const auto shown = weak.lock();
        const auto sample = shown ? fieldSampleAt(*shown, lat, lon) : std::nullopt;
        if (!sample) return QString::fromStdString(latLonLabel(lat, lon));
        // Two lines: the globe's corner is narrow.
        return QStringLiteral("%1  %2\n%3")
            .arg(sample->field, QString::fromStdString(latLonLabel(sample->lat, sample->lon)),
                 views::fieldValuesReadout(sample->a, sample->b, sample->units.toStdString()));
    };
}

}  // namespace meshdiff::pair
