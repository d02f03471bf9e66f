#pragma once
#include <QProcess>
#include <QTimer>

#include "rerun/Backend.h"

namespace meshdiff::rerun {

// Runs the job as a child process of meshdiff, in its own process group so that cancelling
// stops whatever it started too.
class LocalBackend : public Backend {
    Q_OBJECT
public:
    explicit LocalBackend(BackendSettings settings = {}, QObject* parent = nullptr);
    ~LocalBackend() override;

    void cancel() override;

private:
    void launch() override;
    void onFinished(int exitCode, QProcess::ExitStatus exitStatus);

    QProcess process_;
    QTimer killTimer_;
};

}  // namespace meshdiff::rerun
