#include "fieldtable/MetricChoiceBar.h"

#include <algorithm>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

namespace meshdiff::views {

MetricChoiceBar::MetricChoiceBar(QWidget* parent)
    : QWidget(parent), kind_(new QComboBox(this)), region_(new QComboBox(this)) {
    kind_->setObjectName(QStringLiteral("metricKind"));
    kind_->addItem(tr("Area-weighted"), true);
    kind_->addItem(tr("Grid points"), false);
    kind_->setToolTip(
        tr("Area-weighted: each grid point counts by its cell's area (cos latitude), as WeatherBench scores.\n"
           "Grid points: every point counts the same, as the seeds' rel RMS."));
    region_->setObjectName(QStringLiteral("metricRegion"));
    region_->setToolTip(tr("The part of the globe the rel RMS is measured over (area-weighted)."));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Numbers:"), this));
    layout->addWidget(kind_);
    layout->addSpacing(8);
    layout->addWidget(new QLabel(tr("Region:"), this));
    layout->addWidget(region_, 1);
    setRegions({});
    connect(kind_, &QComboBox::currentIndexChanged, this, &MetricChoiceBar::takeControls);
    connect(region_, &QComboBox::currentIndexChanged, this, &MetricChoiceBar::takeControls);
}

void MetricChoiceBar::setRegions(const std::vector<std::string>& names) {
    std::vector<std::string> offered = names;
    if (offered.empty() || offered.front() != "global") offered.insert(offered.begin(), "global");
    {
        updating_ = true;
        region_->clear();
        for (const std::string& name : offered)
            region_->addItem(QString::fromStdString(regionTitle(name)), QString::fromStdString(name));
        updating_ = false;
    }
    const MetricChoice before = choice_;
    choice_ = wanted_;
    if (region_->findData(QString::fromStdString(choice_.region)) < 0) choice_.region = "global";
    showChoice();
    if (!(choice_ == before)) emit changed(choice_);
}

void MetricChoiceBar::setChoice(const MetricChoice& choice) {
    wanted_ = choice;
    if (!wanted_.isGlobal()) wanted_.areaWeighted = true;
    MetricChoice wanted = choice;
    if (region_->findData(QString::fromStdString(wanted.region)) < 0) wanted.region = "global";
    if (!wanted.isGlobal()) wanted.areaWeighted = true;
    if (wanted == choice_) return;
    choice_ = wanted;
    showChoice();
    emit changed(choice_);
}

void MetricChoiceBar::showChoice() {
    updating_ = true;
    kind_->setCurrentIndex(choice_.areaWeighted ? 0 : 1);
    kind_->setEnabled(choice_.isGlobal());
    region_->setCurrentIndex(std::max(0, region_->findData(QString::fromStdString(choice_.region))));
    updating_ = false;
}

void MetricChoiceBar::takeControls() {
    if (updating_) return;
    setChoice({kind_->currentData().toBool(), region_->currentData().toString().toStdString()});
}

}  // namespace meshdiff::views
