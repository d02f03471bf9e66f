#pragma once
#include <optional>
#include <utility>
#include <vector>

#include <QJsonObject>
#include <QString>
#include <QVariant>

#include "globe/GlobeScene.h"

namespace meshdiff::gui {

// A session's view as the window's settings hold it: (settings key, value) pairs.
using SessionView = std::vector<std::pair<QString, QVariant>>;

// The view as a session file holds it: the choices the settings store as enum numbers by name
// ("map/mode": "A-B", "map/scale": "symlog", "map/differenceColorMap": "balance"), the globe's
// layers as {"coastlines": true, …}, so that the file says what it means and outlives a
// reordered enum.
QJsonObject sessionViewJson(const SessionView& view);
// The view of a session file in the settings' form. A choice may also be the number the first
// sessions wrote. Throws meshdiff::Error naming `fileName` and the key for an unknown name or a
// value of the wrong kind; keys it does not know (a newer meshdiff's) are kept and unused.
SessionView sessionViewFrom(const QJsonObject& json, const QString& fileName);

// A difference picked on the globe or in the list, as the session's "inspector/difference" holds it.
QVariantMap pickValue(const views::GlobePick& pick);
std::optional<views::GlobePick> pickFrom(const QVariant& value);  // nullopt: not a pick

}  // namespace meshdiff::gui
