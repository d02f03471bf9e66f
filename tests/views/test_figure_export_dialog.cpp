// File ▸ Export ▸ Figure…: presets fill the size, units convert, a typed size makes the figure
// custom, the globe is PNG only, and the choices come back from the settings.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>

#include <gtest/gtest.h>

#include "ImageCompare.h"
#include "WindowTestSettings.h"
#include "export/FigureExportDialog.h"

namespace meshdiff::views {
namespace {

template <typename Widget>
Widget* child(const FigureExportDialog& dialog, const char* name) {
    auto* widget = dialog.findChild<Widget*>(QString::fromLatin1(name));
    EXPECT_NE(widget, nullptr) << name;
    return widget;
}

void choose(QComboBox* box, int data) { box->setCurrentIndex(box->findData(data)); }

class FigureExportDialogTest : public ::testing::Test {
protected:
    void SetUp() override { test::useFreshWindowSettings("meshdiff-figure-dialog-test"); }
    FigureExportDialog dialog{QSize(960, 480), QSize(800, 600), QStringLiteral("/tmp/figures"),
                              QStringLiteral("2m_temperature"),
                              [](FigureSubject, const FigureOptions& o) { return o.widthInches / 2; }};
};

TEST_F(FigureExportDialogTest, PresetsSetJournalColumnsOrTheScreenSize) {
    choose(child<QComboBox>(dialog, "figurePreset"), int(FigurePreset::DoubleColumn));
    FigureOptions o = dialog.options();
    EXPECT_NEAR(o.widthInches * kMillimetresPerInch, 183, 0.01);
    EXPECT_EQ(o.heightInches, 0);  // automatic: as tall as the figure needs
    EXPECT_EQ(o.fontPoints, 8);
    EXPECT_NEAR(child<QDoubleSpinBox>(dialog, "figureWidth")->value(), 183, 0.05);

    choose(child<QComboBox>(dialog, "figurePreset"), int(FigurePreset::SingleColumn));
    EXPECT_NEAR(dialog.options().widthInches * kMillimetresPerInch, 89, 0.01);

    choose(child<QComboBox>(dialog, "figurePreset"), int(FigurePreset::AsOnScreen));
    o = dialog.options();
    EXPECT_NEAR(o.widthInches, 960.0 / 96, 0.01);
    EXPECT_NEAR(o.heightInches, 480.0 / 96, 0.01);
    EXPECT_EQ(o.fontPoints, 0);  // text as on screen

    // The globe's screen size when the globe is the subject.
    choose(child<QComboBox>(dialog, "figureSubject"), int(FigureSubject::Globe));
    EXPECT_NEAR(dialog.options().widthInches, 800.0 / 96, 0.01);
}

// "As on screen" for the scorecard is the scorecard view's size, not the map's.
TEST_F(FigureExportDialogTest, TheScorecardAsOnScreenHasTheScorecardViewsSize) {
    choose(child<QComboBox>(dialog, "figurePreset"), int(FigurePreset::AsOnScreen));
    choose(child<QComboBox>(dialog, "figureSubject"), int(FigureSubject::Scorecard));
    EXPECT_NEAR(dialog.options().widthInches, 960.0 / 96, 0.01) << "the map's until the view's size is known";
    dialog.setScreenScorecard(QSize(420, 1300));
    EXPECT_NEAR(dialog.options().widthInches, 420.0 / 96, 0.01);
    EXPECT_NEAR(dialog.options().heightInches, 1300.0 / 96, 0.01);
    choose(child<QComboBox>(dialog, "figureSubject"), int(FigureSubject::ErrorMap));
    EXPECT_NEAR(dialog.options().widthInches, 960.0 / 96, 0.01) << "the map keeps its own";
}

TEST_F(FigureExportDialogTest, UnitsConvertAndTypedSizesMakeTheFigureCustom) {
    choose(child<QComboBox>(dialog, "figurePreset"), int(FigurePreset::SingleColumn));
    choose(child<QComboBox>(dialog, "figureUnit"), int(LengthUnit::Inches));
    EXPECT_NEAR(child<QDoubleSpinBox>(dialog, "figureWidth")->value(), 3.5, 0.05);
    EXPECT_NEAR(dialog.options().widthInches, 89 / kMillimetresPerInch, 0.05);
    EXPECT_EQ(dialog.options().preset, FigurePreset::SingleColumn);

    child<QDoubleSpinBox>(dialog, "figureWidth")->setValue(5);
    EXPECT_EQ(dialog.options().preset, FigurePreset::Custom);
    EXPECT_DOUBLE_EQ(dialog.options().widthInches, 5);
    child<QDoubleSpinBox>(dialog, "figureDpi")->setValue(300);
    // The summary gives the pixels of the PNG: inches × DPI, the automatic height from the view.
    EXPECT_TRUE(child<QLabel>(dialog, "figureSummary")->text().contains(QStringLiteral("1500 × 750 pixels")))
        << child<QLabel>(dialog, "figureSummary")->text().toStdString();
    dialog.adjustSize();
    dialog.grab().save(meshdiff::test::screenshotPath("figure_export_dialog.png"));
}

TEST_F(FigureExportDialogTest, GlobeIsPngOnlyAndTheFileFollowsTheFormat) {
    choose(child<QComboBox>(dialog, "figureFormat"), int(FigureFormat::Svg));
    EXPECT_TRUE(dialog.path().endsWith(QStringLiteral("2m_temperature.svg"))) << dialog.path().toStdString();
    choose(child<QComboBox>(dialog, "figureSubject"), int(FigureSubject::Globe));
    EXPECT_EQ(dialog.options().format, FigureFormat::Png);
    EXPECT_FALSE(child<QComboBox>(dialog, "figureFormat")->isEnabled());
    EXPECT_TRUE(dialog.path().endsWith(QStringLiteral(".png")));
}

TEST_F(FigureExportDialogTest, ChoicesComeBackFromTheSettings) {
    choose(child<QComboBox>(dialog, "figurePreset"), int(FigurePreset::DoubleColumn));
    choose(child<QComboBox>(dialog, "figureBackground"), int(FigureBackground::Dark));
    choose(child<QComboBox>(dialog, "figureFormat"), int(FigureFormat::Pdf));
    choose(child<QComboBox>(dialog, "figureUnit"), int(LengthUnit::Inches));
    child<QDoubleSpinBox>(dialog, "figureDpi")->setValue(450);
    const FigureOptions chosen = dialog.options();
    {
        QSettings settings;
        for (const auto& [key, value] : dialog.settingsValues()) settings.setValue(key, value);
    }
    FigureExportDialog again(QSize(960, 480), QSize(800, 600), QStringLiteral("/tmp"), QStringLiteral("x"), {});
    EXPECT_NE(again.options(), chosen);
    again.restoreSettings();
    EXPECT_EQ(again.options(), chosen);
    EXPECT_EQ(again.subject(), FigureSubject::ErrorMap);
}

}  // namespace
}  // namespace meshdiff::views
