#include "export/FigureExportDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>

#include <algorithm>
#include <cmath>

namespace meshdiff::views {
namespace {

const QString kSubjectKey = QStringLiteral("figure/subject");
const QString kPresetKey = QStringLiteral("figure/preset");
const QString kBackgroundKey = QStringLiteral("figure/background");
const QString kFormatKey = QStringLiteral("figure/format");
const QString kUnitKey = QStringLiteral("figure/unit");
const QString kWidthKey = QStringLiteral("figure/widthInches");
const QString kHeightKey = QStringLiteral("figure/heightInches");
const QString kDpiKey = QStringLiteral("figure/dpi");
const QString kFontKey = QStringLiteral("figure/fontPoints");

QDoubleSpinBox* spinBox(QWidget* parent, double lo, double hi, int decimals, const QString& suffix) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(lo, hi);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setFocusPolicy(Qt::StrongFocus);  // no change on a stray wheel scroll
    return box;
}

}  // namespace

FigureExportDialog::FigureExportDialog(QSize screenMap, QSize screenGlobe, QString folder, QString baseName,
                                       std::function<double(FigureSubject, const FigureOptions&)> heightOf,
                                       QWidget* parent)
    : QDialog(parent),
      screenMap_(screenMap),
      screenGlobe_(screenGlobe),
      folder_(std::move(folder)),
      baseName_(std::move(baseName)),
      heightOf_(std::move(heightOf)) {
    setWindowTitle(tr("Export figure"));
    subject_ = new QComboBox(this);
    subject_->addItem(tr("Error map"), int(FigureSubject::ErrorMap));
    subject_->addItem(tr("Globe"), int(FigureSubject::Globe));
    subject_->addItem(tr("Scorecard"), int(FigureSubject::Scorecard));
    subject_->addItem(tr("Point over leads"), int(FigureSubject::PointSeries));
    preset_ = new QComboBox(this);
    for (FigurePreset p :
         {FigurePreset::AsOnScreen, FigurePreset::SingleColumn, FigurePreset::DoubleColumn, FigurePreset::Custom})
        preset_->addItem(figurePresetName(p), int(p));
    background_ = new QComboBox(this);
    background_->addItem(tr("White"), int(FigureBackground::White));
    background_->addItem(tr("Dark"), int(FigureBackground::Dark));
    format_ = new QComboBox(this);
    format_->addItem(tr("PNG image"), int(FigureFormat::Png));
    format_->addItem(tr("PDF (vector)"), int(FigureFormat::Pdf));
    format_->addItem(tr("SVG (vector)"), int(FigureFormat::Svg));
    unit_ = new QComboBox(this);
    unit_->addItem(tr("mm"), int(LengthUnit::Millimetres));
    unit_->addItem(tr("inches"), int(LengthUnit::Inches));
    width_ = spinBox(this, 0.5, 2000, 1, QString());
    height_ = spinBox(this, 0, 2000, 1, QString());
    height_->setSpecialValueText(tr("automatic (no blank band)"));
    dpi_ = spinBox(this, 36, 1200, 0, tr(" dpi"));
    font_ = spinBox(this, 0, 36, 1, tr(" pt"));
    font_->setSpecialValueText(tr("as on screen"));
    summary_ = new QLabel(this);
    path_ = new QLineEdit(this);
    title_ = new QLineEdit(this);
    title_->setToolTip(
        tr("The figure's title: the field, what is shown, units and lead (map) or place "
           "(point over leads) unless changed"));
    // Names for tests and accessibility tools.
    subject_->setObjectName(QStringLiteral("figureSubject"));
    preset_->setObjectName(QStringLiteral("figurePreset"));
    background_->setObjectName(QStringLiteral("figureBackground"));
    format_->setObjectName(QStringLiteral("figureFormat"));
    unit_->setObjectName(QStringLiteral("figureUnit"));
    width_->setObjectName(QStringLiteral("figureWidth"));
    height_->setObjectName(QStringLiteral("figureHeight"));
    dpi_->setObjectName(QStringLiteral("figureDpi"));
    font_->setObjectName(QStringLiteral("figureFont"));
    summary_->setObjectName(QStringLiteral("figureSummary"));
    path_->setObjectName(QStringLiteral("figurePath"));
    title_->setObjectName(QStringLiteral("figureTitle"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(width_);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(height_);
    sizeRow->addWidget(unit_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Figure of"), subject_);
    form->addRow(tr("Title"), title_);
    form->addRow(tr("Size"), preset_);
    form->addRow(tr("Width × height"), sizeRow);
    form->addRow(tr("Resolution"), dpi_);
    form->addRow(tr("Text size"), font_);
    form->addRow(tr("Background"), background_);
    form->addRow(tr("Format"), format_);
    form->addRow(tr("File"), pathRow);
    form->addRow(summary_);
    form->addRow(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, &FigureExportDialog::browse);
    connect(preset_, &QComboBox::currentIndexChanged, this, &FigureExportDialog::presetChosen);
    connect(subject_, &QComboBox::currentIndexChanged, this, &FigureExportDialog::subjectChosen);
    connect(unit_, &QComboBox::currentIndexChanged, this, &FigureExportDialog::unitChosen);
    connect(format_, &QComboBox::currentIndexChanged, this, &FigureExportDialog::subjectChosen);
    for (QDoubleSpinBox* box : {width_, height_, font_})
        connect(box, &QDoubleSpinBox::valueChanged, this, &FigureExportDialog::sizeEdited);
    connect(dpi_, &QDoubleSpinBox::valueChanged, this, &FigureExportDialog::updateSummary);
    connect(background_, &QComboBox::currentIndexChanged, this, &FigureExportDialog::updateSummary);
    connect(title_, &QLineEdit::textEdited, this, [this](const QString& text) { titles_[subject()] = text; });
    titles_[FigureSubject::ErrorMap] = QString();
    setOptions(FigureOptions{});
    // Never the working folder (often / when started from a desktop menu): home until a folder is chosen.
    if (folder_.isEmpty() || !QFileInfo(folder_).isDir()) folder_ = QDir::homePath();
    setPath(QDir(folder_).filePath(baseName_ + QStringLiteral(".png")));
}

FigureSubject FigureExportDialog::subject() const { return FigureSubject(subject_->currentData().toInt()); }

FigureOptions FigureExportDialog::options() const {
    FigureOptions o;
    o.preset = FigurePreset(preset_->currentData().toInt());
    o.background = FigureBackground(background_->currentData().toInt());
    o.format = subject() == FigureSubject::Globe ? FigureFormat::Png : FigureFormat(format_->currentData().toInt());
    o.unit = LengthUnit(unit_->currentData().toInt());
    o.widthInches = toInches(width_->value());
    o.heightInches = toInches(height_->value());
    o.dotsPerInch = dpi_->value();
    o.fontPoints = font_->value();
    o.title = titles_.contains(subject()) ? title_->text().trimmed() : QString();
    return o;
}

QString FigureExportDialog::path() const { return path_->text().trimmed(); }

void FigureExportDialog::setSubject(FigureSubject subject) {
    subject_->setCurrentIndex(subject_->findData(int(subject)));
}

void FigureExportDialog::setOptions(const FigureOptions& o) {
    updating_ = true;
    unit_->setCurrentIndex(unit_->findData(int(o.unit)));
    width_->setSuffix(o.unit == LengthUnit::Millimetres ? tr(" mm") : tr(" in"));
    height_->setSuffix(width_->suffix());
    width_->setValue(fromInches(o.widthInches));
    height_->setValue(fromInches(o.heightInches));
    dpi_->setValue(o.dotsPerInch);
    font_->setValue(o.fontPoints);
    background_->setCurrentIndex(background_->findData(int(o.background)));
    format_->setCurrentIndex(format_->findData(int(o.format)));
    preset_->setCurrentIndex(preset_->findData(int(o.preset)));
    updating_ = false;
    subjectChosen();
}

void FigureExportDialog::setPath(const QString& path) { path_->setText(path); }

void FigureExportDialog::setDefaultTitle(FigureSubject subject, const QString& title) {
    titles_[subject] = title;
    if (subject == this->subject()) title_->setText(title);
    title_->setEnabled(titles_.contains(this->subject()));
}

double FigureExportDialog::toInches(double shown) const {
    return LengthUnit(unit_->currentData().toInt()) == LengthUnit::Millimetres ? shown / kMillimetresPerInch : shown;
}

double FigureExportDialog::fromInches(double inches) const {
    return LengthUnit(unit_->currentData().toInt()) == LengthUnit::Millimetres ? inches * kMillimetresPerInch : inches;
}

QSize FigureExportDialog::screenSize() const {
    if (subject() == FigureSubject::Scorecard && screenScorecard_.isValid()) return screenScorecard_;
    if (subject() == FigureSubject::PointSeries && screenPointSeries_.isValid()) return screenPointSeries_;
    return subject() == FigureSubject::Globe ? screenGlobe_ : screenMap_;
}

void FigureExportDialog::setScreenScorecard(QSize pixels) {
    screenScorecard_ = pixels;
    if (subject() == FigureSubject::Scorecard && options().preset == FigurePreset::AsOnScreen)
        setOptions(withPreset(options(), FigurePreset::AsOnScreen, QSizeF(screenSize())));
}

void FigureExportDialog::setScreenPointSeries(QSize pixels) {
    screenPointSeries_ = pixels;
    if (subject() == FigureSubject::PointSeries && options().preset == FigurePreset::AsOnScreen)
        setOptions(withPreset(options(), FigurePreset::AsOnScreen, QSizeF(screenSize())));
}

void FigureExportDialog::presetChosen() {
    if (updating_) return;
    setOptions(withPreset(options(), FigurePreset(preset_->currentData().toInt()), QSizeF(screenSize())));
}

void FigureExportDialog::sizeEdited() {
    if (updating_) return;
    // Typing a size of one's own makes the figure custom; the preset's values stay as a start.
    const FigureOptions o = options();
    if (o.preset != FigurePreset::Custom && withPreset(o, o.preset, QSizeF(screenSize())) != o) {
        updating_ = true;
        preset_->setCurrentIndex(preset_->findData(int(FigurePreset::Custom)));
        updating_ = false;
    }
    updateSummary();
}

void FigureExportDialog::unitChosen() {
    if (updating_) return;
    // The spin boxes still show the old unit's numbers: convert them.
    const LengthUnit now = LengthUnit(unit_->currentData().toInt());
    const double factor = now == LengthUnit::Millimetres ? kMillimetresPerInch : 1 / kMillimetresPerInch;
    updating_ = true;
    width_->setSuffix(now == LengthUnit::Millimetres ? tr(" mm") : tr(" in"));
    height_->setSuffix(width_->suffix());
    width_->setValue(width_->value() * factor);
    height_->setValue(height_->value() * factor);
    updating_ = false;
    updateSummary();
}

void FigureExportDialog::subjectChosen() {
    if (updating_) return;
    const bool globe = subject() == FigureSubject::Globe;
    format_->setEnabled(!globe);
    title_->setEnabled(titles_.contains(subject()));
    title_->setText(titles_.contains(subject()) ? titles_[subject()] : QString());
    if (globe) {
        updating_ = true;
        format_->setCurrentIndex(format_->findData(int(FigureFormat::Png)));
        updating_ = false;
    }
    if (FigurePreset(preset_->currentData().toInt()) == FigurePreset::AsOnScreen) {
        updating_ = true;
        const FigureOptions o = withPreset(options(), FigurePreset::AsOnScreen, QSizeF(screenSize()));
        width_->setValue(fromInches(o.widthInches));
        height_->setValue(fromInches(o.heightInches));
        updating_ = false;
    }
    // The file's suffix follows the format.
    const QString suffix = figureFormatSuffix(options().format);
    QFileInfo info(path());
    if (!path().isEmpty() && info.suffix() != suffix)
        path_->setText(QDir(info.path()).filePath(info.completeBaseName() + QLatin1Char('.') + suffix));
    updateSummary();
}

void FigureExportDialog::updateSummary() {
    const FigureOptions o = options();
    const double height = o.heightInches > 0 ? o.heightInches : (heightOf_ ? heightOf_(subject(), o) : 0);
    QString text = tr("%1 × %2 mm")
                       .arg(o.widthInches * kMillimetresPerInch, 0, 'f', 0)
                       .arg(height * kMillimetresPerInch, 0, 'f', 0);
    if (o.format == FigureFormat::Png) {
        const QSize px = pixelSize(o, height);
        text += tr(", %1 × %2 pixels").arg(px.width()).arg(px.height());
    } else {
        text += tr(", vector lines and text");
    }
    if (o.fontPoints > 0)
        text += tr(", text %1–%2 pt").arg(o.fontPoints, 0, 'g', 3).arg(o.fontPoints * 13 / 11, 0, 'f', 1);
    summary_->setText(text);
}

void FigureExportDialog::browse() {
    const QString suffix = figureFormatSuffix(options().format);
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export figure"), path(),
                                                        suffix.toUpper() + tr(" files (*.%1)").arg(suffix));
    if (!chosen.isEmpty()) path_->setText(chosen);
}

std::vector<std::pair<QString, QVariant>> FigureExportDialog::settingsValues() const {
    const FigureOptions o = options();
    return {{kSubjectKey, int(subject())}, {kPresetKey, int(o.preset)}, {kBackgroundKey, int(o.background)},
            {kFormatKey, int(o.format)},   {kUnitKey, int(o.unit)},     {kWidthKey, o.widthInches},
            {kHeightKey, o.heightInches},  {kDpiKey, o.dotsPerInch},    {kFontKey, o.fontPoints}};
}

void FigureExportDialog::restoreSettings() {
    const QSettings s;
    if (!s.contains(kPresetKey)) return;
    FigureOptions o;
    o.preset = FigurePreset(std::clamp(s.value(kPresetKey).toInt(), 0, int(FigurePreset::Custom)));
    o.background = FigureBackground(std::clamp(s.value(kBackgroundKey).toInt(), 0, 1));
    o.format = FigureFormat(std::clamp(s.value(kFormatKey).toInt(), 0, 2));
    o.unit = LengthUnit(std::clamp(s.value(kUnitKey).toInt(), 0, 1));
    o.widthInches = std::clamp(s.value(kWidthKey, o.widthInches).toDouble(), 0.1, 80.0);
    o.heightInches = std::clamp(s.value(kHeightKey, 0.0).toDouble(), 0.0, 80.0);
    o.dotsPerInch = std::clamp(s.value(kDpiKey, o.dotsPerInch).toDouble(), 36.0, 1200.0);
    o.fontPoints = std::clamp(s.value(kFontKey, o.fontPoints).toDouble(), 0.0, 36.0);
    setSubject(FigureSubject(std::clamp(s.value(kSubjectKey).toInt(), 0, int(FigureSubject::PointSeries))));
    if (o.preset == FigurePreset::AsOnScreen) o = withPreset(o, o.preset, QSizeF(screenSize()));
    setOptions(o);
}

}  // namespace meshdiff::views
