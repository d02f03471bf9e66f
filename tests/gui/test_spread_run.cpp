// The spread run as a first-class run of the window (meshdiff A B --spread C): its row in the Runs
// panel with Remove, the field table's "A−B / spread" column holding `meshdiff compare --json
// --spread`'s numbers, the Diagnosis dock's spread line following the lead, the growth chart's
// band from the run, File ▸ Open Spread Run… enabled with a pair, a third run dropped asking what
// it is, and the recent pairs remembering it. Rollouts of tests/fixtures/make_rollout_fixtures.py:
// C lies halfway between A's two members.
#include <QAction>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <map>

#include "RolloutFixture.h"
#include "ShownWindowTest.h"
#include "diagnosis/DiagnosisPanel.h"
#include "fieldtable/FieldTableView.h"
#include "growthchart/GrowthChartView.h"
#include "gui/RunsController.h"
#include "gui/WindowLauncher.h"
#include "leadslider/LeadSlider.h"
#include "pair/PairSession.h"
#include "pair/RolloutSession.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {
namespace {

// `meshdiff compare A B [--spread C] --json` (every lead), its fields section.
nlohmann::json compareJson(const QStringList& runs) {
    QTemporaryDir dir;
    const QString json = dir.filePath("compare.json");
    QProcess cli;
    cli.start(QStringLiteral(MESHDIFF_EXECUTABLE), QStringList{"compare"} + runs + QStringList{"--json", json});
    EXPECT_TRUE(cli.waitForFinished(60000));
    QFile file(json);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << cli.readAllStandardError().toStdString();
    return nlohmann::json::parse(file.readAll().toStdString()).at("fields");
}

// Per field: area-weighted RMS(A − B) over the spread pair's, from the JSON alone: of the spread's
// member of A (members[0]), or of each field's first member against a spread run.
std::map<std::string, double> jsonRatios(const nlohmann::json& lead) {
    const nlohmann::json& spread = lead.at("member_spread");
    std::map<std::string, double> diff, ratios;
    for (const nlohmann::json& f : lead.at("per_field")) {
        const bool side =
            spread.contains("members") ? f.at("member") == spread.at("members")[0] : !diff.count(f.at("name"));
        if (side) diff[f.at("name")] = f.at("area_weighted").at("rms");
    }
    for (const nlohmann::json& s : spread.at("per_field"))
        ratios[s.at("name")] = diff.at(s.at("name")) / s.at("area_weighted").at("rms").get<double>();
    return ratios;
}

// The Diagnosis line's sentence for the JSON lead, written out here.
std::string expectedLine(const nlohmann::json& lead) {
    std::string worst;
    double largest = -1;
    for (const auto& [name, ratio] : jsonRatios(lead))
        if (ratio > largest) largest = ratio, worst = name;
    char percent[32];
    std::snprintf(percent, sizeof percent, 100 * largest < 10 ? "%.2g" : "%.0f", 100 * largest);
    return "A − B is " + std::string(percent) + " % of the member spread at +" +
           std::to_string(lead.at("lead_hours").get<int>()) + " h (area-weighted, worst field " + worst + ")";
}

class SpreadRun : public test::ShownWindowTest {
protected:
    void openWithSpread(const QString& spread) {
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        window_->session()->openWithSpread(test::rolloutFixture("a.nc"), test::rolloutFixture("b.nc"), spread);
        ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    }
    // The "A−B / spread" column's rows: field name → (shown text, the row's number).
    std::map<std::string, double> tableRatios() const {
        std::map<std::string, double> ratios;
        for (const views::FieldRow& row : window_->fieldTable()->model().rows()) ratios[row.name] = row.ratioToSpread;
        return ratios;
    }
    QString diagnosisLine() const { return window_->diagnosisPanel()->spreadText(); }
};

TEST_F(SpreadRun, IsShownInTheRunsPanelTableDiagnosisAndGrowthChartWithCompareJsonsNumbers) {
    QAction* openSpread = window_->findChild<QAction*>(QStringLiteral("openSpreadRun"));
    ASSERT_NE(openSpread, nullptr);
    EXPECT_FALSE(openSpread->isEnabled()) << "no pair open yet";
    const QString spread = test::rolloutFixture("c_half_spread.npz");
    openWithSpread(spread);
    EXPECT_TRUE(openSpread->isEnabled());

    views::SpreadRunRow* row = window_->runsPanel()->spreadRow();
    EXPECT_TRUE(row->isVisible());
    EXPECT_EQ(row->path(), spread);
    EXPECT_EQ(row->pathLabel()->toolTip(), spread);

    const nlohmann::json json =
        compareJson({test::rolloutFixture("a.nc"), test::rolloutFixture("b.nc"), "--spread", spread});
    const nlohmann::json& first = json.at("per_lead").at(0);
    const std::map<std::string, double> wanted = jsonRatios(first), shown = tableRatios();
    ASSERT_EQ(wanted.size(), 3u);
    for (const auto& [name, ratio] : wanted) {
        ASSERT_TRUE(shown.count(name)) << name;
        EXPECT_NEAR(shown.at(name), ratio, 1e-12 * ratio) << name;
    }
    views::FieldTableModel& model = window_->fieldTable()->model();
    const QString header =
        model.headerData(views::FieldTableModel::RatioToSpread, Qt::Horizontal).toString().replace('\n', ' ');
    EXPECT_TRUE(header.contains("A−B / spread")) << header.toStdString();
    EXPECT_TRUE(header.contains("area-weighted")) << header.toStdString();
    EXPECT_FALSE(window_->fieldTable()->table()->isColumnHidden(views::FieldTableModel::RatioToSpread));
    const int worst = model.rowOf(QStringLiteral("temperature@850"));
    ASSERT_GE(worst, 0);
    EXPECT_FALSE(model.index(worst, views::FieldTableModel::RatioToSpread).data().toString().isEmpty());

    EXPECT_TRUE(diagnosisLine().startsWith(QString::fromStdString(expectedLine(first))))
        << diagnosisLine().toStdString() << "\nwanted: " << expectedLine(first);
    EXPECT_TRUE(diagnosisLine().contains("the spread: A against c_half_spread.npz.")) << diagnosisLine().toStdString();

    // Every lead, compared with the spread run: the line follows the slider.
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window_->rollout()->isLoading(); }, 60000));
    ASSERT_EQ(window_->rollout()->readyCount(), 4);
    window_->leadSlider()->setCurrentLead(3);  // +24 h (at +18 h a NaN mask differs: no ratio there)
    ASSERT_TRUE(QTest::qWaitFor([&] { return window_->currentLead() == 3; }));
    const nlohmann::json& last = json.at("per_lead").at(3);
    EXPECT_TRUE(diagnosisLine().startsWith(QString::fromStdString(expectedLine(last))))
        << diagnosisLine().toStdString() << "\nwanted: " << expectedLine(last);
    for (const auto& [name, ratio] : jsonRatios(last)) EXPECT_NEAR(tableRatios().at(name), ratio, 1e-12 * ratio);

    ASSERT_TRUE(QTest::qWaitFor([&] { return window_->growthLeads() != nullptr; }, 30000));
    EXPECT_EQ(window_->growthChart()->data().spreadSource, spread.toStdString()) << "the band is A against C";
}

