#pragma once
#include <QObject>

class QAction;

namespace meshdiff::gui {

// A menu entry or key as a small object (ParaView's pqReaction): it holds its QAction (whose
// child it is), does what the action asks in onTriggered() and keeps the action enabled in
// updateEnabledState(), called again whenever the state it follows changes (updateEnabledStateOn).
class Reaction : public QObject {
    Q_OBJECT
public:
    explicit Reaction(QAction* action);
    QAction* action() const { return action_; }

protected:
    virtual void onTriggered() {}
    virtual void updateEnabledState() {}  // the default: always enabled
    template <class Sender, class Signal>
    void updateEnabledStateOn(const Sender* sender, Signal signal) {
        connect(sender, signal, this, [this] { updateEnabledState(); });
    }

private:
    QAction* action_;
};

}  // namespace meshdiff::gui
