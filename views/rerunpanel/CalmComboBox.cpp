#include "rerunpanel/CalmComboBox.h"

#include <QWheelEvent>

namespace meshdiff::views {

CalmComboBox::CalmComboBox(QWidget* parent) : QComboBox(parent) { setFocusPolicy(Qt::StrongFocus); }

void CalmComboBox::wheelEvent(QWheelEvent* event) {
    if (hasFocus()) QComboBox::wheelEvent(event);
    else event->ignore();  // the scroll area holding the panel scrolls instead
}

}  // namespace meshdiff::views
