#pragma once
#include <QObject>
#include <QString>
#include <memory>
#include <string>
#include <vector>

#include "rerun/Job.h"
#include "rerun/RunStatus.h"

namespace meshdiff::rerun {

// Where a back-end keeps one run on this machine: <runsDir>/<id>/ holding out/ (the new run folder).
struct RunPaths {
    std::string id;
    std::string runDir;
    std::string outDir;
};

// How to reach a back-end: "local", "ssh:HOST" or "slurm", plus its settings.
struct BackendSettings {
    std::string kind = "local";               // local | ssh | slurm
    std::string host;                         // ssh
    std::string remoteDir = "meshdiff-runs";  // ssh: relative to the remote home unless absolute
    std::string sshConfig;                    // ssh -F FILE; the user's ~/.ssh/config when empty
    std::vector<std::string> slurmArgs;       // extra sbatch arguments (--partition=…, --gres=…)
    std::string remoteMeshdiff = "meshdiff";  // {meshdiff} on the ssh host

    std::string describe() const;  // "local", "ssh:HOST", "slurm"
};

// Throws meshdiff::Error for anything but local, ssh:HOST or slurm.
BackendSettings parseBackend(const std::string& text);

// Runs one resolved job somewhere and reports its output and how it ended. Nothing starts
// before start(); cancel() asks the job to stop and still ends with finished().
class Backend : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~Backend() override = default;

    // Resolves the recipe with the paths the command sees there (emits resolved()), copies
    // inputs where needed, runs it and ends with finished(). `base` holds the local values.
    virtual void start(const Recipe& recipe, const JobContext& base, const RunPaths& paths) = 0;
    virtual void cancel() = 0;
    virtual bool detachable() const { return false; }  // true when the job survives this process
    virtual std::string jobId() const { return {}; }   // Slurm job id, once submitted

signals:
    void resolved(const meshdiff::rerun::Job& job);
    void output(const QString& text);  // the job's own output, in chunks
    void note(const QString& text);    // what meshdiff does around it (copying, submitting, …)
    void submitted();                  // a detachable job was accepted by its scheduler
    void finished(const meshdiff::rerun::RunOutcome& outcome);
};

std::unique_ptr<Backend> makeBackend(const BackendSettings& settings);

// Resolves `recipe`, reporting a resolution error as a failed outcome instead of throwing.
bool resolveOrFail(Backend& backend, const Recipe& recipe, const JobContext& context, Job& job);

}  // namespace meshdiff::rerun