TEST_F(SpreadRun, RemoveComparesAgainstAsOwnMembersAgain) {
    openWithSpread(test::rolloutFixture("c_half_spread.npz"));
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    window_->runsPanel()->spreadRow()->removeButton()->click();
    ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    EXPECT_FALSE(window_->runsPanel()->spreadRow()->isVisible());
    EXPECT_TRUE(window_->session()->spreadRun().isEmpty());
    const nlohmann::json json = compareJson({test::rolloutFixture("a.nc"), test::rolloutFixture("b.nc")});
    const nlohmann::json& first = json.at("per_lead").at(0);
    for (const auto& [name, ratio] : jsonRatios(first)) EXPECT_NEAR(tableRatios().at(name), ratio, 1e-12 * ratio);
    const std::string members = "A's member " + first.at("member_spread").at("members")[0].dump() + " against member " +
                                first.at("member_spread").at("members")[1].dump();
    EXPECT_TRUE(diagnosisLine().contains(QString::fromStdString(members))) << diagnosisLine().toStdString();
}

TEST_F(SpreadRun, AWindowMadeForThreeRunsShowsTheSpreadRowFromTheStart) {
    const QString spread = test::rolloutFixture("c_half_spread.npz");
    const auto window =
        makeWindow({test::rolloutFixture("a.nc").toStdString(), test::rolloutFixture("b.nc").toStdString()}, {},
                   spread.toStdString());
    window->show();
    QSignalSpy loaded(window.get(), &MainWindow::pairLoaded);
    ASSERT_TRUE(window->pair() != nullptr || loaded.wait(60000)) << window->lastError().toStdString();
    EXPECT_TRUE(window->runsPanel()->spreadRow()->isVisible());
    EXPECT_EQ(window->runsPanel()->spreadRow()->path(), spread);
    EXPECT_EQ(window->pair()->spreadPath, spread.toStdString());
}

