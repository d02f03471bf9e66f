#include "rerunpanel/NumberField.h"

#include <QWheelEvent>

namespace meshdiff::views {

NumberField::NumberField(QWidget* parent) : QDoubleSpinBox(parent) { setFocusPolicy(Qt::StrongFocus); }

QString NumberField::textFromValue(double value) const {
    QString text = locale().toString(value, 'f', decimals());
    const QChar point = locale().decimalPoint().front();
    if (text.contains(point)) {
        while (text.endsWith(QLatin1Char('0'))) text.chop(1);
        if (text.endsWith(point)) text.chop(1);
    }
    return text;
}

void NumberField::wheelEvent(QWheelEvent* event) {
    if (hasFocus()) QDoubleSpinBox::wheelEvent(event);
    else event->ignore();
}

}  // namespace meshdiff::views
