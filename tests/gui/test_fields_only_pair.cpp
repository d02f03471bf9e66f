// A pair of fields files without graphs (NetCDF rollouts): the differences panel says that no
// graphs were read rather than that they do not differ, and a point clicked on the map shows A,
// B and A − B in the inspector, at a longitude east or west of Greenwich.
#include <QLabel>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include "ShownWindowTest.h"
#include "inspect/InspectorPanel.h"
#include "map/ErrorMapView.h"

namespace meshdiff::gui {
namespace {

class FieldsOnlyPair : public test::ShownWindowTest {
protected:
    void open() {
        const auto dir = test::fixture("rollouts");
        QSignalSpy shown(window_.get(), &MainWindow::fieldMapShown);
        window_->openPair(QString::fromStdString((dir / "a.nc").string()),
                          QString::fromStdString((dir / "b.nc").string()));
        ASSERT_TRUE(shown.count() > 0 || shown.wait(60000)) << window_->lastError().toStdString();
    }
};

TEST_F(FieldsOnlyPair, TheDifferencesPanelSaysNoGraphsWereReadAndWhereTheyWouldComeFrom) {
    open();
    ASSERT_FALSE(window_->pair()->comparison.graph.has_value());
    const QString text = window_->inspector()->details()->text();
    EXPECT_TRUE(text.contains(QStringLiteral("No graphs were read"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("graph dump"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("same grid↔mesh edges"))) << text.toStdString();
}

TEST_F(FieldsOnlyPair, APointClickedOnTheMapShowsAAndBAndTheirDifferenceWithAWestLongitude) {
    open();
    emit window_->errorMap()->pointClicked(30.0, 250.0);
    const QString text = window_->inspector()->details()->text();
    EXPECT_TRUE(text.contains(QStringLiteral("A − B"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("°W"))) << "250°E is 110°W: " << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("250."))) << text.toStdString();
}

}  // namespace
}  // namespace meshdiff::gui
