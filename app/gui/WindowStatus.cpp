#include "gui/WindowStatus.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>

namespace meshdiff::gui {

WindowStatus::WindowStatus(QStatusBar* bar, QWidget* window)
    : QObject(window),
      text_(new QLabel(window)),
      progress_(new QProgressBar(window)),
      cancel_(new QPushButton(tr("Cancel"), window)) {
    progress_->setRange(0, 100);
    progress_->setMaximumWidth(220);
    progress_->hide();
    cancel_->setObjectName(QStringLiteral("cancelLoading"));
    cancel_->hide();
    connect(cancel_, &QPushButton::clicked, this, &WindowStatus::cancelRequested);
    // A long status line is cut rather than widening the window past the screen; the tooltip has it whole.
    text_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    bar->addWidget(text_, 1);
    bar->addPermanentWidget(progress_);
    bar->addPermanentWidget(cancel_);
}

void WindowStatus::show(const QString& text) {
    text_->setText(text);
    text_->setToolTip(text);
}

void WindowStatus::showProgress(int percent, const QString& text) {
    // QProgressBar::setValue repaints at once and waits for the X server to show it (tens of ms
    // while the comparing threads hold both cores): a few progress updates per second are enough.
    if (progressTimer_.isValid() && progressTimer_.elapsed() < 250) return;
    progressTimer_.restart();
    progress_->setValue(percent);
    show(text);
}

void WindowStatus::startProgress() {
    progress_->setRange(0, 100);
    progress_->setValue(0);
    progress_->show();
    cancel_->show();
}

void WindowStatus::showBusy() {
    progress_->setRange(0, 0);
    progress_->show();
}

void WindowStatus::endProgress() {
    progress_->hide();
    cancel_->hide();
}

}  // namespace meshdiff::gui
