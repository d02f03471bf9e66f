#include "gui/session/SessionFile.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include "common/Error.h"
#include "gui/session/SessionView.h"

namespace meshdiff::gui {
namespace {

// 2: the view's choices by name (SessionView.h); version 1 files are read too.
constexpr int kSessionVersion = 2;
const QString kFormat = QStringLiteral("meshdiff-session");

[[noreturn]] void fail(const QString& fileName, const QString& problem) {
    throw Error(fileName.toStdString(), problem.toStdString());
}

QString stringAt(const QJsonObject& object, const QString& key, const QString& fileName) {
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull()) return {};
    if (!value.isString()) fail(fileName, QStringLiteral("\"%1\" is not a text").arg(key));
    return value.toString();
}

int intAt(const QJsonObject& object, const QString& key, const QString& fileName) {
    const QJsonValue value = object.value(key);
    if (value.isUndefined()) return 0;
    if (!value.isDouble() || value.toDouble() < 0 || value.toDouble() != double(value.toInt()))
        fail(fileName, QStringLiteral("\"%1\" is not a whole number from 0").arg(key));
    return value.toInt();
}

}  // namespace

QByteArray sessionJson(const SessionState& state) {
    QJsonObject runs{{"a", state.runA}, {"b", state.runB}};
    if (!state.spreadRun.isEmpty()) runs.insert("spread", state.spreadRun);
    const QJsonObject view = sessionViewJson(state.view);
    QJsonObject root{{"format", kFormat},  {"version", kSessionVersion}, {"runs", runs},
                     {"lead", state.lead}, {"member", state.member},     {"view", view}};
    if (state.leadStepHours) root.insert("leadStepHours", *state.leadStepHours);
    if (!state.field.isEmpty()) root.insert("field", state.field);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

SessionState parseSession(const QByteArray& json, const QString& fileName) {
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        fail(fileName, QStringLiteral("not valid JSON (%1 at byte %2)").arg(error.errorString()).arg(error.offset));
    const QJsonObject root = document.object();
    if (!document.isObject() || root.value("format").toString() != kFormat)
        fail(fileName, QStringLiteral("not a meshdiff session (no \"format\": \"%1\")").arg(kFormat));
    if (root.value("version").toInt() > kSessionVersion)
        fail(fileName,
             QStringLiteral("written by a newer meshdiff (session version %1)").arg(root.value("version").toInt()));
    if (!root.value("runs").isObject()) fail(fileName, QStringLiteral("no \"runs\" object"));
    const QJsonObject runs = root.value("runs").toObject();
    SessionState state;
    state.runA = stringAt(runs, "a", fileName);
    state.runB = stringAt(runs, "b", fileName);
    state.spreadRun = stringAt(runs, "spread", fileName);
    if (state.runA.isEmpty() || state.runB.isEmpty()) fail(fileName, QStringLiteral("names no runs A and B"));
    const QJsonValue hours = root.value("leadStepHours");
    if (!hours.isUndefined()) {
        if (!hours.isDouble() || hours.toDouble() <= 0)
            fail(fileName, QStringLiteral("\"leadStepHours\" is not a positive number"));
        state.leadStepHours = hours.toDouble();
    }
    state.lead = intAt(root, "lead", fileName);
    state.member = intAt(root, "member", fileName);
    state.field = stringAt(root, "field", fileName);
    const QJsonValue view = root.value("view");
    if (!view.isUndefined() && !view.isObject()) fail(fileName, QStringLiteral("\"view\" is not an object"));
    state.view = sessionViewFrom(view.toObject(), fileName);
    return state;
}

void writeSessionFile(const QString& path, const SessionState& state) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) fail(path, QStringLiteral("cannot be written (%1)").arg(file.errorString()));
    file.write(sessionJson(state));
    if (!file.commit()) fail(path, QStringLiteral("cannot be written (%1)").arg(file.errorString()));
}

SessionState readSessionFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) fail(path, QStringLiteral("cannot be read (%1)").arg(file.errorString()));
    SessionState state = parseSession(file.readAll(), path);
    for (const QString& run : {state.runA, state.runB, state.spreadRun})
        if (!run.isEmpty() && !QFileInfo::exists(run))
            fail(path, QStringLiteral("the run %1 no longer exists").arg(run));
    return state;
}

QVariant sessionValue(const SessionState& state, const QString& key, const QVariant& fallback) {
    for (const auto& [savedKey, value] : state.view)
        if (savedKey == key) return value;
    return fallback;
}

}  // namespace meshdiff::gui
