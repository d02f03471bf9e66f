#include "runs/SpreadRunRow.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace meshdiff::views {

SpreadRunRow::SpreadRunRow(QWidget* parent)
    : QWidget(parent), pathLabel_(new QLabel(this)), remove_(new QToolButton(this)) {
    setObjectName(QStringLiteral("spreadRunRow"));
    pathLabel_->setObjectName(QStringLiteral("spreadRunPath"));
    pathLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    pathLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    remove_->setObjectName(QStringLiteral("removeSpreadRun"));
    remove_->setText(tr("Remove"));
    remove_->setToolTip(tr("Compare without the spread run (A's own members are the spread, when it has them)"));
    connect(remove_, &QToolButton::clicked, this, &SpreadRunRow::removeRequested);
    auto* title = new QLabel(tr("Spread"), this);
    title->setToolTip(
        tr("A against this run is the yardstick of A − B: the field table's “A−B / spread”, the "
           "growth chart's band, the scorecard and the Diagnosis"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(title);
    layout->addWidget(pathLabel_, 1);
    layout->addWidget(remove_);
    setVisible(false);
}

void SpreadRunRow::setPath(const QString& path) {
    path_ = path;
    pathLabel_->setToolTip(path);
    updatePathText();
    setVisible(!path.isEmpty());
}

void SpreadRunRow::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updatePathText();
}

void SpreadRunRow::updatePathText() {
    pathLabel_->setText(
        pathLabel_->fontMetrics().elidedText(path_, Qt::ElideMiddle, std::max(40, pathLabel_->width())));
}

}  // namespace meshdiff::views
