#include "rerun/LocalBackend.h"

#include <unistd.h>
#include <QDir>
#include <csignal>

namespace meshdiff::rerun {

LocalBackend::LocalBackend(QObject* parent) : Backend(parent) {
    process_.setProcessChannelMode(QProcess::MergedChannels);
    // Its own process group (cancel stops the whole job), and a lower priority: a rebuild on this
    // machine must not take the CPU the window needs to stay responsive.
    process_.setChildProcessModifier([] {
        ::setpgid(0, 0);
        [[maybe_unused]] const int niceness = ::nice(10);
    });
    connect(&process_, &QProcess::readyRead, this, [this] { emit output(QString::fromUtf8(process_.readAll())); });
    connect(&process_, &QProcess::finished, this, &LocalBackend::onFinished);
    connect(&process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart || done_) return;
        done_ = true;
        emit finished(
            {RunStatus::Failed, -1,
             "cannot start " + process_.program().toStdString() + ": " + process_.errorString().toStdString()});
    });
    killTimer_.setSingleShot(true);
    connect(&killTimer_, &QTimer::timeout, this, [this] { signalGroup(SIGKILL); });
}

LocalBackend::~LocalBackend() {
    if (process_.state() != QProcess::NotRunning) {
        signalGroup(SIGKILL);
        process_.waitForFinished(2000);
    }
}

void LocalBackend::start(const Recipe& recipe, const JobContext& base, const RunPaths& paths) {
    JobContext context = base;
    context.outDir = paths.outDir;
    Job job;
    if (!resolveOrFail(*this, recipe, context, job)) {
        done_ = true;
        return;
    }
    QStringList arguments;
    for (std::size_t i = 1; i < job.argv.size(); ++i) arguments << QString::fromStdString(job.argv[i]);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const auto& [name, value] : job.env)
        environment.insert(QString::fromStdString(name), QString::fromStdString(value));
    process_.setProcessEnvironment(environment);
    const QString workdir = QString::fromStdString(job.workdir);
    if (!QDir(workdir).exists()) {
        done_ = true;
        emit finished({RunStatus::Failed, -1, "working directory does not exist: " + job.workdir});
        return;
    }
    process_.setWorkingDirectory(workdir);
    process_.start(QString::fromStdString(job.argv.front()), arguments);
}

void LocalBackend::signalGroup(int signal) {
    const qint64 pid = process_.processId();
    if (pid > 0) ::kill(-static_cast<pid_t>(pid), signal);
}

void LocalBackend::cancel() {
    if (done_ || process_.state() == QProcess::NotRunning) return;
    cancelled_ = true;
    signalGroup(SIGTERM);
    killTimer_.start(3000);
}

void LocalBackend::onFinished(int exitCode, QProcess::ExitStatus exitStatus) {
    killTimer_.stop();
    if (done_) return;
    done_ = true;
    const QByteArray rest = process_.readAll();
    if (!rest.isEmpty()) emit output(QString::fromUtf8(rest));
    if (cancelled_) {
        emit finished({RunStatus::Cancelled, exitStatus == QProcess::NormalExit ? exitCode : -1, "cancelled"});
    } else if (exitStatus == QProcess::CrashExit) {
        emit finished({RunStatus::Failed, -1, "the program was killed by a signal"});
    } else if (exitCode != 0) {
        emit finished({RunStatus::Failed, exitCode, "exit status " + std::to_string(exitCode)});
    } else {
        emit finished({RunStatus::Succeeded, 0, {}});
    }
}

}  // namespace meshdiff::rerun
