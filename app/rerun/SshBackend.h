#pragma once
#include <QProcess>
#include <QStringList>
#include <QTimer>
#include <functional>

#include "rerun/Backend.h"

namespace meshdiff::rerun {

// Runs the job on another host with the user's own ssh set-up (BatchMode: never asks for a
// password): makes <remoteDir>/<id>/{in,out}, copies the inputs there with scp, runs the
// command there (its arguments quoted word by word), and copies out/ back.
class SshBackend : public Backend {
    Q_OBJECT
public:
    explicit SshBackend(BackendSettings settings, QObject* parent = nullptr);
    ~SshBackend() override;

    void cancel() override;

private:
    void launch() override;
    QStringList sshArguments(const std::string& remoteCommand) const;
    QStringList scpOptions() const;
    void runStep(const QString& program, const QStringList& arguments, bool streamOutput,
                 std::function<void(int exitCode, const QString& errorText)> next);
    void prepared(const QString& remoteRunDir);
    void upload(std::size_t index);
    void runCommand();
    void fetch(const RunOutcome& outcome);

    std::string remoteRun_;
    QProcess step_;
    std::function<void(int, const QString&)> next_;
    bool streamOutput_ = false;
    QByteArray stepOutput_;
    QTimer killTimer_;
    bool running_ = false;  // the command itself, not a copy step
};

}  // namespace meshdiff::rerun
