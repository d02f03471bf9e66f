#include "rerun/SlurmBackend.h"

#include <QRegularExpression>
#include <cmath>

#include "rerun/JobScript.h"
#include "rerun/ProcessGroup.h"
#include "rerun/QtText.h"
#include "rerun/ShellQuote.h"

namespace meshdiff::rerun {
namespace {

bool isEndState(const QString& state) {
    static const QStringList ends{"COMPLETED",     "FAILED",    "CANCELLED", "TIMEOUT",  "NODE_FAIL",
                                  "OUT_OF_MEMORY", "PREEMPTED", "BOOT_FAIL", "DEADLINE", "SPECIAL_EXIT"};
    return ends.contains(state);
}

// Runs a short Slurm command and waits for it (they answer in milliseconds).
bool runQuick(const QString& program, const QStringList& arguments, QString& outputText, QString& errorText) {
    QProcess process;
    useOwnProcessGroup(process);
    process.start(program, arguments);
    if (!process.waitForStarted(5000)) {
        errorText = program + ": " + process.errorString();
        return false;
    }
    process.waitForFinished(30000);
    outputText = QString::fromUtf8(process.readAllStandardOutput()).trimmed();
    errorText = QString::fromUtf8(process.readAllStandardError()).trimmed();
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

}  // namespace

SlurmBackend::SlurmBackend(BackendSettings settings, QObject* parent) : Backend(std::move(settings), parent) {
    useOwnProcessGroup(query_);
    pollTimer_.setInterval(500);
    connect(&pollTimer_, &QTimer::timeout, this, &SlurmBackend::poll);
    connect(this, &Backend::finished, &pollTimer_, &QTimer::stop);
    connect(&query_, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus) {
        const QString text = QString::fromUtf8(query_.readAllStandardOutput()).trimmed();
        if (exitCode != 0 && text.isEmpty()) return;  // e.g. the controller is briefly unreachable: next poll
        onState(text.split('\n').first().trimmed());
    });
}

SlurmBackend::~SlurmBackend() {
    pollTimer_.stop();
    if (query_.state() != QProcess::NotRunning) {
        query_.kill();
        query_.waitForFinished(2000);
    }
}

void SlurmBackend::launch() {
    if (!resolve(localContext())) return;
    const QString scriptPath = q(paths_.runDir + "/job.sh");
    QFile script(scriptPath);
    if (!script.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return finish({RunStatus::Failed, -1, "cannot write " + scriptPath.toStdString()});
    const std::string text = "#!/bin/sh\n# written by meshdiff rerun " + paths_.id + "\n" + jobScript(job_);
    script.write(text.data(), static_cast<qint64>(text.size()));
    script.close();
    logPath_ = q(paths_.runDir + "/slurm.out");
    QStringList arguments{"--parsable", "--job-name=meshdiff-" + q(paths_.id), "--output=" + logPath_,
                          "--chdir=" + q(paths_.runDir)};
    if (job_.timeoutSeconds > 0)
        arguments << "--time=" + QString::number(static_cast<int>(std::ceil(job_.timeoutSeconds / 60.0)) + 1);
    for (const auto& extra : settings_.slurmArgs) arguments << q(extra);
    arguments << scriptPath;
    QString outputText, errorText;
    emit note("sbatch " + arguments.join(' '));
    if (!runQuick("sbatch", arguments, outputText, errorText))
        return finish({RunStatus::Failed, -1, "sbatch refused the job: " + errorText.toStdString()});
    jobId_ = outputText.section(';', 0, 0).trimmed().toStdString();
    emit note(q("submitted Slurm job " + jobId_));
    emit submitted();
    pollTimer_.start();
    poll();
}

void SlurmBackend::poll() {
    readLog();
    if (done() || query_.state() != QProcess::NotRunning) return;
    query_.start("squeue", {"-h", "-j", q(jobId_), "-t", "all", "-o", "%T"});
}

void SlurmBackend::onState(const QString& state) {
    if (done() || (!state.isEmpty() && !isEndState(state))) return;
    // Ended, or already gone from squeue: scontrol still knows the exit code for MinJobAge.
    QString text, errorText;
    runQuick("scontrol", {"show", "job", "-o", q(jobId_)}, text, errorText);
    onExitInfo(text, state);
}

void SlurmBackend::onExitInfo(const QString& text, const QString& squeueState) {
    const auto state = QRegularExpression("JobState=(\\S+)").match(text);
    const auto exit = QRegularExpression("ExitCode=(\\d+):(\\d+)").match(text);
    const auto reason = QRegularExpression("Reason=(\\S+)").match(text);
    const QString finalState = state.hasMatch() ? state.captured(1) : squeueState;
    if (!isEndState(finalState)) {
        if (finalState.isEmpty() && text.isEmpty()) {
            return finish(
                {cancelled_ ? RunStatus::Cancelled : RunStatus::Failed, -1, "Slurm no longer knows job " + jobId_});
        }
        return;
    }
    readLog();
    const int code = exit.hasMatch() ? exit.captured(1).toInt() : -1;
    const int signal = exit.hasMatch() ? exit.captured(2).toInt() : 0;
    const std::string why =
        finalState.toStdString() +
        (reason.hasMatch() && reason.captured(1) != "None" ? " (" + reason.captured(1).toStdString() + ")" : "");
    if (finalState == "COMPLETED" && code == 0) return finish({RunStatus::Succeeded, 0, {}});
    if (finalState == "CANCELLED" || cancelled_) return finish({RunStatus::Cancelled, code, "Slurm job " + why});
    if (finalState == "TIMEOUT") return finish({RunStatus::TimedOut, code, "Slurm time limit: " + why});
    std::string detail = "Slurm job " + why + ", exit status " + std::to_string(code);
    if (signal) detail += ", signal " + std::to_string(signal);
    finish({RunStatus::Failed, code, detail});
}

void SlurmBackend::readLog() {
    QFile log(logPath_);
    if (logPath_.isEmpty() || !log.open(QIODevice::ReadOnly)) return;
    if (log.size() <= logOffset_) return;
    log.seek(logOffset_);
    const QByteArray chunk = log.readAll();
    logOffset_ += chunk.size();
    emit output(QString::fromUtf8(chunk));
}

void SlurmBackend::cancel() {
    if (done() || jobId_.empty()) return;
    cancelled_ = true;
    QString text, errorText;
    emit note(q("scancel " + jobId_));
    if (!runQuick("scancel", {q(jobId_)}, text, errorText)) emit note("scancel: " + errorText);
}

}  // namespace meshdiff::rerun
