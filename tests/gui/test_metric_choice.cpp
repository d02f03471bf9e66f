// The window's numbers: area-weighted by default with a switch to grid points and a region box,
// each showing exactly the numbers of `meshdiff compare --json`; and Go ▸ Go to First Divergence
// on a rollout whose first lead is bit-identical.
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <limits>

#include "ShownWindowTest.h"
#include "background/BackgroundWork.h"
#include "fieldtable/FieldTableView.h"
#include "globe/GlobeView.h"
#include "map/ErrorMapView.h"

namespace meshdiff::gui {
namespace {

class MetricChoiceTest : public test::ShownWindowTest {
protected:
    void open(const QString& a, const QString& b) {
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        window_->openPair(a, b);
        ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    }
    // `meshdiff compare A B --json` (every lead: the CLI's own default).
    static nlohmann::json compareJson(const QString& a, const QString& b) {
        QTemporaryDir dir;
        const QString json = dir.filePath("compare.json");
        QProcess cli;
        cli.start(QStringLiteral(MESHDIFF_EXECUTABLE), QStringList{"compare", a, b, "--json", json});
        EXPECT_TRUE(cli.waitForFinished(60000));
        QFile file(json);
        EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << cli.readAllStandardError().toStdString();
        return nlohmann::json::parse(file.readAll().toStdString());
    }
    // The rel RMS column's text of `field`.
    QString shownRelRms(const std::string& field) const {
        views::FieldTableView* table = window_->fieldTable();
        const int row = table->model().rowOf(QString::fromStdString(field));
        return table->model().index(row, views::FieldTableModel::RelRms).data().toString();
    }
    static QString formatted(const nlohmann::json& value) {
        views::FieldRow row;  // the table's own formatting of a number
        views::FieldTableModel model;
        row.name = "x";
        row.relRms = value.is_null() ? std::numeric_limits<double>::quiet_NaN() : value.get<double>();
        model.setRows({row});
        model.setMetricChoice(views::MetricChoice::gridPoints());
        return model.index(0, views::FieldTableModel::RelRms).data().toString();
    }
};

double number(const nlohmann::json& value) {
    return value.is_null() ? std::numeric_limits<double>::quiet_NaN() : value.get<double>();
}
bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

TEST_F(MetricChoiceTest, TheSwitchAndTheRegionBoxShowTheNumbersOfCompareJson) {
    open(test::runFolder("A"), test::runFolder("B"));
    const nlohmann::json fields = compareJson(test::runFolder("A"), test::runFolder("B")).at("fields");
    const nlohmann::json& perField = fields.at("per_field");
    views::FieldTableView* table = window_->fieldTable();
    const std::vector<views::FieldRow>& rows = table->model().rows();
    ASSERT_EQ(rows.size(), perField.size());
    views::MetricChoiceBar* bar = table->metricBar();
    EXPECT_TRUE(bar->isVisible());
    EXPECT_EQ(table->metricChoice(), views::MetricChoice{}) << "area-weighted over the globe by default";
    auto header = [table] {
        return table->model().headerData(views::FieldTableModel::RelRms, Qt::Horizontal).toString().replace('\n', ' ');
    };
    EXPECT_EQ(header(), "rel RMS (area-weighted)");
    for (const nlohmann::json& field : perField) {
        const std::string name = field.at("name");
        const auto row = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.name == name; });
        ASSERT_NE(row, rows.end()) << name;
        EXPECT_TRUE(same(row->relRmsArea, number(field.at("area_weighted").at("rel_rms")))) << name;
        EXPECT_TRUE(same(row->relRms, number(field.at("rel_rms")))) << name;
        EXPECT_EQ(shownRelRms(name), formatted(field.at("area_weighted").at("rel_rms"))) << name;
    }

    QAction* menuEntry = window_->findChild<QAction*>(QStringLiteral("areaWeightedNumbers"));
    ASSERT_NE(menuEntry, nullptr);
    EXPECT_TRUE(menuEntry->isChecked());
    menuEntry->trigger();  // View ▸ Area-Weighted Numbers off: grid points
    EXPECT_FALSE(table->metricChoice().areaWeighted);
    EXPECT_EQ(bar->kindBox()->currentText(), "Grid points");
    EXPECT_EQ(header(), "rel RMS (grid points)");
    for (const nlohmann::json& field : perField)
        EXPECT_EQ(shownRelRms(field.at("name")), formatted(field.at("rel_rms"))) << field.at("name");

