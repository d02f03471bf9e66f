#pragma once
#include <QString>

#include "map/ErrorMapRenderer.h"

namespace meshdiff::views {

// The error map figure's default title: field, what is shown, units and lead, each left out when
// unknown — "2m_temperature, A − B (K), +12 h"; side by side "2m_temperature (K), +12 h".
QString defaultFigureTitle(const QString& field, MapMode mode, const QString& units, const QString& lead);

}  // namespace meshdiff::views
