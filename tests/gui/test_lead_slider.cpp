// The window on a rollout of 4 leads × 2 members (tests/fixtures/make_rollout_fixtures.py,
// written by netCDF4-python): every lead is compared in the background, the lead slider and the
// member chooser make the field table and the error map follow, play advances, [ and ] step.
// The numbers expected are core's compareRuns, lead by lead.
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>

#include <cmath>

#include "RolloutFixture.h"
#include "ShownWindowTest.h"
#include "compare/Comparison.h"
#include "fieldtable/FieldTableView.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapRenderer.h"
#include "map/ErrorMapView.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {
namespace {

class LeadSliderWindow : public test::ShownWindowTest {
protected:
    // Opens A and B and waits until every lead has been compared.
    void openRollout(const char* a, const char* b) {
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        QSignalSpy finished(window_->rollout(), &RolloutSession::finished);
        window_->openPair(test::rolloutFixture(a), test::rolloutFixture(b));
        ASSERT_TRUE(loaded.count() > 0 || loaded.wait(60000)) << window_->lastError().toStdString();
        ASSERT_TRUE(finished.count() > 0 || finished.wait(60000));
    }

    views::LeadSlider& slider() { return *window_->leadSlider(); }

    // Moves the slider (or member chooser) and waits for the map of the selected field at that slice.
    void showLead(int lead, int member) {
        QSignalSpy mapShown(window_.get(), &MainWindow::fieldMapShown);
        slider().memberChooser()->setCurrentIndex(member);
        slider().slider()->setValue(lead);
        ASSERT_EQ(window_->currentLead(), lead);
        ASSERT_EQ(window_->currentMember(), member);
        while (window_->session()->fieldMapPending() || mapShown.isEmpty()) ASSERT_TRUE(mapShown.wait(20000));
    }

