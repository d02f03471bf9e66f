#pragma once
#include <QDoubleSpinBox>

class QWheelEvent;

namespace meshdiff::views {

// A recipe's number as a spin box: written without trailing zeros (0.25, not 0.2500), and, like
// CalmComboBox, deaf to a wheel scroll passing over it until it has focus.
class NumberField : public QDoubleSpinBox {
public:
    explicit NumberField(QWidget* parent = nullptr);

    QString textFromValue(double value) const override;

protected:
    void wheelEvent(QWheelEvent* event) override;
};

}  // namespace meshdiff::views
