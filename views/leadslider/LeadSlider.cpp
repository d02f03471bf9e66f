#include "leadslider/LeadSlider.h"

#include <algorithm>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

namespace meshdiff::views {

LeadSlider::LeadSlider(QWidget* parent)
    : QWidget(parent),
      play_(new QToolButton(this)),
      slider_(new QSlider(Qt::Horizontal, this)),
      label_(new QLabel(this)),
      members_(new QComboBox(this)),
      step_(new QDoubleSpinBox(this)),
      timer_(new QTimer(this)) {
    setObjectName(QStringLiteral("leadSlider"));
    play_->setObjectName(QStringLiteral("leadPlay"));
    play_->setCheckable(true);
    // The style's icons: a ▶ glyph would send the first paint through fontconfig's fallback search.
    play_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    play_->setToolTip(tr("Play the leads one after the other"));
    slider_->setObjectName(QStringLiteral("leadSliderBar"));
    slider_->setRange(0, 0);
    slider_->setPageStep(1);
    slider_->setTickPosition(QSlider::TicksBelow);
    label_->setObjectName(QStringLiteral("leadLabel"));
    // Wide enough for the longest label: the chooser beside it does not jump with the lead.
    label_->setMinimumWidth(label_->fontMetrics().horizontalAdvance(QStringLiteral("+240 h ")));
    members_->setObjectName(QStringLiteral("memberChooser"));
    members_->setToolTip(tr("Ensemble member: A's member k against B's member k"));
    members_->hide();
    step_->setObjectName(QStringLiteral("leadStep"));
    step_->setRange(0, 8760);
    step_->setDecimals(2);
    step_->setSpecialValueText(tr("step — h"));
    step_->setPrefix(tr("step "));
    step_->setSuffix(tr(" h"));
    step_->setKeyboardTracking(false);
    step_->setToolTip(
        tr("The files give no lead hours: hours between leads, the first lead one step after the "
           "start (as --lead-hours); 0 counts leads by index"));
    step_->hide();
    timer_->setInterval(700);
    // Beside the play button rather than across the whole toolbar.
    setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(new QLabel(tr("Lead"), this));
    layout->addWidget(play_);
    layout->addWidget(slider_);
    layout->addWidget(label_);
    layout->addWidget(members_);
    layout->addWidget(step_);

    connect(slider_, &QSlider::valueChanged, this, [this](int lead) {
        showLabel();
        emit leadChanged(lead);
    });
    connect(members_, &QComboBox::currentIndexChanged, this, [this](int member) {
        if (member >= 0) emit memberChanged(member);
    });
    connect(step_, &QDoubleSpinBox::valueChanged, this, &LeadSlider::leadStepChanged);
    connect(play_, &QToolButton::toggled, this, &LeadSlider::setPlaying);
    connect(timer_, &QTimer::timeout, this, &LeadSlider::playStep);
}

void LeadSlider::setLeads(const QStringList& labels, int ready) {
    setPlaying(false);
    labels_ = labels;
    slider_->setFixedWidth(std::clamp(int(labels.size()) * 48, 240, 640));
    const QSignalBlocker quiet(slider_);
    slider_->setValue(0);
    setReadyCount(ready);
}

void LeadSlider::setReadyCount(int ready) {
    ready_ = std::clamp(ready, 0, int(labels_.size()));
    const QSignalBlocker quiet(slider_);  // the shown lead stays where it is
    slider_->setRange(0, std::max(0, ready_ - 1));
    showLabel();
}

void LeadSlider::setMembers(const QStringList& labels) {
    const QSignalBlocker quiet(members_);
    members_->clear();
    members_->addItems(labels);
    members_->setVisible(!labels.isEmpty());
}

void LeadSlider::showLeadStep(bool shown, double hours) {
    const QSignalBlocker quiet(step_);
    step_->setValue(hours);
    step_->setVisible(shown);
}

int LeadSlider::currentLead() const { return slider_->value(); }
void LeadSlider::setCurrentMember(int member) {
    if (member >= 0 && member < members_->count()) members_->setCurrentIndex(member);
}

int LeadSlider::currentMember() const { return std::max(0, members_->currentIndex()); }
bool LeadSlider::isPlaying() const { return timer_->isActive(); }
void LeadSlider::setPlayInterval(int milliseconds) { timer_->setInterval(milliseconds); }

QString LeadSlider::leadLabel() const { return label_->text(); }

void LeadSlider::setCurrentLead(int lead) { slider_->setValue(std::clamp(lead, 0, slider_->maximum())); }

void LeadSlider::stepLead(int delta) {
    if (ready_ <= 1) return;
    setCurrentLead(((currentLead() + delta) % ready_ + ready_) % ready_);
}

void LeadSlider::setPlaying(bool playing) {
    playing = playing && ready_ > 1;
    if (playing) timer_->start();
    else timer_->stop();
    const QSignalBlocker quiet(play_);
    play_->setChecked(playing);
    play_->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    play_->setToolTip(playing ? tr("Pause") : tr("Play the leads one after the other"));
}

void LeadSlider::playStep() {
    if (frameBusy_ && frameBusy_()) return;  // the last frame is still on its way: skip this one
    stepLead(+1);
}

void LeadSlider::showLabel() {
    const int lead = currentLead();
    label_->setText(lead < labels_.size() ? labels_[lead] : QString());
    // While leads are still compared, the slider ends early; its tooltip says why.
    const QString tip = tr("Lead time shown by the field table, the error map and the globe ([ and ] step, P plays)");
    slider_->setToolTip(
        ready_ < labels_.size() ? tip + tr("\n%1 of %2 leads compared so far").arg(ready_).arg(labels_.size()) : tip);
}

}  // namespace meshdiff::views
