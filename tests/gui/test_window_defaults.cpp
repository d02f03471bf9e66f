#include <QAction>
#include <QMenuBar>
#include <QSettings>
#include <QTest>

#include <gtest/gtest.h>

#include "ShownWindowTest.h"
#include "background/BackgroundWork.h"
#include "globe/GlobeView.h"
#include "gui/GlobeSceneSettings.h"
#include "gui/HelpDialog.h"
#include "gui/MainWindow.h"

namespace meshdiff::gui {
namespace {

using WindowDefaultsTest = test::ShownWindowTest;

QAction* action(MainWindow& window, const QString& name) {
    auto* found = window.findChild<QAction*>(name);
    EXPECT_NE(found, nullptr) << name.toStdString();
    return found;
}

TEST_F(WindowDefaultsTest, ANewWindowHidesTheAtRiskLayerAndMarksTheMeshLevelInUse) {
    const int atRisk = int(views::GlobeLayer::AtRisk);
    ASSERT_NE(action(*window_, QStringLiteral("layer%1").arg(atRisk)), nullptr);
    EXPECT_FALSE(action(*window_, QStringLiteral("layer%1").arg(atRisk))->isChecked());
    EXPECT_FALSE(window_->globe()->layerVisible(views::GlobeLayer::AtRisk));
    EXPECT_TRUE(window_->globe()->layerVisible(views::GlobeLayer::FieldOverlay));
    EXPECT_LT(window_->globe()->scene().meshLevel, 6);  // the finest mesh greys out the drape

    const QString current = QStringLiteral("meshLevel%1").arg(views::kDefaultMeshLevel);
    ASSERT_NE(action(*window_, current), nullptr);
    EXPECT_TRUE(action(*window_, current)->isChecked());
    action(*window_, "meshLevel2")->trigger();
    EXPECT_TRUE(action(*window_, "meshLevel2")->isChecked());
    EXPECT_FALSE(action(*window_, current)->isChecked());  // one level at a time
    EXPECT_EQ(window_->globe()->scene().meshLevel, 2);
}

// `meshdiff A B` draws the mesh texture while the window is still being built, from the saved
// settings: what it reads must be the layers and mesh level the window then restores.
TEST_F(WindowDefaultsTest, TheSavedLayersAndMeshLevelAreWhatALaunchDrawsTheMeshTextureFor) {
    action(*window_, "meshLevel3")->trigger();
    const int coast = int(views::GlobeLayer::Coastlines);
    action(*window_, QStringLiteral("layer%1").arg(coast))->trigger();  // turned off
    views::waitForSettingsWrites();
    const views::GlobeScene saved = savedGlobeScene(QSettings());
    EXPECT_EQ(saved.meshLevel, 3);
    EXPECT_FALSE(saved.isVisible(views::GlobeLayer::Coastlines));
    for (int layer = 0; layer < views::kGlobeLayerCount; ++layer)
        EXPECT_EQ(saved.visible[std::size_t(layer)], window_->globe()->scene().visible[std::size_t(layer)]) << layer;
}

TEST_F(WindowDefaultsTest, ResetViewFliesBackToTheWholeGlobe) {
    window_->globe()->lookAt(55, 120, 1.4);
    QAction* reset = action(*window_, "resetView");
    ASSERT_NE(reset, nullptr);
    EXPECT_EQ(reset->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_0));
    reset->trigger();
    const views::GlobeCamera home;
    for (int i = 0; i < 200 && window_->globe()->camera().distance < home.distance - 1e-9; ++i) QTest::qWait(10);
    QTest::qWait(50);
    EXPECT_NEAR(window_->globe()->camera().lat, home.lat, 1e-6);
    EXPECT_NEAR(window_->globe()->camera().distance, home.distance, 1e-6);
}

TEST_F(WindowDefaultsTest, HelpHasAGuideAGlossaryAndTheShortcutsOfTheMenus) {
    const QString guide = userGuideHtml();
    for (const char* term :
         {"rel RMS", "corr", "ULP", "float32 steps", "at risk", "grid→mesh", "mesh→grid", "moved node", "symlog"})
        EXPECT_TRUE(guide.contains(QString::fromUtf8(term))) << term;
    const QString keys = shortcutsHtml(window_->menuBar());
    EXPECT_TRUE(keys.contains("View ▸ Reset View")) << keys.toStdString();
    EXPECT_TRUE(keys.contains(QKeySequence(Qt::CTRL | Qt::Key_0).toString(QKeySequence::NativeText)));
    EXPECT_TRUE(keys.contains("Go ▸ Next Difference"));
    EXPECT_TRUE(keys.contains("wheel"));
    ASSERT_NE(action(*window_, "helpGuide"), nullptr);
    EXPECT_EQ(action(*window_, "helpGuide")->shortcut(), QKeySequence(QKeySequence::HelpContents));
}

}  // namespace
}  // namespace meshdiff::gui
