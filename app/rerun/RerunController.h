#pragma once
#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QTimer>
#include <map>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "rerun/Backend.h"
#include "rerun/ProgressParser.h"
#include "rerun/Recipe.h"

namespace meshdiff::rerun {

struct RerunRequest {
    Recipe recipe;
    BackendSettings backend;
    std::map<std::string, RunRef> runs;  // "A", "B"
    std::string label;                   // the new run's name (C, D, …); "rerun <id>" when empty
    std::string runsDir;                 // holds <id>/ and ledger.json
    std::string meshdiffPath;            // {meshdiff} for local and Slurm runs
    std::string resourcesDir;            // {resources}
};

// One rerun from the user's click to its end: makes <runsDir>/<id>/, resolves the recipe,
// starts the back-end, keeps the log (<id>/log.txt), progress, elapsed time and time limit,
// and writes what happened to the run ledger. The new run folder is <runsDir>/<id>/out.
class RerunController : public QObject {
    Q_OBJECT
public:
    explicit RerunController(QObject* parent = nullptr);
    ~RerunController() override;

    // Throws meshdiff::Error before anything runs when the recipe cannot be resolved.
    void start(const RerunRequest& request);
    void cancel();

    bool running() const { return running_; }
    double elapsedSeconds() const;
    const nlohmann::json& record() const { return record_; }  // the ledger entry, kept current
    QString runFolder() const;
    QString label() const;
    std::string ledgerPath() const;

signals:
    void started(const QString& runId);
    void logText(const QString& text);
    void progressChanged(double fraction);
    void submitted(const QString& jobId);  // Slurm accepted the job
    void finished(const QString& runFolder, const QString& label, bool succeeded);

private:
    void append(const QString& text);
    void onFinished(const RunOutcome& outcome);
    void writeRecord();
    void writeRunMetadata();

    std::unique_ptr<Backend> backend_;
    RerunRequest request_;
    RunPaths paths_;
    nlohmann::json record_;
    QFile log_;
    ProgressParser progress_;
    QElapsedTimer clock_;
    QTimer timeLimit_;
    bool running_ = false, timedOut_ = false;
    bool probePlanned_ = false;  // the job runs the NumPy probe
    nlohmann::json probe_;       // what it found (readNumpyProbe)
    double finalElapsed_ = -1;
};

}  // namespace meshdiff::rerun
