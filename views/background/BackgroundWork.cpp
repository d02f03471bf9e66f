#include "background/BackgroundWork.h"

#include <QSettings>
#include <QThread>

#include <sched.h>

#include <algorithm>

namespace meshdiff::views {
namespace {

// Released when a task ends, acquired when its pool has been waited for (for ThreadSanitizer).
const char kTaskEnded = 0;

// Starts `task` on `pool` with the hand-off published (see HandOff.h).
void startOn(QThreadPool& pool, std::function<void()> task) {
    pool.start([task = HandedOff(std::move(task))]() mutable {
        task();
        releaseHandOff(&kTaskEnded);
    });
}

QThreadPool& settingsWriter() {
    static QThreadPool* pool = [] {
        auto* writer = new QThreadPool;
        writer->setMaxThreadCount(1);  // one writer: the settings are written in the order asked
        return writer;
    }();
    return *pool;
}

}  // namespace

QThreadPool& backgroundPool() {
    // Never destroyed: tasks still queued at exit hold no one up (the window waits for its own).
    static QThreadPool* pool = [] {
        auto* background = new QThreadPool;
        // More threads than cores: a short job (a field map, freeing a pair) should not wait
        // behind a long one (a report, a scene build) for a free thread.
        background->setMaxThreadCount(std::max(4, QThread::idealThreadCount()));
        return background;
    }();
    return *pool;
}

void runInBackground(std::function<void()> task) {
    startOn(backgroundPool(), [task = std::move(task)] {
        // SCHED_BATCH: a background thread never preempts the GUI thread when it wakes, yet
        // keeps its fair share (a lower nice value starved it beside other busy processes while
        // it held locks the GUI thread needed, such as malloc's).
        static thread_local const bool lowered = [] {
            const sched_param normal{};
            return ::sched_setscheduler(0, SCHED_BATCH, &normal) == 0;
        }();
        (void)lowered;
        task();
    });
}

void waitForBackgroundWork() {
    backgroundPool().waitForDone();
    acquireHandOff(&kTaskEnded);
    waitForSettingsWrites();
}

void waitForSettingsWrites() {
    settingsWriter().waitForDone();
    acquireHandOff(&kTaskEnded);
}

void saveSettingsInBackground(std::vector<std::pair<QString, QVariant>> values) {
    startOn(settingsWriter(), [values = std::move(values)] {
        QSettings settings;
        for (const auto& [key, value] : values) settings.setValue(key, value);
    });
}

}  // namespace meshdiff::views
