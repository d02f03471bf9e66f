// The scorecard in the window: a rollout whose run A has two members shows a tab of one row per
// field (levels stacked under their variable) and one column per lead, measured against the
// member spread; a click on a cell selects that field and moves the lead slider to that lead; the
// figure exports; runs of a single lead have no tab.
#include <QDockWidget>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "ShownWindowTest.h"
#include "background/BackgroundWork.h"
#include "scorecard/ScorecardView.h"

namespace meshdiff::gui {
namespace {

class ScorecardDock : public test::ShownWindowTest {
protected:
    QDockWidget* dock() const { return window_->findChild<QDockWidget*>(QStringLiteral("scorecardDock")); }
    bool dockShown() const { return dock() && dock()->toggleViewAction()->isChecked(); }
    void open(const QString& a, const QString& b) {
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        window_->openPair(a, b);
        ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    }
};

TEST_F(ScorecardDock, ShowsFieldsByLeadAgainstTheSpreadAndAClickSelectsFieldAndLead) {
    const auto dir = test::fixture("rollouts");
    open(QString::fromStdString((dir / "a.nc").string()), QString::fromStdString((dir / "b.nc").string()));
    ScorecardController* controller = window_->scorecardController();
    ASSERT_TRUE(QTest::qWaitFor([&] { return controller->scorecard() != nullptr; }, 30000));
    EXPECT_TRUE(dockShown());
    const Scorecard& card = *controller->scorecard();
    // make_rollout_fixtures.py: 2m_temperature, temperature@850 and @500; 4 leads 6 h apart.
    ASSERT_EQ(card.rows.size(), 3u);
    std::vector<std::string> fields;
    for (const ScorecardRow& row : card.rows) fields.push_back(row.field);
    EXPECT_EQ(fields, (std::vector<std::string>{"temperature@500", "temperature@850", "2m_temperature"}));
    EXPECT_EQ(card.leadCount(), 4u);
    EXPECT_EQ(card.leadHours.back(), 24.0);
    EXPECT_EQ(card.metric, ScorecardMetric::RatioToSpread) << "A's two members give the spread";

    dock()->raise();
    views::ScorecardView* view = controller->view();
    ASSERT_TRUE(QTest::qWaitFor([&] { return view->canvas()->isVisible() && view->isPictureCurrent(); }, 10000));
    // The last lead of 2m_temperature (the bottom row): the field and lead 3 become the window's.
    const QRectF cell = view->picture().layout.cell(2, 3);
    QTest::mouseClick(view->canvas(), Qt::LeftButton, {}, cell.center().toPoint());
    EXPECT_TRUE(QTest::qWaitFor([&] { return window_->currentField() == QStringLiteral("2m_temperature"); }))
        << window_->currentField().toStdString();
    EXPECT_TRUE(QTest::qWaitFor([&] { return window_->currentLead() == 3; })) << window_->currentLead();

    QTemporaryDir out;
    QSignalSpy finished(window_.get(), &MainWindow::exportFinished);
    QSignalSpy failed(window_.get(), &MainWindow::exportFailed);
    views::FigureOptions options;
    options.format = views::FigureFormat::Pdf;
    window_->exportFigure(views::FigureSubject::Scorecard, options, out.filePath("scorecard.pdf"));
    ASSERT_TRUE(finished.wait(30000)) << (failed.isEmpty() ? "" : failed.front().front().toString().toStdString());
    QFile pdf(out.filePath("scorecard.pdf"));
    ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
    EXPECT_TRUE(pdf.readAll().startsWith("%PDF"));
}

TEST_F(ScorecardDock, IsHiddenForRunsOfOneLeadAndItsFigureFails) {
    open(test::runFolder("A"), test::runFolder("B"));
    views::waitForBackgroundWork();  // the every-lead comparison finds one lead
    QTest::qWait(100);               // and hands that back
    EXPECT_EQ(window_->scorecardController()->scorecard(), nullptr);
    EXPECT_FALSE(dockShown());
    QSignalSpy failed(window_.get(), &MainWindow::exportFailed);
    QTemporaryDir out;
    window_->exportFigure(views::FigureSubject::Scorecard, views::FigureOptions{}, out.filePath("s.png"));
    ASSERT_TRUE(failed.wait(10000));
    EXPECT_TRUE(failed.front().front().toString().contains("single lead"));
}

}  // namespace
}  // namespace meshdiff::gui
