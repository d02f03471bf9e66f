#include "export/animation/AnimationExportDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace meshdiff::views {

AnimationExportDialog::AnimationExportDialog(QSize screenMap, int leads, QString path,
                                             std::function<double(const FigureOptions&)> heightOf, QWidget* parent)
    : QDialog(parent), screenMap_(screenMap), heightOf_(std::move(heightOf)) {
    setWindowTitle(tr("Export an animation of the leads"));
    auto* form = new QFormLayout;

    auto* pathRow = new QHBoxLayout;
    path_ = new QLineEdit(std::move(path), this);
    path_->setObjectName(QStringLiteral("animationPath"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &AnimationExportDialog::browse);
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    form->addRow(tr("File:"), pathRow);

    format_ = new QComboBox(this);
    format_->setObjectName(QStringLiteral("animationFormat"));
    format_->addItem(tr("GIF (loops, each frame its own 255 colours)"), int(AnimationFormat::Gif));
    format_->addItem(tr("MP4 (H.264)"), int(AnimationFormat::Mp4));
    form->addRow(tr("Format:"), format_);

    fps_ = new QSpinBox(this);
    fps_->setObjectName(QStringLiteral("animationFps"));
    fps_->setRange(1, 30);
    fps_->setValue(2);
    fps_->setSuffix(tr(" frames a second"));
    form->addRow(tr("Speed:"), fps_);

    size_ = new QComboBox(this);
    size_->setObjectName(QStringLiteral("animationSize"));
    for (FigurePreset preset : {FigurePreset::AsOnScreen, FigurePreset::SingleColumn, FigurePreset::DoubleColumn})
        size_->addItem(figurePresetName(preset), int(preset));
    form->addRow(tr("Size:"), size_);
    dpi_ = new QSpinBox(this);
    dpi_->setObjectName(QStringLiteral("animationDpi"));
    dpi_->setRange(50, 600);
    dpi_->setValue(150);
    dpi_->setSuffix(tr(" DPI"));
    form->addRow(tr("Resolution:"), dpi_);

    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("animationSummary"));
    auto* limits = new QLabel(tr("One frame per lead (%1 leads), each titled with the field, what is shown, "
                                 "units and lead. The colour limits are fixed over all the leads, so a colour "
                                 "means the same value in every frame.")
                                  .arg(leads),
                              this);
    limits->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(summary_);
    layout->addWidget(limits);
    layout->addWidget(buttons);

    connect(format_, &QComboBox::currentIndexChanged, this, &AnimationExportDialog::formatChosen);
    connect(size_, &QComboBox::currentIndexChanged, this, &AnimationExportDialog::updateSummary);
    connect(dpi_, &QSpinBox::valueChanged, this, &AnimationExportDialog::updateSummary);
    if (path_->text().endsWith(QStringLiteral(".mp4"), Qt::CaseInsensitive)) format_->setCurrentIndex(1);
    updateSummary();
}

LeadAnimationOptions AnimationExportDialog::options() const {
    LeadAnimationOptions options;
    options.format = AnimationFormat(format_->currentData().toInt());
    options.framesPerSecond = fps_->value();
    const auto preset = FigurePreset(size_->currentData().toInt());
    options.figure = withPreset(FigureOptions{}, preset, QSizeF(screenMap_));
    options.figure.format = FigureFormat::Png;
    options.figure.dotsPerInch = preset == FigurePreset::AsOnScreen ? kScreenPixelsPerInch : dpi_->value();
    return options;
}

void AnimationExportDialog::setOptions(const LeadAnimationOptions& options) {
    if (const int format = format_->findData(int(options.format)); format >= 0) format_->setCurrentIndex(format);
    fps_->setValue(options.framesPerSecond);
    if (const int size = size_->findData(int(options.figure.preset)); size >= 0) size_->setCurrentIndex(size);
    if (options.figure.preset != FigurePreset::AsOnScreen) dpi_->setValue(options.figure.dotsPerInch);
    updateSummary();
}

QString AnimationExportDialog::path() const { return path_->text().trimmed(); }

void AnimationExportDialog::setPath(const QString& path) { path_->setText(path); }

void AnimationExportDialog::formatChosen() {
    const QString suffix = animationFormatSuffix(AnimationFormat(format_->currentData().toInt()));
    const QFileInfo info(path());
    if (!path().isEmpty() && info.suffix().toLower() != suffix)
        path_->setText(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + suffix));
    updateSummary();
}

void AnimationExportDialog::updateSummary() {
    const LeadAnimationOptions o = options();
    dpi_->setEnabled(o.figure.preset != FigurePreset::AsOnScreen);
    QSize pixels = pixelSize(o.figure, heightOf_ ? heightOf_(o.figure) : o.figure.widthInches / 2);
    if (o.format == AnimationFormat::Mp4)
        pixels = QSize(pixels.width() + pixels.width() % 2, pixels.height() + pixels.height() % 2);
    summary_->setText(tr("Frames of %1 × %2 pixels.").arg(pixels.width()).arg(pixels.height()));
}

void AnimationExportDialog::browse() {
    const bool gif = AnimationFormat(format_->currentData().toInt()) == AnimationFormat::Gif;
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Animation of the leads"), path(),
                                                        gif ? tr("GIF (*.gif)") : tr("MP4 (*.mp4)"));
    if (!chosen.isEmpty()) setPath(chosen);
}

}  // namespace meshdiff::views
