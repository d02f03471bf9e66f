#include "map/MapControlRows.h"

#include <algorithm>

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>

namespace meshdiff::views {

MapControlRows::MapControlRows(QWidget* parent)
    : QWidget(parent),
      grid_(new QGridLayout(this)),
      firstWidget_(new QWidget(this)),
      secondWidget_(new QWidget(this)),
      first_(new QHBoxLayout(firstWidget_)),
      second_(new QHBoxLayout(secondWidget_)) {
    for (QHBoxLayout* group : {first_, second_}) group->setContentsMargins(0, 0, 0, 0);
    grid_->setContentsMargins(0, 0, 0, 0);
    grid_->setVerticalSpacing(2);
    grid_->addWidget(firstWidget_, 0, 0, Qt::AlignLeft);
    grid_->addWidget(secondWidget_, 1, 0, Qt::AlignLeft);
    grid_->setColumnStretch(2, 1);
}

void MapControlRows::place() {
    const int spacing = grid_->horizontalSpacing();
    // Narrow enough for either layout: the view may always shrink to two rows.
    setMinimumWidth(std::max(firstWidget_->minimumSizeHint().width(), secondWidget_->minimumSizeHint().width()));
    const bool fits = width() >= firstWidget_->sizeHint().width() + spacing + secondWidget_->sizeHint().width();
    if (fits == oneRow_) return;
    oneRow_ = fits;
    grid_->removeWidget(secondWidget_);
    if (oneRow_) grid_->addWidget(secondWidget_, 0, 1, Qt::AlignLeft);
    else grid_->addWidget(secondWidget_, 1, 0, Qt::AlignLeft);
}

void MapControlRows::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    place();
}

bool MapControlRows::event(QEvent* event) {
    if (event->type() == QEvent::LayoutRequest) place();
    return QWidget::event(event);
}

}  // namespace meshdiff::views