    // The mean of the map's A values, and of the file's field at that lead and member.
    static double meanOf(const std::vector<float>& values) {
        double sum = 0;
        std::size_t count = 0;
        for (float v : values) {
            if (std::isfinite(v)) sum += v, ++count;
        }
        return sum / double(count);
    }
};

TEST_F(LeadSliderWindow, TheTableFollowsTheSliderWithCompareRunsPerLeadNumbers) {
    openRollout("a.nc", "b.nc");
    const Comparison expected =
        compareRuns(test::rolloutFixture("a.nc").toStdString(), test::rolloutFixture("b.nc").toStdString());
    ASSERT_TRUE(expected.fields);
    const auto& perLead = expected.fields->perLead;
    ASSERT_EQ(perLead.size(), 4u);

    QToolBar* bar = window_->findChild<QToolBar*>(QStringLiteral("leadToolBar"));
    ASSERT_NE(bar, nullptr);
    EXPECT_TRUE(bar->isVisible());
    EXPECT_EQ(slider().leadCount(), 4);
    EXPECT_EQ(slider().readyCount(), 4);
    EXPECT_EQ(slider().slider()->maximum(), 3);
    EXPECT_TRUE(slider().memberChooser()->isVisible());
    EXPECT_EQ(slider().memberChooser()->count(), 2);

    const std::size_t members = 2;
    for (int lead : {2, 0, 3, 1}) {
        for (int member : {0, 1}) {
            showLead(lead, member);
            const LeadComparison& want = perLead[std::size_t(lead)];
            EXPECT_EQ(slider().leadLabel(), QStringLiteral("+%1 h").arg(*want.hours));
            const auto& rows = window_->fieldTable()->model().rows();
            ASSERT_EQ(rows.size() * members, want.perField.size());
            for (std::size_t f = 0; f < rows.size(); ++f) {
                const FieldMetrics& m = want.perField[f * members + std::size_t(member)];
                EXPECT_EQ(rows[f].name, m.name);
                EXPECT_DOUBLE_EQ(rows[f].relRms, m.relRms) << m.name << " lead " << lead << " member " << member;
                EXPECT_DOUBLE_EQ(rows[f].corr, m.corr) << m.name;
                EXPECT_EQ(rows[f].nanMasksEqual, m.nanMasksEqual) << m.name;
            }
            // The status bar gives the lead's verdict in the table's numbers (area-weighted by default):
            // its worst rel RMS and the ratio to the member spread measured the same way.
            double worst = 0, spreadWorst = 0;
            for (const FieldMetrics& m : want.perField)
                if (std::isfinite(m.areaWeighted.relRms)) worst = std::max(worst, m.areaWeighted.relRms);
            for (const auto& m : want.spread->perField)
                if (m && std::isfinite(m->areaWeighted.relRms))
                    spreadWorst = std::max(spreadWorst, m->areaWeighted.relRms);
            const QString status = window_->statusBar()->findChild<QLabel*>()->text();
            EXPECT_TRUE(
                status.contains(QStringLiteral("max rel RMS (area-weighted) ") + QString::number(worst, 'g', 3)))
                << status.toStdString();
            EXPECT_TRUE(status.contains(QString::number(worst / spreadWorst, 'g', 2))) << status.toStdString();
            // The map shows the selected field at that lead and member.
            const views::ErrorMapData* data = window_->errorMap()->renderer().data();
            ASSERT_NE(data, nullptr);
            const auto source = openFieldSource(test::rolloutFixture("a.nc").toStdString());
            const Field field = source->loadAt(data->fieldName, want.index, std::size_t(member));
            const auto& values = std::get<std::vector<float>>(field.values);
            EXPECT_NEAR(meanOf(data->a), meanOf(values), 1e-3) << data->fieldName;
        }
    }
}

TEST_F(LeadSliderWindow, PlayAdvancesTheLeadsAndPauseStops) {
    openRollout("a.nc", "b.npz");
    slider().setPlayInterval(30);
    QTest::mouseClick(slider().playButton(), Qt::LeftButton);
    EXPECT_TRUE(slider().isPlaying());
    QSet<int> seen;
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            seen.insert(window_->currentLead());
            return seen.size() == 4;
        },
        30000))
        << seen.size();
    QTest::mouseClick(slider().playButton(), Qt::LeftButton);
    EXPECT_FALSE(slider().isPlaying());
    const int stopped = window_->currentLead();
    QTest::qWait(200);
    EXPECT_EQ(window_->currentLead(), stopped);
}

TEST_F(LeadSliderWindow, BracketKeysStepThroughTheLeads) {
    openRollout("a.nc", "b.nc");
    QApplication::setActiveWindow(window_.get());     // shortcuts go to the active window (no window manager here)
    QWidget* table = window_->fieldTable()->table();  // where the focus is after a click on a field
    table->setFocus();
    QTest::keyClick(table, Qt::Key_BracketRight);
    EXPECT_EQ(window_->currentLead(), 1);
    QTest::keyClick(table, Qt::Key_BracketRight);
    EXPECT_EQ(window_->currentLead(), 2);
    QTest::keyClick(table, Qt::Key_BracketLeft);
    EXPECT_EQ(window_->currentLead(), 1);
}

// The field filter is part of the table: [ and ] step the leads from there too (no field name holds
// a bracket), other keys type.
TEST_F(LeadSliderWindow, BracketKeysStepTheLeadsFromTheFieldFilterToo) {
    openRollout("a.nc", "b.nc");
    QApplication::setActiveWindow(window_.get());
    QLineEdit* filter = window_->fieldTable()->filterEdit();
    filter->setFocus();
    QTest::keyClick(filter, Qt::Key_BracketRight);
    EXPECT_EQ(window_->currentLead(), 1);
    QTest::keyClick(filter, Qt::Key_BracketLeft);
    EXPECT_EQ(window_->currentLead(), 0);
    EXPECT_TRUE(filter->text().isEmpty()) << filter->text().toStdString();
    QTest::keyClicks(filter, QStringLiteral("t"));
    EXPECT_EQ(filter->text(), QStringLiteral("t"));
}

