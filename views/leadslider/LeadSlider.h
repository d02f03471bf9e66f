#pragma once
#include <functional>

#include <QStringList>
#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace meshdiff::views {

// The lead-time slider of a rollout: ▶ play/pause, the slider, the lead's label ("+6 h") and a
// member chooser (shown only when the run has members). Leads that are still being compared
// cannot be reached yet: the slider ends at the last ready lead. For files that give no lead
// hours a "step [6] h" box says how many hours apart the leads are.
class LeadSlider : public QWidget {
    Q_OBJECT
public:
    explicit LeadSlider(QWidget* parent = nullptr);

    // One label per lead, in order; a new rollout starts at lead 0 with `ready` leads reachable.
    void setLeads(const QStringList& labels, int ready);
    void setReadyCount(int ready);
    void setMembers(const QStringList& labels);  // empty: no chooser
    void setCurrentMember(int member);           // emits memberChanged when it moves
    int leadCount() const { return labels_.size(); }
    int readyCount() const { return ready_; }
    int currentLead() const;
    int currentMember() const;
    bool isPlaying() const;
    // Play asks before each step whether the previous frame is still being drawn; it skips the
    // step while it is (frames never stack up).
    void setFrameGate(std::function<bool()> frameBusy) { frameBusy_ = std::move(frameBusy); }
    void setPlayInterval(int milliseconds);

    QSlider* slider() const { return slider_; }
    QToolButton* playButton() const { return play_; }
    QComboBox* memberChooser() const { return members_; }
    // The lead-step box, quietly set to `hours` (0: none, the leads go by index).
    void showLeadStep(bool shown, double hours);
    QDoubleSpinBox* leadStepBox() const { return step_; }
    QString leadLabel() const;

public slots:
    void setCurrentLead(int lead);  // clamped to the ready leads; emits leadChanged when it moves
    void stepLead(int delta);       // wraps around the ready leads
    void setPlaying(bool playing);

signals:
    void leadChanged(int lead);
    void memberChanged(int member);
    void leadStepChanged(double hours);  // 0: none

private:
    void playStep();
    void showLabel();

    QToolButton* play_;
    QSlider* slider_;
    QLabel* label_;
    QComboBox* members_;
    QDoubleSpinBox* step_;
    QTimer* timer_;
    QStringList labels_;
    int ready_ = 0;
    std::function<bool()> frameBusy_;
};

}  // namespace meshdiff::views
