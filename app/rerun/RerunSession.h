#pragma once
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>

namespace meshdiff::rerun {

class RerunController;
struct RerunRequest;

// The rerun engine behind the Rerun panel, in Qt terms: start() takes the panel's request
// ({"recipe", "backend", "remote_dir", "ssh_config", "run_a", "run_b", "label"}) and the
// signals report the run. One run at a time. Qt Core only.
class RerunSession : public QObject {
    Q_OBJECT
public:
    explicit RerunSession(QObject* parent = nullptr);

    void setRunsDirectory(const QString& directory);  // default: defaultRunsDirectory()
    QString runsDirectory() const { return runsDir_; }
    static QString presetDirectory();
    bool running() const;
    // The engine's request for the panel's request (recipe, back-end, runs, this session's runs
    // directory, meshdiff and resources paths). Throws meshdiff::Error on a bad recipe or back-end.
    RerunRequest requestFor(const QJsonObject& json) const;

public slots:
    void start(const QJsonObject& request);
    void cancel();

signals:
    void started(const QString& runId);
    void logText(const QString& text);
    void progressChanged(double fraction);
    void ended(const QString& runFolder, const QString& label, bool succeeded, const QString& status);
    void runFinished(const QString& runFolder, const QString& label);  // succeeded: add it as a run
    // After runFinished, when the recipe says "compare": diff the new run against A and B
    // (paths empty when not loaded). `runDir` holds the run's log: a place for the results.
    void comparisonWanted(const QString& runFolder, const QString& label, const QString& runA, const QString& runB,
                          const QString& runDir);
    void startFailed(const QString& message);
    void runsDirectoryChanged(const QString& directory);

private:
    QString runsDir_;
    QPointer<RerunController> controller_;
};

}  // namespace meshdiff::rerun
