#pragma once
#include <utility>

#include <QObject>
#include <QStringList>

class QMenu;
class QSettings;

namespace meshdiff::pair {
class PairSession;
}
namespace meshdiff::views {
class RunsPanel;
}

namespace meshdiff::gui {

class WindowStatus;

// The Runs panel: every run opened or rerun gets a letter there (A, B, then C, D, …), the pair
// on show is marked, and a pair chosen under "Compare" opens (with the spread run kept); the
// spread run's row and its Remove; also runs dropped on the window and the recent pairs (File ▸
// Open Recent, their settings, each with its spread run).
class RunsController : public QObject {
    Q_OBJECT
public:
    RunsController(pair::PairSession* session, views::RunsPanel* panel, WindowStatus* status, QObject* parent);

    views::RunsPanel* panel() const { return panel_; }
    QString nextFreeLabel() const;
    // Lists a finished rerun (as C, D, … unless `label` is free); loads nothing.
    void addRun(const QString& folder, const QString& label);
    // A new pair's graphs are on show: it becomes the newest recent pair and both runs are listed
    // and marked. Returns their letters (A's, B's).
    std::pair<QString, QString> showPair();
    // Dropped on the window: two runs (a third is the spread run), or one for A or B; one run
    // dropped while a pair is open asks whether it is the spread run or the new B.
    void open(const QStringList& paths);
    void fillRecentMenu(QMenu* menu);
    void restoreSettings(const QSettings& settings);

signals:
    void nextLabelChanged(const QString& label);

private:
    QString listRun(const QString& path);
    void rememberPair(const QString& a, const QString& b, const QString& spread);
    void askAboutThirdRun(const QString& path);

    pair::PairSession* session_;
    views::RunsPanel* panel_;
    WindowStatus* status_;
    QStringList recentPairs_;  // newest first, as saved in the settings
};

}  // namespace meshdiff::gui
