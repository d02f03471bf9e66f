#pragma once
#include <functional>

#include <QSettings>
#include <QString>
#include <QVariant>

namespace meshdiff::gui {

// A saved value by its settings key (SettingsKeys.h), `fallback` where none is saved: read from
// QSettings or from a session file (gui/session).
using SavedValue = std::function<QVariant(const QString& key, const QVariant& fallback)>;

inline SavedValue savedValueOf(const QSettings& settings) {
    return [&settings](const QString& key, const QVariant& fallback) { return settings.value(key, fallback); };
}

}  // namespace meshdiff::gui
