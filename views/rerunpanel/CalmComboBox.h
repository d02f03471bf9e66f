#pragma once
#include <QComboBox>

class QWheelEvent;

namespace meshdiff::views {

// A drop-down that a wheel scroll passing over it does not change: it takes the wheel only
// once it has focus (clicked or tabbed to); otherwise the scroll goes on to the panel around it.
class CalmComboBox : public QComboBox {
public:
    explicit CalmComboBox(QWidget* parent = nullptr);

protected:
    void wheelEvent(QWheelEvent* event) override;
};

}  // namespace meshdiff::views
