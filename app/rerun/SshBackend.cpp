#include "rerun/SshBackend.h"

#include <QDir>
#include <QFileInfo>
#include <csignal>
#include <memory>

#include "rerun/JobScript.h"
#include "rerun/ProcessGroup.h"
#include "rerun/QtText.h"
#include "rerun/ShellQuote.h"

namespace meshdiff::rerun {
namespace {

constexpr int kStartFailed = -1000;

}  // namespace

SshBackend::SshBackend(BackendSettings settings, QObject* parent) : Backend(std::move(settings), parent) {
    // Own process group: a Ctrl-C meant for meshdiff must not kill ssh before meshdiff can stop
    // the remote job; killing the group also stops the ssh that scp starts.
    useOwnProcessGroup(step_);
    connect(&step_, &QProcess::readyReadStandardOutput, this, [this] {
        const QByteArray chunk = step_.readAllStandardOutput();
        if (streamOutput_) emit output(QString::fromUtf8(chunk));
        else stepOutput_ += chunk;
    });
    connect(&step_, &QProcess::readyReadStandardError, this, [this] {
        const QByteArray chunk = step_.readAllStandardError();
        if (streamOutput_) emit output(QString::fromUtf8(chunk));
        else stepOutput_ += chunk;
    });
    connect(&step_, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        killTimer_.stop();
        auto next = std::move(next_);
        next_ = nullptr;
        if (next) next(status == QProcess::NormalExit ? exitCode : 255, QString::fromUtf8(stepOutput_).trimmed());
    });
    connect(&step_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart) return;
        auto next = std::move(next_);
        next_ = nullptr;
        if (next) next(kStartFailed, step_.program() + ": " + step_.errorString());
    });
    killTimer_.setSingleShot(true);
    connect(&killTimer_, &QTimer::timeout, this, [this] { signalProcessGroup(step_, SIGKILL); });
}

SshBackend::~SshBackend() {
    next_ = nullptr;
    if (step_.state() != QProcess::NotRunning) {
        signalProcessGroup(step_, SIGKILL);
        step_.waitForFinished(2000);
    }
}

QStringList SshBackend::sshArguments(const std::string& remoteCommand) const {
    QStringList arguments{"-n", "-o", "BatchMode=yes"};
    if (!settings_.sshConfig.empty()) arguments << "-F" << q(settings_.sshConfig);
    arguments << "--" << q(settings_.host) << q(remoteCommand);
    return arguments;
}

QStringList SshBackend::scpOptions() const {
    QStringList arguments{"-q", "-r", "-o", "BatchMode=yes"};
    if (!settings_.sshConfig.empty()) arguments << "-F" << q(settings_.sshConfig);
    return arguments;
}

void SshBackend::runStep(const QString& program, const QStringList& arguments, bool streamOutput,
                         std::function<void(int, const QString&)> next) {
    streamOutput_ = streamOutput;
    stepOutput_.clear();
    next_ = std::move(next);
    step_.start(program, arguments);
}

void SshBackend::launch() {
    const std::string dir = settings_.remoteDir + "/" + paths_.id;
    emit note(q("preparing " + settings_.host + ":" + dir));
    const std::string command = "mkdir -p -- " + shellQuote(dir + "/in") + " " + shellQuote(dir + "/out") +
                                " && cd -- " + shellQuote(dir) + " && pwd";
    runStep("ssh", sshArguments(command), false, [this](int exitCode, const QString& text) {
        if (cancelled_) return finish({RunStatus::Cancelled, -1, "cancelled"});
        if (exitCode != 0)
            return finish({RunStatus::Failed, exitCode, "cannot reach " + settings_.host + ": " + text.toStdString()});
        prepared(text.split('\n').last().trimmed());
    });
}

