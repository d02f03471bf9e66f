// The field table grouped by variable in the window: a rollout's levels fold under their
// variable showing its worst level's numbers; a click on a level shows that field in the window
// (map, globe, inspector, growth chart follow currentField); the choice is a setting.
#include <QCheckBox>
#include <QSettings>
#include <QSignalSpy>
#include <QTreeView>

#include <gtest/gtest.h>

#include "ShownWindowTest.h"
#include "background/BackgroundWork.h"
#include "fieldtable/FieldTableView.h"

namespace meshdiff::gui {
namespace {

class FieldGroupsTest : public test::ShownWindowTest {};

TEST_F(FieldGroupsTest, TheRolloutsLevelsFoldAndALevelRowSelectsThatField) {
    const auto dir = test::fixture("rollouts");
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    window_->openPair(QString::fromStdString((dir / "a.nc").string()), QString::fromStdString((dir / "b.nc").string()));
    ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    views::FieldTableView* table = window_->fieldTable();
    ASSERT_EQ(table->visibleRowCount(), 3) << "make_rollout_fixtures.py: 2m_temperature, temperature@850 and @500";
    QCheckBox* group = window_->findChild<QCheckBox*>(QStringLiteral("groupByVariable"));
    ASSERT_NE(group, nullptr);
    EXPECT_TRUE(group->isVisible());
    group->click();
    ASSERT_EQ(table->visibleRowCount(), 2);

    QTreeView* tree = table->table();
    const QAbstractItemModel* model = tree->model();
    int temperature = -1;
    for (int r = 0; r < 2; ++r)
        if (model->index(r, 0).data(views::FieldTableModel::GroupRole) == "temperature") temperature = r;
    ASSERT_GE(temperature, 0);
    const QModelIndex parent = model->index(temperature, 0);
    ASSERT_EQ(model->rowCount(parent), 2);
    EXPECT_EQ(model->index(temperature, views::FieldTableModel::Level).data().toString(), "2 levels");
    // The worst level by the numbers in the table's rows, not by the model's own choice.
    const auto& rows = table->model().rows();
    auto relRms = [&](const char* name) { return rows[std::size_t(table->model().rowOf(name))].relRmsArea; };
    const QString worst =
        relRms("temperature@850") >= relRms("temperature@500") ? "temperature@850" : "temperature@500";
    EXPECT_EQ(parent.data(views::FieldTableModel::NameRole).toString(), worst);
    for (int r = 0; r < 2; ++r) {
        const QModelIndex level = model->index(r, 0, parent);
        if (level.data(views::FieldTableModel::NameRole).toString() != worst) continue;
        for (int column = views::FieldTableModel::RelRms; column <= views::FieldTableModel::RelRmsElsewhere; ++column)
            EXPECT_EQ(model->index(temperature, column).data(), model->index(r, column, parent).data()) << column;
    }

    tree->expand(parent);
    for (int r = 0; r < 2; ++r) {
        const QModelIndex level = model->index(r, 0, parent);
        const QString name = level.data(views::FieldTableModel::NameRole).toString();
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(level).center());
        EXPECT_TRUE(QTest::qWaitFor([&] { return window_->currentField() == name; }))
            << window_->currentField().toStdString() << " instead of " << name.toStdString();
    }
    views::waitForSettingsWrites();
    EXPECT_TRUE(QSettings().value(QStringLiteral("fields/groupedByVariable")).toBool()) << "the choice is a setting";
    group->click();
    EXPECT_EQ(table->visibleRowCount(), 3) << "ungrouped again";
    EXPECT_EQ(table->currentField(), window_->currentField()) << "the shown field stays selected";
}

}  // namespace
}  // namespace meshdiff::gui
