#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include <QObject>
#include <QString>

#include "globe/GlobeScene.h"
#include "map/ErrorMapRenderer.h"
#include "pair/FieldMap.h"
#include "pair/LoadedPair.h"
#include "pair/PairLoader.h"

namespace meshdiff::pair {

// The two runs the window compares, in Qt terms: which runs are open, what is loaded (the
// LoadedPair), what is selected (a field, a difference) and the loads in flight. Heavy work runs
// on the background pool; its results come back to this object's thread by queued invocation
// and are dropped when a newer request replaced theirs; nothing big is freed on this thread.
// Knows no widget: MainWindow follows its signals.
class PairSession : public QObject {
    Q_OBJECT
public:
    explicit PairSession(QObject* parent = nullptr);
    ~PairSession() override;  // stops the load in flight and waits for the background work

    QString runA() const { return pathA_; }
    QString runB() const { return pathB_; }
    // The third run whose difference from A is the yardstick (CompareOptions::spreadRun); empty
    // without one (A's members are the spread, when it has them).
    QString spreadRun() const { return spreadPath_; }
    // Hours between leads for files that give none (PairLoadScope::leadStepHours); none: leads by index.
    std::optional<double> leadStepHours() const { return leadStepHours_; }
    bool isLoading() const { return job_ != nullptr; }
    int loadGeneration() const { return generation_; }  // loads started so far
    const LoadedPair* pair() const { return pair_.get(); }
    std::shared_ptr<const LoadedPair> sharedPair() const { return pair_; }
    QString currentField() const { return currentField_; }  // empty: the map of the graph differences
    const views::GlobePick& selectedDifference() const { return difference_; }
    QString lastError() const { return lastError_; }
    QString status() const { return status_; }  // the last statusText

    void setMapStyle(const views::ErrorMapStyle& style);  // how the next field maps are coloured
    // With a limit above 0, a load compares the fields only once graphsShown() was called for its
    // graph stage (or after `limit`): on a two-core machine the globe's scene build and the field
    // comparison would otherwise halve each other's speed, and the graph differences come first.
    void setFieldsWaitForGraphsShown(std::chrono::milliseconds limit);
    // Called on the loading thread as soon as a load has read its graphs, before they are diffed:
    // what needs only the graphs (the globe's mesh texture) starts without waiting for this
    // thread. A load takes the one set when it starts (pairOpening's receivers may still set it).
    void setGraphsReadWork(GraphsReadFn work);
    // The lead and member of a rollout that the field maps show (a new pair starts at {}); the
    // current field's map is read again.
    void showSlice(const FieldSlice& slice);
    const FieldSlice& slice() const { return slice_; }
    bool fieldMapPending() const { return fieldAnswered_ != fieldRequest_; }  // a map is being prepared

public slots:
    void open(const QString& runA, const QString& runB);  // without a spread run
    void openWithSpread(const QString& runA, const QString& runB, const QString& spreadRun);
    // The spread run of the pair (empty: none); the pair, when both runs are set, loads again with it.
    void setSpreadRun(const QString& path);
    // The lead step for files without lead hours; the pair, when both runs are set, loads again with it.
    void setLeadStepHours(std::optional<double> hours);
    void openDemo();                    // generates the built-in demo once (off this thread), then opens it
    void setRunA(const QString& path);  // opens once B is known too
    void setRunB(const QString& path);
    void swapRuns();
    void reload();
    void cancel();       // what was shown before stays (or the graphs, when they were already shown)
    void graphsShown();  // the graph stage of the load in flight is on screen
    void selectField(const QString& name);
    void selectDifference(const meshdiff::views::GlobePick& pick);

signals:
    void runsChanged(const QString& runA, const QString& runB);
    void spreadRunChanged(const QString& path);                  // empty: none
    void pairOpening(const QString& runA, const QString& runB);  // a load started
    void progressChanged(int percent, const QString& step);
    // A load ends with loadingEnded, then one of fieldsReady, fieldsFailed, loadCancelled or
    // loadFailed. graphsReady puts a new pair on show: while the fields are still compared, or
    // just before fieldsReady.
    void loadingEnded();
    void graphsReady(double seconds);           // pair() holds the runs, graphs and their diff
    void fieldsReady(double seconds);           // pair() is complete
    void fieldsFailed(const QString& message);  // the graphs stay, without fields
    void loadCancelled(bool graphsKept);
    void loadFailed(const QString& message);  // nothing new is shown
    void selectionChanged();
    void fieldLoaded(std::shared_ptr<meshdiff::pair::FieldMap> map);               // the receiver takes what it shows
    void fragilityReady(std::shared_ptr<const meshdiff::FragilityReport> report);  // graph A's, also in pair()
    void statusText(const QString& text);

private:
    struct Job {
        int generation = 0;
        std::atomic<bool> cancel{false};
        std::shared_ptr<LoadedPair> graphStage;  // shown before the fields were compared
        std::chrono::milliseconds fieldsWait{0};
        std::mutex mutex;
        std::condition_variable shownChanged;
        bool shown = false;  // the graph stage is on screen (or the job stopped): the fields may start

        void stop();  // cancels, and lets a worker waiting for the screen go on to notice it
        void graphsShown();
        void waitUntilGraphsShown();  // at most fieldsWait
    };

    void startLoading();
    void loadInBackground(const std::shared_ptr<Job>& job);
    void onGraphsReady(const std::shared_ptr<Job>& job, std::shared_ptr<LoadedPair> graphStage);
    void onLoaded(const std::shared_ptr<Job>& job, std::shared_ptr<LoadedPair> pair);
    void onFieldsFailed(const std::shared_ptr<Job>& job, const QString& message);
    void onLoadFailed(const std::shared_ptr<Job>& job, const QString& message);
    void endJob();
    void showPair(std::shared_ptr<LoadedPair> pair);
    void setPaths(QString runA, QString runB);  // by value: callers pass the members themselves
    void setSpreadPath(QString path);
    void restorePathsOfPair();
    void requestFieldMap();
    void startFragility();
    QString summary(const QString& prefix) const;
    void say(const QString& text);  // statusText, remembered

    QString pathA_, pathB_, spreadPath_;
    std::optional<double> leadStepHours_;
    QString lastError_;
    QString status_;
    QString currentField_;
    views::GlobePick difference_;
    std::shared_ptr<LoadedPair> pair_;
    std::shared_ptr<Job> job_;
    int generation_ = 0;
    std::chrono::milliseconds fieldsWait_{0};
    GraphsReadFn graphsReadWork_;
    int fieldRequest_ = 0;
    int fieldAnswered_ = 0;  // the last request whose answer came back
    FieldSlice slice_;
    views::ErrorMapStyle mapStyle_;
    std::vector<std::vector<views::LonLat>> coastlines_;
};

}  // namespace meshdiff::pair