TEST_F(SpreadRun, WithoutASpreadTheColumnIsHidden) {
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    window_->openPair(test::runFolder("A"), test::runFolder("B"));  // no members, no spread run
    ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    EXPECT_TRUE(window_->fieldTable()->table()->isColumnHidden(views::FieldTableModel::RatioToSpread));
    EXPECT_TRUE(window_->diagnosisPanel()->spreadText().isEmpty());
    EXPECT_FALSE(window_->runsPanel()->spreadRow()->isVisible());
}

TEST_F(SpreadRun, AThirdRunDroppedOnAnOpenPairAsksWhetherItIsTheSpreadRun) {
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    window_->openPair(test::rolloutFixture("a.nc"), test::rolloutFixture("b.nc"));
    ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    EXPECT_FALSE(window_->runsPanel()->spreadRow()->isVisible());
    const QString spread = test::rolloutFixture("c_half_spread.npz");
    window_->runsController()->open({spread});
    QMessageBox* question = nullptr;
    ASSERT_TRUE(QTest::qWaitFor([&] {
        question = window_->findChild<QMessageBox*>(QStringLiteral("thirdRunQuestion"));
        return question && question->isVisible();
    }));
    EXPECT_EQ(window_->session()->spreadRun(), QString()) << "nothing changes before the answer";
    auto* asSpread = question->findChild<QPushButton*>(QStringLiteral("useAsSpreadRun"));
    ASSERT_NE(asSpread, nullptr);
    asSpread->click();
    ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    EXPECT_EQ(window_->session()->spreadRun(), spread);
    EXPECT_EQ(window_->runB(), test::rolloutFixture("b.nc")) << "B stays";
    EXPECT_TRUE(window_->runsPanel()->spreadRow()->isVisible());

    // File ▸ Open Recent offers the pair with its spread run and reopens it so.
    QMenu recent;
    window_->runsController()->fillRecentMenu(&recent);
    ASSERT_FALSE(recent.actions().isEmpty());
    QAction* newest = recent.actions().front();
    EXPECT_TRUE(newest->text().contains("spread: " + spread)) << newest->text().toStdString();
    window_->openPair(test::rolloutFixture("a.nc"), test::rolloutFixture("b.nc"));
    ASSERT_TRUE(loaded.wait(60000));
    EXPECT_TRUE(window_->session()->spreadRun().isEmpty());
    newest->trigger();
    ASSERT_TRUE(loaded.wait(60000));
    EXPECT_EQ(window_->session()->spreadRun(), spread);
}

TEST_F(SpreadRun, ASpreadRunWithoutFieldsIsAnErrorThatKeepsThePairOnShow) {
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    window_->openPair(test::rolloutFixture("a.nc"), test::rolloutFixture("b.nc"));
    ASSERT_TRUE(loaded.wait(60000));
    QTemporaryDir empty;
    QSignalSpy failed(window_.get(), &MainWindow::loadFailed);
    window_->session()->setSpreadRun(empty.path());
    ASSERT_TRUE(failed.wait(60000));
    EXPECT_TRUE(failed[0][0].toString().contains(empty.path())) << failed[0][0].toString().toStdString();
    EXPECT_TRUE(window_->session()->spreadRun().isEmpty()) << "back to the pair on show";
    EXPECT_NE(window_->pair(), nullptr);
}

}  // namespace
}  // namespace meshdiff::gui