    // Every region of the JSON is offered, and each other than global shows its own numbers.
    const nlohmann::json& regions = fields.at("regions");
    ASSERT_EQ(bar->regionBox()->count(), int(regions.size()));
    ASSERT_EQ(regions[0].at("name"), "global");
    for (std::size_t k = 1; k < regions.size(); ++k) {
        const std::string region = regions[k].at("name");
        bar->regionBox()->setCurrentIndex(int(k));
        EXPECT_EQ(table->metricChoice().region, region);
        EXPECT_TRUE(table->metricChoice().areaWeighted) << "a region is measured area-weighted";
        EXPECT_TRUE(header().contains(QString::fromStdString(views::regionTitle(region)))) << header().toStdString();
        for (const nlohmann::json& field : perField) {
            EXPECT_EQ(shownRelRms(field.at("name")), formatted(field.at("regions").at(region).at("rel_rms")))
                << field.at("name") << " over " << region;
        }
    }
    views::waitForSettingsWrites();
    EXPECT_EQ(QSettings().value(QStringLiteral("fields/region")).toString().toStdString(),
              regions.back().at("name").get<std::string>())
        << "the choice is a setting";
}

// A rollout whose first lead (+6 h) is A's own file in both runs, the next ones B's.
class FirstDivergenceTest : public MetricChoiceTest {
protected:
    void SetUp() override {
        MetricChoiceTest::SetUp();
        namespace fs = std::filesystem;
        const fs::path rollouts = test::fixture("rollouts"), root(dir_.path().toStdString());
        fs::create_directories(root / "A");
        fs::create_directories(root / "B");
        for (const char* lead : {"006", "012", "018", "024"})
            fs::copy_file(rollouts / "lead_files_a" / (std::string("a_") + lead + ".nc"),
                          root / "A" / (std::string("a_") + lead + ".nc"));
        fs::copy_file(rollouts / "lead_files_a" / "a_006.nc", root / "B" / "b_f006.nc");
        for (const char* lead : {"012", "018", "024"})
            fs::copy_file(rollouts / "lead_files_b" / (std::string("b_f") + lead + ".nc"),
                          root / "B" / (std::string("b_f") + lead + ".nc"));
    }
    QString run(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }
    QTemporaryDir dir_;
};

TEST_F(FirstDivergenceTest, GoesToTheFirstLeadThatIsNotBitIdenticalAndItsLargestPoint) {
    QAction* go = window_->findChild<QAction*>(QStringLiteral("firstDivergence"));
    ASSERT_NE(go, nullptr);
    EXPECT_FALSE(go->isEnabled()) << "nothing open";
    open(run("A"), run("B"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window_->growthLeads() != nullptr; }, 30000)) << "every lead compared";
    const nlohmann::json first = compareJson(run("A"), run("B")).at("fields").at("first_divergence");
    ASSERT_FALSE(first.is_null());
    ASSERT_EQ(first.at("lead_index").get<int>(), 1) << "the fixture: +6 h identical, +12 h not";
    const nlohmann::json& point = first.at("points").at(0);
    EXPECT_EQ(window_->currentLead(), 0);
    ASSERT_TRUE(go->isEnabled());

    QSignalSpy arrived(window_->divergenceController(), &DivergenceController::arrived);
    go->trigger();
    ASSERT_TRUE(arrived.wait(30000));
    EXPECT_EQ(window_->currentLead(), 1);
    EXPECT_EQ(window_->currentField().toStdString(), point.at("field").get<std::string>());
    EXPECT_EQ(window_->fieldTable()->currentField(), window_->currentField());
    EXPECT_EQ(arrived[0][1].toDouble(), point.at("lat").get<double>());
    EXPECT_EQ(arrived[0][2].toDouble(), point.at("lon").get<double>());
    const views::MapViewport& view = window_->errorMap()->style().viewport;
    EXPECT_EQ(view.centerLat, point.at("lat").get<double>()) << "the map is centred on the point";
    EXPECT_GT(view.zoom, 1);
    const QString text = arrived[0][0].toString();
    EXPECT_TRUE(text.startsWith("first divergence: +12 h, " + window_->currentField() + " at ")) << text.toStdString();
    char diff[32];
    std::snprintf(diff, sizeof diff, "|A−B| %.2g", point.at("abs_diff").get<double>());
    EXPECT_TRUE(text.contains(QString::fromUtf8(diff))) << text.toStdString() << " lacks " << diff;
    EXPECT_TRUE(window_->statusBar()->currentMessage().contains(text) ||
                window_->statusBar()->findChild<QLabel*>()->text().contains(text));
}

}  // namespace
}  // namespace meshdiff::gui
