// The lead slider alone: only ready leads are reachable, stepping wraps, play skips a step while
// the last frame is still being drawn, and the member chooser shows only with members.
#include <QComboBox>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include <gtest/gtest.h>

#include "leadslider/LeadSlider.h"

namespace meshdiff::views {
namespace {

TEST(LeadSlider, ReachesOnlyTheLeadsThatAreReady) {
    LeadSlider slider;
    slider.setLeads({"+6 h", "+12 h", "+18 h", "+24 h"}, 2);
    slider.setCurrentLead(3);
    EXPECT_EQ(slider.currentLead(), 1);
    EXPECT_EQ(slider.leadLabel(), QStringLiteral("+12 h"));
    EXPECT_TRUE(slider.slider()->toolTip().contains(QStringLiteral("2 of 4 leads compared")));
    slider.setReadyCount(4);
    slider.setCurrentLead(3);
    EXPECT_EQ(slider.currentLead(), 3);
    EXPECT_EQ(slider.leadLabel(), QStringLiteral("+24 h"));
    EXPECT_FALSE(slider.slider()->toolTip().contains(QStringLiteral("compared so far")));
}

TEST(LeadSlider, SteppingWrapsAroundAndSignalsEachMove) {
    LeadSlider slider;
    slider.setLeads({"lead 0", "lead 1", "lead 2"}, 3);
    QSignalSpy changed(&slider, &LeadSlider::leadChanged);
    slider.stepLead(-1);
    EXPECT_EQ(slider.currentLead(), 2);
    slider.stepLead(+1);
    EXPECT_EQ(slider.currentLead(), 0);
    EXPECT_EQ(changed.count(), 2);
}

TEST(LeadSlider, PlaySkipsStepsWhileTheFrameIsBusy) {
    LeadSlider slider;
    slider.setLeads({"+6 h", "+12 h", "+18 h"}, 3);
    slider.setPlayInterval(10);
    bool busy = true;
    slider.setFrameGate([&busy] { return busy; });
    slider.setPlaying(true);
    QTest::qWait(100);
    EXPECT_EQ(slider.currentLead(), 0);
    busy = false;
    EXPECT_TRUE(QTest::qWaitFor([&] { return slider.currentLead() == 2; }, 5000));
    slider.setPlaying(false);
    EXPECT_FALSE(slider.isPlaying());
}

TEST(LeadSlider, DoesNotPlayASingleLead) {
    LeadSlider slider;
    slider.setLeads({"+6 h"}, 1);
    slider.setPlaying(true);
    EXPECT_FALSE(slider.isPlaying());
}

TEST(LeadSlider, ShowsTheMemberChooserOnlyWithMembers) {
    LeadSlider slider;
    slider.show();
    slider.setMembers({});
    EXPECT_FALSE(slider.memberChooser()->isVisible());
    slider.setMembers({"member 3", "member 7"});
    EXPECT_TRUE(slider.memberChooser()->isVisible());
    QSignalSpy changed(&slider, &LeadSlider::memberChanged);
    slider.memberChooser()->setCurrentIndex(1);
    EXPECT_EQ(slider.currentMember(), 1);
    EXPECT_EQ(changed.count(), 1);
}

}  // namespace
}  // namespace meshdiff::views
