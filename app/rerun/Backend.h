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
// before start(); cancel() asks the job to stop and still ends with finished(), once.
class Backend : public QObject {
    Q_OBJECT
public:
    explicit Backend(BackendSettings settings, QObject* parent = nullptr);
    ~Backend() override = default;

    // Resolves the recipe with the paths the command sees there (emits resolved()), copies
    // inputs where needed, runs it and ends with finished(). `base` holds the local values.
    void start(const Recipe& recipe, const JobContext& base, const RunPaths& paths);
    virtual void cancel() = 0;
    virtual bool detachable() const { return false; }  // true when the job survives this process
    virtual std::string jobId() const { return {}; }   // Slurm job id, once submitted

signals:
    void resolved(const meshdiff::rerun::Job& job);
    void output(const QString& text);  // the job's own output, in chunks
    void note(const QString& text);    // what meshdiff does around it (copying, submitting, …)
    void submitted();                  // a detachable job was accepted by its scheduler
    void finished(const meshdiff::rerun::RunOutcome& outcome);

protected:
    virtual void launch() = 0;  // what start() does after keeping its arguments

    // Resolves the recipe into job_ for a command that sees `context` and emits resolved(); a
    // resolution error ends the run as failed (false).
    bool resolve(const JobContext& context);
    JobContext baseContext() const { return base_; }
    JobContext localContext() const;         // for a command on this machine: out/ is paths_.outDir
    void finish(const RunOutcome& outcome);  // the first call ends the run; later ones do nothing
    bool done() const { return done_; }

    const BackendSettings settings_;
    RunPaths paths_;
    Job job_;
    bool cancelled_ = false;

private:
    Recipe recipe_;
    JobContext base_;
    bool done_ = false;
};

std::unique_ptr<Backend> makeBackend(const BackendSettings& settings);

}  // namespace meshdiff::rerun
