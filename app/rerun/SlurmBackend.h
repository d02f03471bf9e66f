#pragma once
#include <QFile>
#include <QProcess>
#include <QTimer>

#include "rerun/Backend.h"

namespace meshdiff::rerun {

// Submits the job to Slurm from this machine: writes <run>/job.sh, sbatch, follows it with
// squeue (and scontrol for the exit code), tails its output file, cancels with scancel. The
// run folder must be on a file system the compute nodes share (outputs land there directly).
class SlurmBackend : public Backend {
    Q_OBJECT
public:
    explicit SlurmBackend(BackendSettings settings, QObject* parent = nullptr);
    ~SlurmBackend() override;

    void cancel() override;
    bool detachable() const override { return true; }
    std::string jobId() const override { return jobId_; }

private:
    void launch() override;
    void poll();
    void onState(const QString& state);
    void onExitInfo(const QString& text, const QString& state);
    void readLog();

    std::string jobId_;
    QString logPath_;
    qint64 logOffset_ = 0;
    QProcess query_;
    QTimer pollTimer_;
};

}  // namespace meshdiff::rerun
