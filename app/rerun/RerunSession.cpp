#include "rerun/RerunSession.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>

#include "common/Error.h"
#include "rerun/RerunController.h"
#include "rerun/ResourceDirectory.h"
#include "rerun/RunRefs.h"
#include "rerun/RunsDirectory.h"

namespace meshdiff::rerun {

RerunSession::RerunSession(QObject* parent)
    : QObject(parent), runsDir_(QString::fromStdString(defaultRunsDirectory())) {}

void RerunSession::setRunsDirectory(const QString& directory) {
    if (directory == runsDir_) return;
    runsDir_ = directory;
    emit runsDirectoryChanged(directory);
}

QString RerunSession::presetDirectory() { return QString::fromStdString(presetRecipeDirectory()); }

bool RerunSession::running() const { return controller_ && controller_->running(); }

RerunRequest RerunSession::requestFor(const QJsonObject& json) const {
    auto text = [&json](const char* key) { return json[key].toString().toStdString(); };
    RerunRequest request;
    const QByteArray recipeText = QJsonDocument(json["recipe"].toObject()).toJson(QJsonDocument::Compact);
    auto parsed = nlohmann::json::parse(recipeText.begin(), recipeText.end(), nullptr, false);
    request.recipe = recipeFromJson(parsed, "recipe");
    request.backend = parseBackend(json.contains("backend") ? text("backend") : "local");
    if (json.contains("remote_dir")) request.backend.remoteDir = text("remote_dir");
    if (json.contains("ssh_config")) request.backend.sshConfig = text("ssh_config");
    if (json.contains("run_a")) request.runs["A"] = runRefFromPath(text("run_a"));
    if (json.contains("run_b")) request.runs["B"] = runRefFromPath(text("run_b"));
    request.label = text("label");
    request.runsDir = runsDir_.toStdString();
    request.meshdiffPath = QCoreApplication::applicationFilePath().toStdString();
    request.resourcesDir = resourceDirectory();
    return request;
}

void RerunSession::start(const QJsonObject& json) {
    if (running()) {
        emit startFailed(tr("a run is already going on"));
        return;
    }
    RerunRequest request;
    try {
        request = requestFor(json);
        auto* controller = new RerunController(this);
        connect(controller, &RerunController::started, this, &RerunSession::started);
        connect(controller, &RerunController::logText, this, &RerunSession::logText);
        connect(controller, &RerunController::progressChanged, this, &RerunSession::progressChanged);
        const bool compare = request.recipe.compareWithRuns;
        const QString runA = request.runs.count("A") ? QString::fromStdString(request.runs.at("A").path) : QString();
        const QString runB = request.runs.count("B") ? QString::fromStdString(request.runs.at("B").path) : QString();
        connect(controller, &RerunController::finished, this,
                [this, controller, compare, runA, runB](const QString& folder, const QString& label, bool succeeded) {
                    const auto& record = controller->record();
                    QString status = QString::fromStdString(record.value("status", ""));
                    if (record.contains("reason"))
                        status += ": " + QString::fromStdString(record["reason"].get<std::string>());
                    emit ended(folder, label, succeeded, status);
                    if (succeeded) emit runFinished(folder, label);
                    if (succeeded && compare && !(runA.isEmpty() && runB.isEmpty()))
                        emit comparisonWanted(folder, label, runA, runB, QFileInfo(folder).absolutePath());
                    controller->deleteLater();
                });
        if (controller_) controller_->deleteLater();
        controller_ = controller;
        controller->start(request);
    } catch (const Error& error) {
        if (controller_ && !controller_->running()) controller_->deleteLater();
        emit startFailed(QString::fromStdString(error.what()));
    }
}

void RerunSession::cancel() {
    if (controller_) controller_->cancel();
}

}  // namespace meshdiff::rerun
