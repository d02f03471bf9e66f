#include <QApplication>
#include <QClipboard>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>

#include "fieldtable/FieldTableView.h"
#include "runs/RunComparisonRows.h"

namespace meshdiff::views {
namespace {

FieldRow row(const std::string& name, double relRms, double near = NAN) {
    FieldRow r;
    r.name = name;
    r.relRms = relRms;
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
    QTableView* table = view.table();
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
    EXPECT_TRUE(lines[0].startsWith("Field\trel RMS\tcorr"));
    EXPECT_TRUE(lines[1].startsWith("a\t"));
    EXPECT_TRUE(lines[3].startsWith("d\t"));
    EXPECT_EQ(lines[1].count('\t'), FieldTableModel::ColumnCount - 1);

    table->setFocus();
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    EXPECT_EQ(QApplication::clipboard()->text(), view.selectedRowsAsTsv());
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

}  // namespace
}  // namespace meshdiff::views
