#include "rerun/RerunController.h"

#include <QDateTime>
#include <QDir>
#include <QRandomGenerator>
#include <QSysInfo>

#include "common/Error.h"
#include "rerun/NumpyProbe.h"
#include "rerun/ParamPaths.h"
#include "rerun/QtText.h"
#include "rerun/RunDescription.h"
#include "rerun/RunLedger.h"

namespace meshdiff::rerun {
namespace {

std::string nowIso() { return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString(); }

std::string newRunId() {
    return QDateTime::currentDateTimeUtc().toString("yyyyMMdd-HHmmss").toStdString() + "-" +
           QString::number(QRandomGenerator::global()->bounded(0x10000), 16).rightJustified(4, '0').toStdString();
}

JobContext localContext(const RerunRequest& request, const RunPaths& paths) {
    JobContext context;
    context.runs = request.runs;
    context.values["meshdiff"] = request.meshdiffPath.empty() ? "meshdiff" : request.meshdiffPath;
    context.values["resources"] = request.resourcesDir;
    context.fileKeys.insert("resources");
    context.values["run"] = paths.id;
    context.values["host"] = QSysInfo::machineHostName().toStdString();
    context.outDir = paths.outDir;
    return context;
}

nlohmann::json jobToJson(const Job& job) {
    nlohmann::json env = nlohmann::json::object();
    for (const auto& [name, value] : job.env) env[name] = value;
    nlohmann::json inputs = nlohmann::json::array();
    for (const auto& input : job.inputs) inputs.push_back({{"local", input.localPath}, {"there", input.commandPath}});
    return {{"argv", job.argv}, {"env", env}, {"workdir", job.workdir}, {"inputs", inputs}};
}

}  // namespace

RerunController::RerunController(QObject* parent) : QObject(parent) {
    timeLimit_.setSingleShot(true);
    connect(&timeLimit_, &QTimer::timeout, this, [this] {
        if (!running_) return;
        timedOut_ = true;
        append(
            QString("\n[meshdiff] time limit of %1 s reached: stopping the job\n").arg(request_.recipe.timeoutSeconds));
        backend_->cancel();
    });
}

RerunController::~RerunController() {
    if (running_ && backend_ && !backend_->detachable()) backend_->cancel();
}

void RerunController::start(const RerunRequest& request) {
    if (running_) throw Error("rerun", "a run is already going on");
    request_ = request;
    paths_.id = newRunId();
    paths_.runDir = request.runsDir + "/" + paths_.id;
    paths_.outDir = paths_.runDir + "/out";
    JobContext base = localContext(request, paths_);
    const Job preview = resolveJob(request.recipe, base);  // throws before anything exists
    checkParamPaths(request.recipe, preview, request.backend.kind == "local");
    probePlanned_ = preview.probe && !preview.probe->script.empty();
    probe_ = nlohmann::json::object();
    if (!QDir().mkpath(q(paths_.outDir))) throw Error(paths_.runDir, "cannot create the run folder");
    if (request_.label.empty()) request_.label = "rerun " + paths_.id;

    log_.setFileName(q(paths_.runDir + "/log.txt"));
    log_.open(QIODevice::WriteOnly | QIODevice::Append);
    progress_ = ProgressParser(q(request.recipe.progressPattern));
    record_ = {{"id", paths_.id},
               {"label", request_.label},
               {"recipe", recipeToJson(request.recipe)},
               {"backend", request.backend.describe()},
               {"host", request.backend.kind == "ssh" ? request.backend.host : base.values["host"]},
               {"job", jobToJson(preview)},
               {"run_dir", paths_.runDir},
               {"run_folder", paths_.outDir},
               {"log", paths_.runDir + "/log.txt"},
               {"started", nowIso()},
               {"status", statusName(RunStatus::Running)}};
    if (!request.runs.empty()) {
        nlohmann::json runs = nlohmann::json::object();
        for (const auto& [key, ref] : request.runs) runs[key] = {{"path", ref.path}, {"label", ref.label}};
        record_["compared_runs"] = runs;
    }

    backend_ = makeBackend(request.backend);
    connect(backend_.get(), &Backend::resolved, this, [this](const Job& job) {
        record_["job"] = jobToJson(job);
        append(q("[meshdiff] " + record_["backend"].get<std::string>() + ":"));
        for (const auto& word : job.argv) append(" " + q(word));
        append("\n");
    });
    connect(backend_.get(), &Backend::output, this, [this](const QString& text) {
        append(text);
        if (auto fraction = progress_.feed(text)) emit progressChanged(*fraction);
    });
    connect(backend_.get(), &Backend::note, this, [this](const QString& text) { append("[meshdiff] " + text + "\n"); });
    connect(backend_.get(), &Backend::submitted, this, [this] {
        record_["slurm_job"] = backend_->jobId();
        record_["status"] = statusName(RunStatus::Submitted);
        writeRecord();
        emit submitted(q(backend_->jobId()));
    });
    connect(backend_.get(), &Backend::finished, this, &RerunController::onFinished);

    running_ = true;
    timedOut_ = false;
    finalElapsed_ = -1;
    clock_.start();
    writeRecord();
    emit started(q(paths_.id));
    if (request.recipe.timeoutSeconds > 0) timeLimit_.start(static_cast<int>(request.recipe.timeoutSeconds * 1000));
    backend_->start(request.recipe, base, paths_);
}

void RerunController::cancel() {
    if (!running_) return;
    append("\n[meshdiff] cancelling\n");
    backend_->cancel();
}

double RerunController::elapsedSeconds() const {
    if (finalElapsed_ >= 0) return finalElapsed_;
    return clock_.isValid() ? clock_.elapsed() / 1000.0 : 0.0;
}

QString RerunController::runFolder() const { return q(paths_.outDir); }
QString RerunController::label() const { return q(request_.label); }
std::string RerunController::ledgerPath() const { return RunLedger(request_.runsDir).path(); }

void RerunController::append(const QString& text) {
    if (log_.isOpen()) {
        log_.write(text.toUtf8());
        log_.flush();
    }
    emit logText(text);
}

void RerunController::onFinished(const RunOutcome& reported) {
    if (!running_) return;
    RunOutcome outcome = reported;
    if (timedOut_ && outcome.status != RunStatus::Succeeded) {
        outcome.status = RunStatus::TimedOut;
        outcome.reason =
            "time limit of " + QString::number(request_.recipe.timeoutSeconds).toStdString() + " s reached";
    }
    running_ = false;
    timeLimit_.stop();
    finalElapsed_ = clock_.elapsed() / 1000.0;
    record_["finished"] = nowIso();
    record_["elapsed_s"] = finalElapsed_;
    record_["status"] = statusName(outcome.status);
    record_["exit_code"] = outcome.exitCode;
    if (!outcome.reason.empty()) record_["reason"] = outcome.reason;
    if (!backend_->jobId().empty()) record_["slurm_job"] = backend_->jobId();
    append(q("\n[meshdiff] " + statusName(outcome.status) + (outcome.reason.empty() ? "" : ": " + outcome.reason) +
             " after " + QString::number(finalElapsed_, 'f', 1).toStdString() + " s\n"));
    probe_ = collectNumpyProbe(paths_.outDir, paths_.runDir, probePlanned_);
    if (!probe_.empty()) {
        record_["numpy_probe"] = numpyProbeSummary(probe_);
        append(q("[meshdiff] " + numpyProbeSummary(probe_) + "\n"));
    }
    const bool succeeded = outcome.status == RunStatus::Succeeded;
    if (succeeded) {
        writeRunMetadata();
        emit progressChanged(1.0);
    }
    writeRecord();
    log_.close();
    emit finished(runFolder(), label(), succeeded);
}

// Names the new run folder (what ran where) and says which host and SIMD features it used,
// unless the job wrote its own run.json / metadata.json.
void RerunController::writeRunMetadata() {
    const QDir out(q(paths_.outDir));
    if (out.exists("run.json") || out.exists("metadata.json")) return;
    const bool local = request_.backend.kind == "local";
    const std::string host = record_.value("host", std::string());
    const nlohmann::json how = {{"id", paths_.id},
                                {"letter", request_.label},
                                {"recipe", request_.recipe.name},
                                {"backend", record_["backend"]},
                                {"env", record_["job"]["env"]}};
    const nlohmann::json metadata =
        rerunMetadata(rerunLabel(request_.label, request_.recipe, host), request_.recipe, host, local, how,
                      local ? localHostDescription() : nlohmann::json::object(), probe_);
    QFile file(out.filePath("metadata.json"));
    if (!file.open(QIODevice::WriteOnly)) return;
    file.write(QByteArray::fromStdString(metadata.dump(2) + "\n"));
}

void RerunController::writeRecord() {
    try {
        RunLedger(request_.runsDir).upsert(record_);
    } catch (const Error& error) {
        append(QString("[meshdiff] ") + error.what() + "\n");
    }
}

}  // namespace meshdiff::rerun
