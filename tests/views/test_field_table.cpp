#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTreeView>

#include <gtest/gtest.h>

#include <cmath>

#include "fieldtable/FieldTableView.h"
#include "runs/RunComparisonRows.h"

namespace meshdiff::views {
namespace {

// A row whose rel RMS is the same area-weighted and over the grid points.
FieldRow row(const std::string& name, double relRms, double near = NAN) {
    FieldRow r;
    r.name = name;
    r.relRms = relRms;
    r.relRmsArea = relRms;
    r.corr = 1 - relRms;
    r.relRmsNear = near;
    return r;
}

TEST(FieldTable, SortsWorstFirstAndFiltersByName) {
    FieldTableView view;
    view.setRows({row("2m_temperature", 1e-4), row("geopotential@500", 3e-2), row("temperature@850", 5e-3),
                  row("u_component_of_wind@850", NAN)});
    ASSERT_EQ(view.visibleRowCount(), 4);
    EXPECT_EQ(view.fieldAtVisibleRow(0), "geopotential@500");
    EXPECT_EQ(view.fieldAtVisibleRow(1), "temperature@850");
    EXPECT_EQ(view.fieldAtVisibleRow(2), "2m_temperature");
    EXPECT_EQ(view.fieldAtVisibleRow(3), "u_component_of_wind@850");  // NaN last

    view.filterEdit()->setText("TEMPERATURE");
    ASSERT_EQ(view.visibleRowCount(), 2);
    EXPECT_EQ(view.fieldAtVisibleRow(0), "temperature@850");
    EXPECT_EQ(view.fieldAtVisibleRow(1), "2m_temperature");

    view.filterEdit()->clear();
    view.table()->sortByColumn(FieldTableModel::Name, Qt::AscendingOrder);
    EXPECT_EQ(view.fieldAtVisibleRow(0), "2m_temperature");
}

TEST(FieldTable, AnUndefinedRelRmsShowsADashSaysWhyAndADifferingOneSortsFirst) {
    FieldRow mask = row("land_sea_mask", NAN);
    mask.corr = NAN;
    mask.withinTolerance = false;
    mask.note = "A is constant (std(A) = 0): rel RMS and corr are undefined";
    FieldRow orography = row("orography", NAN);
    orography.note = mask.note;
    FieldTableView view;
    view.setRows({row("2m_temperature", 1e-4), orography, mask, row("geopotential@500", 3e-2)});
    ASSERT_EQ(view.visibleRowCount(), 4);
    EXPECT_EQ(view.fieldAtVisibleRow(0), "land_sea_mask");
    EXPECT_EQ(view.fieldAtVisibleRow(1), "geopotential@500");
    EXPECT_EQ(view.fieldAtVisibleRow(3), "orography");

    const QAbstractItemModel* model = view.table()->model();
    const QModelIndex relRms = model->index(0, FieldTableModel::RelRms);
    EXPECT_EQ(model->data(relRms).toString(), QStringLiteral("—"));
    EXPECT_EQ(model->data(model->index(0, FieldTableModel::Corr)).toString(), QStringLiteral("—"));
    const QString tip = model->data(relRms, Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains(QStringLiteral("std(A) = 0"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("differs"))) << tip.toStdString();
    EXPECT_FALSE(model->data(model->index(3, FieldTableModel::RelRms), Qt::ToolTipRole)
                     .toString()
                     .contains(QStringLiteral("differs")));
    EXPECT_TRUE(model->data(model->index(0, FieldTableModel::Name), Qt::ForegroundRole).isValid());
}

TEST(FieldTable, SelectingAFieldEmitsItsName) {
    FieldTableView view;
    view.setRows({row("a", 1), row("b", 2)});
    QString selected;
    QObject::connect(&view, &FieldTableView::fieldSelected, &view, [&](const QString& name) { selected = name; });
    view.selectField("a");
    EXPECT_EQ(selected, "a");
    EXPECT_EQ(view.currentField(), "a");
}

TEST(FieldTable, CtrlAndShiftClickSelectSeveralFieldsAndTheCurrentOneIsShown) {
    FieldTableView view;
    view.resize(600, 300);
    view.show();
    view.setRows({row("a", 4e-2), row("b", 3e-2), row("c", 2e-2), row("d", 1e-2)});
    QString shown;
    QObject::connect(&view, &FieldTableView::fieldSelected, &view, [&](const QString& name) { shown = name; });
    QTreeView* table = view.table();
    auto click = [&](int visibleRow, Qt::KeyboardModifiers modifiers) {
        const QRect cell = table->visualRect(table->model()->index(visibleRow, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, modifiers, cell.center());
    };
    click(0, Qt::NoModifier);
    EXPECT_EQ(shown, "a");
    click(2, Qt::ControlModifier);
    EXPECT_EQ(shown, "c");
    EXPECT_EQ(view.currentField(), "c");
    EXPECT_EQ(view.selectedFields(), QStringList({"a", "c"}));
    click(3, Qt::ShiftModifier);
    EXPECT_EQ(view.selectedFields(), QStringList({"a", "c", "d"}));

    const QStringList lines = view.selectedRowsAsTsv().split('\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 4);
    EXPECT_TRUE(lines[0].startsWith("Field\trel RMS (area-weighted)\tA−B / spread (area-weighted)\tcorr"));
    EXPECT_TRUE(lines[1].startsWith("a\t"));
    EXPECT_TRUE(lines[3].startsWith("d\t"));
    EXPECT_EQ(lines[1].count('\t'), FieldTableModel::ColumnCount - 1);

    table->setFocus();
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    EXPECT_EQ(QApplication::clipboard()->text(), view.selectedRowsAsTsv());
}

QString cell(const FieldTableView& view, int visibleRow, int column) {
    return view.table()->model()->index(visibleRow, column).data().toString();
}
QString header(const FieldTableView& view, int column) {
    return view.table()->model()->headerData(column, Qt::Horizontal).toString().replace('\n', ' ');
}

// The switch and the region box pick which rel RMS the column shows, sorts by and names.
TEST(FieldTable, ShowsAreaWeightedGridPointOrRegionalRelRmsAsChosenAndSaysWhich) {
    FieldRow t = row("t", 1e-3), u = row("u", 2e-3);
    t.relRmsArea = 5e-3;  // t is worse area-weighted, u over the grid points
    u.relRmsArea = 4e-3;
    t.relRmsByRegion = {{"global", 5e-3}, {"tropics", 7e-3}};
    u.relRmsByRegion = {{"global", 4e-3}, {"tropics", 9e-3}};
    FieldTableView view;
    view.setRows({t, u});
    view.metricBar()->setRegions({"global", "tropics"});
    EXPECT_TRUE(view.metricChoice().areaWeighted) << "area-weighted by default";
    EXPECT_EQ(header(view, FieldTableModel::RelRms), "rel RMS (area-weighted)");
    EXPECT_EQ(view.fieldAtVisibleRow(0), "t");
    EXPECT_EQ(cell(view, 0, FieldTableModel::RelRms), "0.005");

    QSignalSpy changed(&view, &FieldTableView::metricChoiceChanged);
    view.metricBar()->kindBox()->setCurrentIndex(1);  // Grid points
    ASSERT_EQ(changed.size(), 1);
    EXPECT_FALSE(view.metricChoice().areaWeighted);
    EXPECT_EQ(header(view, FieldTableModel::RelRms), "rel RMS (grid points)");
    EXPECT_EQ(view.fieldAtVisibleRow(0), "u") << "sorted again by the numbers shown";
    EXPECT_EQ(cell(view, 0, FieldTableModel::RelRms), "0.002");

    view.metricBar()->regionBox()->setCurrentIndex(1);  // Tropics: area-weighted only
    EXPECT_EQ(view.metricChoice(), (MetricChoice{true, "tropics"}));
    EXPECT_FALSE(view.metricBar()->kindBox()->isEnabled());
    EXPECT_EQ(header(view, FieldTableModel::RelRms), "rel RMS (area-weighted, Tropics)");
    EXPECT_EQ(view.fieldAtVisibleRow(0), "u");
    EXPECT_EQ(cell(view, 0, FieldTableModel::RelRms), "0.009");
    EXPECT_EQ(cell(view, 1, FieldTableModel::RelRms), "0.007");

    view.metricBar()->setRegions({"global"});  // a pair without that region
    EXPECT_EQ(view.metricChoice(), (MetricChoice{true, "global"}));
    view.metricBar()->setRegions({"global", "tropics"});
    EXPECT_EQ(view.metricChoice().region, "tropics") << "the region asked for comes back";
}

// Variable and level columns; a numeric level sort (850 before 1000); the filter matches a
// variable, a level or the whole name.
// B has a NaN at 60°S only: the masks differ over the globe and the south but agree in the tropics.
TEST(FieldTable, NanMasksColumnFollowsTheChosenRegion) {
    FieldRow t = row("t", 1e-3);
    t.nanMasksEqual = false;
    t.relRmsByRegion = {{"global", 1e-3}, {"tropics", 1e-3}, {"extratropics_south", 2e-3}};
    t.nanMasksEqualByRegion = {{"global", false}, {"tropics", true}, {"extratropics_south", false}};
    FieldTableView view;
    view.setRows({t});
    view.metricBar()->setRegions({"global", "tropics", "extratropics_south", "polar"});
    const QModelIndex masks = view.table()->model()->index(0, FieldTableModel::NanMasks);
    EXPECT_EQ(masks.data().toString(), "differ");
    EXPECT_TRUE(masks.data(Qt::ForegroundRole).isValid()) << "a differing mask is red";

    view.metricBar()->regionBox()->setCurrentIndex(1);  // Tropics
    ASSERT_EQ(view.metricChoice().region, "tropics");
    EXPECT_EQ(cell(view, 0, FieldTableModel::NanMasks), "equal");
    EXPECT_FALSE(view.table()->model()->index(0, FieldTableModel::NanMasks).data(Qt::ForegroundRole).isValid());

    view.metricBar()->regionBox()->setCurrentIndex(2);  // S. extratropics
    EXPECT_EQ(cell(view, 0, FieldTableModel::NanMasks), "differ");
    view.metricBar()->regionBox()->setCurrentIndex(3);  // Polar caps: not measured for this row
    EXPECT_EQ(cell(view, 0, FieldTableModel::NanMasks), "—");
}

TEST(FieldTable, SortsByVariableThenLevelNumericallyAndFiltersOnEither) {
    FieldRow t1000 = row("temperature@1000", 1e-3), t850 = row("temperature@850", 2e-3),
             t50 = row("temperature@50", 3e-3), z850 = row("geopotential@850", 4e-3), t2m = row("2m_temperature", 5e-3);
    for (FieldRow* r : {&t1000, &t850, &t50, &z850}) r->levelUnits = "hPa";
    FieldTableView view;
    view.setRows({t1000, t850, t50, z850, t2m});
    view.table()->sortByColumn(FieldTableModel::Variable, Qt::AscendingOrder);
    QStringList order;
    for (int r = 0; r < view.visibleRowCount(); ++r) order << view.fieldAtVisibleRow(r);
    EXPECT_EQ(order, QStringList({"2m_temperature", "geopotential@850", "temperature@50", "temperature@850",
                                  "temperature@1000"}));
    EXPECT_EQ(cell(view, 3, FieldTableModel::Variable), "temperature");
    EXPECT_EQ(cell(view, 3, FieldTableModel::Level), "850 hPa");
    EXPECT_EQ(cell(view, 0, FieldTableModel::Level), "");

    view.table()->sortByColumn(FieldTableModel::Level, Qt::AscendingOrder);
    EXPECT_EQ(view.fieldAtVisibleRow(0), "2m_temperature") << "no level sorts before every level";
    EXPECT_EQ(view.fieldAtVisibleRow(1), "temperature@50");
    EXPECT_EQ(view.fieldAtVisibleRow(4), "temperature@1000");

    auto shown = [&view](const QString& filter) {
        view.filterEdit()->setText(filter);
        QStringList names;
        for (int r = 0; r < view.visibleRowCount(); ++r) names << view.fieldAtVisibleRow(r);
        names.sort();
        return names;
    };
    EXPECT_EQ(shown("850"), QStringList({"geopotential@850", "temperature@850"}));
    EXPECT_EQ(shown("temperature@850"), QStringList({"temperature@850"}));
    EXPECT_EQ(shown("850 hPa"), QStringList({"geopotential@850", "temperature@850"}));
    EXPECT_EQ(shown("geopotential"), QStringList({"geopotential@850"}));
    view.filterEdit()->clear();
    view.selectField("temperature@850");
    EXPECT_EQ(view.currentField(), "temperature@850") << "selection by name still works";
}

TEST(RunComparisonRows, HighlightsDifferingMetadataOnly) {
    RunInputs a, b;
    a.path = "/runs/a";
    b.path = "/runs/b";
    a.label = "a";
    b.label = "b";
    a.metadata = {{"device", "A100"}, {"numpy_simd", {"AVX2", "AVX512F"}}, {"env", {{"XLA_FLAGS", "x"}}}};
    b.metadata = {{"device", "A100"}, {"numpy_simd", {"AVX2"}}, {"env", {{"XLA_FLAGS", "y"}}}};
    a.graphFile = "/runs/a/graph.npz";
    const auto rows = runComparisonRows(a, b, "sha256:1", "sha256:2");
    auto find = [&](const std::string& property) {
        for (const auto& r : rows) {
            if (r.property == property) return r;
        }
        ADD_FAILURE() << "no row " << property;
        return RunComparisonRow{};
    };
    EXPECT_FALSE(find("Path").differs);
    EXPECT_FALSE(find("Device").differs);
    EXPECT_TRUE(find("NumPy SIMD").differs);
    EXPECT_EQ(find("NumPy SIMD").a, "AVX2, AVX512F");
    EXPECT_TRUE(find("Graph hash").differs);
    EXPECT_TRUE(find("env.XLA_FLAGS").differs);
    EXPECT_EQ(find("Files found").a, "graph: graph.npz");
    EXPECT_EQ(find("Files found").b, "nothing readable");
}

// WeatherBench 2's 13 pressure levels, listed out of order as a reader might give them.
const int kLevels[] = {1000, 50, 850, 100, 925, 150, 700, 200, 600, 250, 500, 300, 400};

// temperature and geopotential on 13 levels (temperature worst at 850, geopotential at 300) and
// two surface fields.
std::vector<FieldRow> levelledRows() {
    std::vector<FieldRow> rows;
    for (int level : kLevels) {
        FieldRow t = row("temperature@" + std::to_string(level), level == 850 ? 9e-3 : 1e-3 + level * 1e-7);
        FieldRow z = row("geopotential@" + std::to_string(level), level == 300 ? 4e-3 : 2e-4 + level * 1e-8);
        t.levelUnits = z.levelUnits = "hPa";
        rows.push_back(t);
        rows.push_back(z);
    }
    rows.push_back(row("2m_temperature", 6e-3));
    rows.push_back(row("mean_sea_level_pressure", 1e-5));
    return rows;
}

QStringList topLevel(const FieldTableView& view) {
    QStringList names;
    for (int r = 0; r < view.visibleRowCount(); ++r) names << view.fieldAtVisibleRow(r);
    return names;
}

TEST(FieldTableGroups, FoldEachVariablesLevelsIntoOneRowWithItsWorstLevelsNumbers) {
    FieldTableView view;
    view.setRows(levelledRows());
    ASSERT_EQ(view.visibleRowCount(), 28) << "flat by default";
    EXPECT_FALSE(view.groupBox()->isChecked());
    QSignalSpy changed(&view, &FieldTableView::groupingChanged);
    view.groupBox()->setChecked(true);
    ASSERT_EQ(changed.size(), 1);
    EXPECT_TRUE(view.grouped());

    // Worst first by rel RMS: temperature (9e-3 at 850), 2m_temperature, geopotential (4e-3 at 300), mslp.
    EXPECT_EQ(topLevel(view),
              QStringList({"temperature@850", "2m_temperature", "geopotential@300", "mean_sea_level_pressure"}));
    EXPECT_EQ(cell(view, 0, FieldTableModel::Name), "temperature · worst 850 hPa");
    EXPECT_EQ(cell(view, 0, FieldTableModel::Level), "13 levels");
    EXPECT_EQ(cell(view, 0, FieldTableModel::Variable), "temperature");
    EXPECT_EQ(cell(view, 1, FieldTableModel::Name), "2m_temperature") << "a surface field stays a plain row";
    EXPECT_TRUE(view.levelsAtVisibleRow(1).isEmpty());

    // The parent's numbers are its worst level's, cell by cell.
    const QAbstractItemModel* model = view.table()->model();
    const QModelIndex temperature = model->index(0, 0);
    ASSERT_EQ(model->rowCount(temperature), 13);
    int worst = -1;
    for (int r = 0; r < 13; ++r)
        if (model->index(r, 0, temperature).data(FieldTableModel::NameRole) == "temperature@850") worst = r;
    ASSERT_GE(worst, 0);
    for (int column = FieldTableModel::RelRms; column <= FieldTableModel::RelRmsElsewhere; ++column)
        EXPECT_EQ(model->index(0, column).data(), model->index(worst, column, temperature).data()) << column;
    EXPECT_EQ(model->index(0, FieldTableModel::RelRms).data().toString(), "0.009");

    // Sorted by the level column, each group lists its levels in numeric order.
    view.table()->sortByColumn(FieldTableModel::Level, Qt::AscendingOrder);
    const QStringList levels = view.levelsAtVisibleRow(int(topLevel(view).indexOf("geopotential@300")));
    QStringList expected;
    for (int level : {50, 100, 150, 200, 250, 300, 400, 500, 600, 700, 850, 925, 1000})
        expected << QString("geopotential@%1").arg(level);
    EXPECT_EQ(levels, expected);
    view.table()->sortByColumn(FieldTableModel::Name, Qt::AscendingOrder);
    EXPECT_EQ(view.levelsAtVisibleRow(int(topLevel(view).indexOf("geopotential@300"))), expected)
        << "by name too: 50 before 1000";
    EXPECT_EQ(topLevel(view).first(), "2m_temperature") << "groups sort among the fields by variable";

    view.setGrouped(false);
    EXPECT_EQ(view.visibleRowCount(), 28) << "ungrouped: today's flat table";
    EXPECT_FALSE(view.groupBox()->isChecked());
}

TEST(FieldTableGroups, SortGroupsByTheirWorstValueAndLevelsWithinTheirGroup) {
    FieldTableView view;
    view.setRows(levelledRows());
    view.setGrouped(true);
    view.table()->sortByColumn(FieldTableModel::RelRms, Qt::AscendingOrder);
    EXPECT_EQ(topLevel(view),
              QStringList({"mean_sea_level_pressure", "geopotential@300", "2m_temperature", "temperature@850"}));
    const QStringList temperature = view.levelsAtVisibleRow(3);
    ASSERT_EQ(temperature.size(), 13);
    EXPECT_EQ(temperature.first(), "temperature@50") << "the smallest rel RMS first";
    EXPECT_EQ(temperature.last(), "temperature@850");

    // Grid points make mslp the worst field: groups follow the numbers shown.
    std::vector<FieldRow> rows = levelledRows();
    rows.back().relRms = 1.0;
    view.setRows(rows);
    view.metricBar()->kindBox()->setCurrentIndex(1);
    EXPECT_EQ(topLevel(view).last(), "mean_sea_level_pressure");
}

TEST(FieldTableGroups, FilterKeepsAGroupWhoseLevelMatchesAndShowsThatLevel) {
    FieldTableView view;
    view.setRows(levelledRows());
    view.setGrouped(true);
    view.filterEdit()->setText("850");
    ASSERT_EQ(view.visibleRowCount(), 2);
    for (int r = 0; r < 2; ++r) {
        const QStringList levels = view.levelsAtVisibleRow(r);
        ASSERT_EQ(levels.size(), 1) << r;
        EXPECT_TRUE(levels.front().endsWith("@850")) << levels.front().toStdString();
        EXPECT_TRUE(view.table()->isExpanded(view.table()->model()->index(r, 0))) << "the matching level is shown";
    }
    view.filterEdit()->setText("geopotential");
    ASSERT_EQ(view.visibleRowCount(), 1);
    EXPECT_EQ(view.levelsAtVisibleRow(0).size(), 13);
    view.filterEdit()->setText("2m_");
    EXPECT_EQ(topLevel(view), QStringList({"2m_temperature"}));
}

TEST(FieldTableGroups, ALevelRowSelectsItsFieldAndAGroupRowItsWorstLevel) {
    FieldTableView view;
    view.resize(900, 700);
    view.show();
    view.setRows(levelledRows());
    view.setGrouped(true);
    QString shown;
    QObject::connect(&view, &FieldTableView::fieldSelected, &view, [&](const QString& name) { shown = name; });
    QTreeView* tree = view.table();
    const QModelIndex geopotential = tree->model()->index(2, 0);
    ASSERT_EQ(geopotential.data(FieldTableModel::GroupRole), "geopotential");
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(geopotential).center());
    EXPECT_EQ(shown, "geopotential@300") << "a group row shows its worst level";
    EXPECT_EQ(view.selectedFields(), QStringList({"geopotential@300"}));

    tree->expand(geopotential);
    const QModelIndex level = tree->model()->index(4, 0, geopotential);
    const QString name = level.data(FieldTableModel::NameRole).toString();
    ASSERT_TRUE(name.startsWith("geopotential@"));
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(level).center());
    EXPECT_EQ(shown, name);
    EXPECT_EQ(view.currentField(), name);

    view.selectField("temperature@1000");  // from the map or the scorecard: the group opens
    EXPECT_EQ(view.currentField(), "temperature@1000");
    EXPECT_TRUE(tree->isExpanded(tree->currentIndex().parent()));
    std::vector<FieldRow> rows = levelledRows();
    rows[0].relRms = 2e-3;  // the next lead's numbers keep the open groups open
    view.setRows(rows);
    EXPECT_TRUE(tree->isExpanded(tree->model()->index(0, 0)));
    view.setGrouped(false);
    view.selectField("temperature@700");
    EXPECT_EQ(view.currentField(), "temperature@700");
}

}  // namespace
}  // namespace meshdiff::views