void SshBackend::prepared(const QString& remoteRunDir) {
    remoteRun_ = remoteRunDir.toStdString();
    JobContext context = baseContext();
    context.outDir = remoteRun_ + "/out";
    context.values["meshdiff"] = settings_.remoteMeshdiff;
    context.values["host"] = settings_.host;
    auto counter = std::make_shared<int>(0);
    const std::string inDir = remoteRun_ + "/in/";
    context.mapInput = [counter, inDir](const std::string& localPath) {
        const std::string name = QFileInfo(q(localPath)).fileName().toStdString();
        return inDir + std::to_string(++*counter) + "-" + (name.empty() ? "input" : name);
    };
    if (resolve(context)) upload(0);
}

void SshBackend::upload(std::size_t index) {
    if (cancelled_) return finish({RunStatus::Cancelled, -1, "cancelled"});
    if (index == job_.inputs.size()) return runCommand();
    const StagedInput& input = job_.inputs[index];
    if (!QFileInfo::exists(q(input.localPath)))
        return finish({RunStatus::Failed, -1, "input does not exist: " + input.localPath});
    emit note(q("copying " + input.localPath + " to " + settings_.host + ":" + input.commandPath));
    QStringList arguments = scpOptions();
    arguments << "--" << q(input.localPath) << q(settings_.host + ":" + input.commandPath);
    runStep("scp", arguments, false, [this, index](int exitCode, const QString& text) {
        if (exitCode != 0)
            return finish(
                {cancelled_ ? RunStatus::Cancelled : RunStatus::Failed, exitCode,
                 cancelled_ ? "cancelled" : "cannot copy " + job_.inputs[index].localPath + ": " + text.toStdString()});
        upload(index + 1);
    });
}

void SshBackend::runCommand() {
    const std::string script = jobScript(job_, remoteRun_ + "/job.pid");
    emit note(q("running on " + settings_.host + " in " + job_.workdir));
    running_ = true;
    runStep("ssh", sshArguments(script), true, [this](int exitCode, const QString&) {
        running_ = false;
        if (cancelled_) return finish({RunStatus::Cancelled, exitCode, "cancelled"});
        if (exitCode == kStartFailed) return finish({RunStatus::Failed, -1, "cannot start ssh"});
        if (exitCode == 255)
            return fetch({RunStatus::Failed, exitCode, "ssh failed or the remote program was killed (status 255)"});
        if (exitCode != 0) return fetch({RunStatus::Failed, exitCode, "exit status " + std::to_string(exitCode)});
        fetch({RunStatus::Succeeded, 0, {}});
    });
}

void SshBackend::fetch(const RunOutcome& outcome) {
    emit note(q("copying " + settings_.host + ":" + remoteRun_ + "/out back"));
    QDir().rmdir(q(paths_.outDir));  // scp -r creates it; only removed while empty
    QStringList arguments = scpOptions();
    arguments << "--" << q(settings_.host + ":" + remoteRun_ + "/out") << q(paths_.outDir);
    runStep("scp", arguments, false, [this, outcome](int exitCode, const QString& text) {
        QDir().mkpath(q(paths_.outDir));
        if (cancelled_) return finish({RunStatus::Cancelled, outcome.exitCode, "cancelled"});
        if (exitCode != 0 && outcome.status == RunStatus::Succeeded)
            return finish({RunStatus::Failed, 0, "cannot copy the outputs back: " + text.toStdString()});
        finish(outcome);
    });
}

void SshBackend::cancel() {
    if (done() || cancelled_) return;
    cancelled_ = true;
    if (!running_) return signalProcessGroup(step_, SIGKILL);
    emit note("asking the remote job to stop");
    const std::string pidFile = shellQuote(remoteRun_ + "/job.pid");
    const std::string command =
        "pid=$(cat " + pidFile + ") && { kill -TERM -- -\"$pid\" 2>/dev/null || kill -TERM \"$pid\"; }";
    auto* stopper = new QProcess(this);
    useOwnProcessGroup(*stopper);
    connect(stopper, &QProcess::finished, stopper, &QObject::deleteLater);
    stopper->start("ssh", sshArguments(command));
    killTimer_.start(5000);  // the remote side has not ended: stop waiting for it
}

}  // namespace meshdiff::rerun