// Files without lead hours: the lead bar offers a step; set, the pair is read again with the leads
// that many hours apart (the first one step after the start), as `--lead-hours` does.
TEST_F(LeadSliderWindow, ALeadStepGivesFilesWithoutHoursTheirLeadHours) {
    openRollout("b_no_hours.npz", "b_no_hours.npz");
    EXPECT_EQ(window_->rollout()->leadLabels(), (QStringList{QStringLiteral("lead 0"), QStringLiteral("lead 1"),
                                                             QStringLiteral("lead 2"), QStringLiteral("lead 3")}));
    QDoubleSpinBox* step = slider().leadStepBox();
    ASSERT_TRUE(step->isVisible()) << "no hours: the step is offered";

    QSignalSpy finished(window_->rollout(), &RolloutSession::finished);
    step->setValue(6);
    ASSERT_TRUE(finished.wait(60000));
    EXPECT_EQ(window_->session()->leadStepHours(), 6.0);
    EXPECT_EQ(window_->rollout()->leadLabels(), (QStringList{QStringLiteral("+6 h"), QStringLiteral("+12 h"),
                                                             QStringLiteral("+18 h"), QStringLiteral("+24 h")}));
    EXPECT_TRUE(step->isVisible()) << "still there, to change it again";
    EXPECT_EQ(step->value(), 6.0);
    const auto every = window_->rollout()->everyLead();
    ASSERT_NE(every, nullptr);
    EXPECT_EQ(every->perLead.back().hours, 24.0) << "what the exports and the growth chart use";
}

TEST_F(LeadSliderWindow, FilesWithLeadHoursOfferNoStep) {
    openRollout("a.nc", "b.nc");
    EXPECT_FALSE(slider().leadStepBox()->isVisible());
}

TEST_F(LeadSliderWindow, ShowFieldAtLeadSelectsBoth) {
    openRollout("a.nc", "b.nc");
    QSignalSpy mapShown(window_.get(), &MainWindow::fieldMapShown);
    window_->showFieldAtLead(QStringLiteral("temperature@500"), 3);
    EXPECT_EQ(window_->currentLead(), 3);
    EXPECT_EQ(window_->currentField(), QStringLiteral("temperature@500"));
    EXPECT_EQ(window_->fieldTable()->currentField(), QStringLiteral("temperature@500"));
    while (window_->session()->fieldMapPending() || mapShown.isEmpty()) ASSERT_TRUE(mapShown.wait(20000));
    EXPECT_EQ(mapShown.last().at(0).toString(), QStringLiteral("temperature@500"));
    EXPECT_EQ(window_->session()->slice(), (pair::FieldSlice{3, 3, 0}));
}

TEST_F(LeadSliderWindow, IsHiddenForASingleSlice) {
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    QSignalSpy finished(window_->rollout(), &RolloutSession::finished);
    window_->openPair(test::runFolder("A"), test::runFolder("B"));
    ASSERT_TRUE(loaded.wait(60000));
    ASSERT_TRUE(finished.count() > 0 || finished.wait(60000));
    EXPECT_FALSE(window_->findChild<QToolBar*>(QStringLiteral("leadToolBar"))->isVisible());
    EXPECT_FALSE(window_->rollout()->isRollout());
}

TEST_F(LeadSliderWindow, OpeningAnotherPairCancelsTheRolloutAndHidesTheSlider) {
    openRollout("a.nc", "b.nc");
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    window_->openPair(test::runFolder("A"), test::runFolder("B"));
    EXPECT_FALSE(window_->findChild<QToolBar*>(QStringLiteral("leadToolBar"))->isVisible());
    EXPECT_EQ(window_->rollout()->leadCount(), 0);
    ASSERT_TRUE(loaded.wait(60000));
}

}  // namespace
}  // namespace meshdiff::gui
