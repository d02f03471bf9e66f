#include "rerun/LocalBackend.h"

#include <QDir>
#include <csignal>

#include "rerun/JobScript.h"
#include "rerun/ProcessGroup.h"

namespace meshdiff::rerun {

LocalBackend::LocalBackend(BackendSettings settings, QObject* parent) : Backend(std::move(settings), parent) {
    process_.setProcessChannelMode(QProcess::MergedChannels);
    useOwnProcessGroup(process_, true);
    connect(&process_, &QProcess::readyRead, this, [this] { emit output(QString::fromUtf8(process_.readAll())); });
    connect(&process_, &QProcess::finished, this, &LocalBackend::onFinished);
    connect(&process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart) return;
        finish({RunStatus::Failed, -1,
                "cannot start " + process_.program().toStdString() + ": " + process_.errorString().toStdString()});
    });
    killTimer_.setSingleShot(true);
    connect(&killTimer_, &QTimer::timeout, this, [this] { signalProcessGroup(process_, SIGKILL); });
}

LocalBackend::~LocalBackend() {
    if (process_.state() != QProcess::NotRunning) {
        signalProcessGroup(process_, SIGKILL);
        process_.waitForFinished(2000);
    }
}

void LocalBackend::launch() {
    if (!resolve(localContext())) return;
    QStringList arguments;
    for (std::size_t i = 1; i < job_.argv.size(); ++i) arguments << QString::fromStdString(job_.argv[i]);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const auto& [name, value] : job_.env)
        environment.insert(QString::fromStdString(name), QString::fromStdString(value));
    process_.setProcessEnvironment(environment);
    const QString workdir = QString::fromStdString(job_.workdir);
    if (!QDir(workdir).exists())
        return finish({RunStatus::Failed, -1, "working directory does not exist: " + job_.workdir});
    process_.setWorkingDirectory(workdir);
    if (job_.probe) {
        // The probe and the command in one shell, as on the other back-ends (jobScript).
        process_.start("/bin/sh", {"-c", QString::fromStdString(jobScript(job_)), "meshdiff-job"});
        return;
    }
    process_.start(QString::fromStdString(job_.argv.front()), arguments);
}

void LocalBackend::cancel() {
    if (done() || process_.state() == QProcess::NotRunning) return;
    cancelled_ = true;
    signalProcessGroup(process_, SIGTERM);
    killTimer_.start(3000);
}

void LocalBackend::onFinished(int exitCode, QProcess::ExitStatus exitStatus) {
    killTimer_.stop();
    if (done()) return;
    const QByteArray rest = process_.readAll();
    if (!rest.isEmpty()) emit output(QString::fromUtf8(rest));
    if (cancelled_) {
        finish({RunStatus::Cancelled, exitStatus == QProcess::NormalExit ? exitCode : -1, "cancelled"});
    } else if (exitStatus == QProcess::CrashExit) {
        finish({RunStatus::Failed, -1, "the program was killed by a signal"});
    } else if (exitCode != 0) {
        finish({RunStatus::Failed, exitCode, "exit status " + std::to_string(exitCode)});
    } else {
        finish({RunStatus::Succeeded, 0, {}});
    }
}

}  // namespace meshdiff::rerun
