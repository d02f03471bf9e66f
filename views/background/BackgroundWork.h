#pragma once
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include <QString>
#include <QThreadPool>
#include <QVariant>

#include "background/HandOff.h"

namespace meshdiff::views {

// meshdiff's own background work (loading, scene building, field maps, analyses) runs on this
// pool, never on QThreadPool::globalInstance(): Qt's raster paint engine splits large fills over
// the global pool and the GUI thread waits for them, so a long task of ours there would hold up
// every paint until it ended.
QThreadPool& backgroundPool();
void runInBackground(std::function<void()> task);
// Waits for every task started so far: a window whose tasks capture it calls this when destroyed.
void waitForBackgroundWork();

// Drops `data` on a worker: freeing hundreds of megabytes of graphs or maps (or VTK pipelines)
// takes tens of milliseconds, too long for the GUI thread.
template <typename T>
void releaseInBackground(std::shared_ptr<T> data) {
    if (!data || data.use_count() > 1) return;  // someone else still holds it: nothing to free here
    runInBackground([data = std::move(data)]() mutable { data.reset(); });
}

// Writes settings on one worker thread, in the order asked: QSettings syncs to disk (lock file,
// fdatasync, rename) when it is destroyed, which can take 50+ ms on a busy disk.
void saveSettingsInBackground(std::vector<std::pair<QString, QVariant>> values);
// Waits for the settings writes asked for so far: a window reading its settings calls this first,
// so that it sees what another window has just saved.
void waitForSettingsWrites();

}  // namespace meshdiff::views
