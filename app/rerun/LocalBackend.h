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
    explicit LocalBackend(QObject* parent = nullptr);
    ~LocalBackend() override;

    void start(const Recipe& recipe, const JobContext& base, const RunPaths& paths) override;
    void cancel() override;

private:
    void signalGroup(int signal);
    void onFinished(int exitCode, QProcess::ExitStatus exitStatus);

    QProcess process_;
    QTimer killTimer_;
    bool cancelled_ = false;
    bool done_ = false;
};

}  // namespace meshdiff::rerun
