#pragma once
#include <atomic>
#include <memory>

#include <QObject>
#include <QString>

#include "export/animation/LeadAnimation.h"

namespace meshdiff::pair {
class PairSession;
}
namespace meshdiff::views {
class ErrorMapView;
}

namespace meshdiff::gui {

class LeadsController;
class WindowStatus;

// File ▸ Export ▸ Animation of Leads…: the error map as shown (field, member, mode, colour maps,
// view) at every lead of a rollout, one frame a lead, written on a worker (views/export/animation)
// with its progress and Cancel in the status line.
class AnimationController : public QObject {
    Q_OBJECT
public:
    AnimationController(pair::PairSession* session, LeadsController* leads, views::ErrorMapView* map,
                        WindowStatus* status, QObject* parent);
    ~AnimationController() override;  // stops the export in flight

    // A rollout of at least two leads is open, its leads are compared and no export is running.
    bool canExport() const;
    int leadCount() const;
    bool isRunning() const { return job_ != nullptr; }
    // The map as shown, as a figure of `options` (inches), for the dialog's frame size.
    double frameHeightInches(const views::FigureOptions& options) const;
    void exportAnimation(const views::LeadAnimationOptions& options, const QString& path);

public slots:
    void cancel();

signals:
    void availabilityChanged();
    void finished(const QString& path, int frames);
    void failed(const QString& message);
    void cancelled();

private:
    struct Job {
        std::atomic<bool> cancel{false};
    };
    void done(const std::shared_ptr<Job>& job, const views::AnimationFile& file, const QString& error, bool stopped);

    pair::PairSession* session_;
    LeadsController* leads_;
    views::ErrorMapView* map_;
    WindowStatus* status_;
    std::shared_ptr<Job> job_;
};

}  // namespace meshdiff::gui
