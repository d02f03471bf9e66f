#pragma once
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include <QByteArray>
#include <QString>
#include <QVariant>

namespace meshdiff::gui {

// What a `.meshdiff-session` file holds: the runs, the lead step, what is shown, and the view's
// state by the window's settings keys (SettingsKeys.h: map style, globe layers, metric choice),
// so that the settings' readers and writers serve sessions too.
struct SessionState {
    QString runA, runB, spreadRun;  // spreadRun empty: none
    std::optional<double> leadStepHours;
    int lead = 0;
    int member = 0;
    QString field;                                   // empty: the window's own choice
    std::vector<std::pair<QString, QVariant>> view;  // and SessionKeys.h: zoom, camera, selection, docks
};

inline const QString kSessionSuffix = QStringLiteral("meshdiff-session");

QByteArray sessionJson(const SessionState& state);
// Throws meshdiff::Error naming `fileName` and the problem: not JSON, not a session, a field of the
// wrong type, no runs, a view key with an unknown name or a value of the wrong kind (naming the key).
SessionState parseSession(const QByteArray& json, const QString& fileName);

// Written to a temporary file beside `path`, then renamed over it. Throws meshdiff::Error naming
// the file when it cannot be written.
void writeSessionFile(const QString& path, const SessionState& state);
// parseSession of the file's contents; also throws when a run it names no longer exists.
SessionState readSessionFile(const QString& path);

// A saved value by its settings key, `fallback` where the session holds none.
QVariant sessionValue(const SessionState& state, const QString& key, const QVariant& fallback);

}  // namespace meshdiff::gui
