#include "BumpField.h"

#include <cmath>
#include <numbers>

namespace meshdiff::test {

std::shared_ptr<views::ErrorMapData> bumpField(double lonGradient) {
    auto data = std::make_shared<views::ErrorMapData>();
    for (int i = 0; i <= 180; ++i) data->grid.lat.push_back(-90.0 + i);
    for (int j = 0; j < 360; ++j) data->grid.lon.push_back(j);
    data->a.reserve(data->grid.size());
    data->b.reserve(data->grid.size());
    for (int i = 0; i <= 180; ++i) {
        for (int j = 0; j < 360; ++j) {
            const double lat = -90.0 + i, lon = j;
            const double value = 280 + 20 * std::cos(lat * std::numbers::pi / 180) + lonGradient * lon;
            const double bump = 2 * std::exp(-((lat - 30) * (lat - 30) + (lon - 90) * (lon - 90)) / 20.0);
            data->a.push_back(float(value));
            data->b.push_back(float(value - bump));
        }
    }
    data->fieldName = "2m_temperature";
    data->units = "K";
    return data;
}

}  // namespace meshdiff::test
