// The "Point over leads" dock: for a rollout, a click on the error map charts A, B and A − B at
// that grid point for the field on show, lead after lead; the values are those of the files.
#include <algorithm>
#include <cmath>
#include <variant>

#include <QAction>
#include <QChart>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "ShownWindowTest.h"
#include "export/FigureExportDialog.h"
#include "fields/Field.h"
#include "fields/FieldSource.h"
#include "gui/ExportsController.h"
#include "gui/PointSeriesController.h"
#include "map/ErrorMapRenderer.h"
#include "map/ErrorMapView.h"
#include "pointseries/PointSeriesView.h"

namespace meshdiff::gui {
namespace {

// make_rollout_fixtures.py: A = code(t, m, k, i, j) on a 19 × 36 grid, lat -90..90 and lon 0..350
// in 10° steps; k is 0 for 2m_temperature, 1 and 2 for temperature@850 and @500.
double fixtureA(std::size_t t, std::size_t m, int k, int i, int j) {
    return 1000.0 * double(t) + 10.0 * k + i + 0.01 * j + 5 * std::cos(i / 3.0) * std::sin(j / 4.0) +
           double(m) * std::sin(double(i + j));
}

int fixtureLevel(const std::string& field) {
    if (field == "temperature@850") return 1;
    if (field == "temperature@500") return 2;
    return 0;
}

double valueAt(const Field& field, std::size_t index) {
    return std::visit([index](const auto& values) { return double(values[index]); }, field.values);
}

class PointSeriesDock : public test::ShownWindowTest {
protected:
    QDockWidget* dock() const { return window_->findChild<QDockWidget*>(QStringLiteral("pointSeriesDock")); }
};

TEST_F(PointSeriesDock, AClickOnTheMapChartsAAndBAtThatPointForEveryLead) {
    const auto dir = test::fixture("rollouts");
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    window_->openPair(QString::fromStdString((dir / "a.nc").string()), QString::fromStdString((dir / "b.nc").string()));
    ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return dock() && dock()->toggleViewAction()->isChecked(); }, 30000));
    ASSERT_FALSE(window_->currentField().isEmpty());

    auto* controller = window_->findChild<PointSeriesController*>();
    ASSERT_NE(controller, nullptr);
    views::PointSeriesView* view = controller->view();
    EXPECT_FALSE(view->series()) << "nothing charted before a click";

    auto* map = window_->findChild<views::ErrorMapView*>();
    ASSERT_NE(map, nullptr);
    window_->findChild<QDockWidget*>(QStringLiteral("mapDock"))->raise();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return map->canvas()->isVisible() && map->renderer().data() != nullptr; }, 20000));
    const QRectF frame = map->renderer().mapFrames(QRectF(QPointF(0, 0), QSizeF(map->canvas()->size()))).front();
    QSignalSpy clicked(map, &views::ErrorMapView::pointClicked);
    QSignalSpy shown(controller, &PointSeriesController::seriesShown);
    QTest::mouseClick(map->canvas(), Qt::LeftButton, {},
                      (frame.topLeft() + QPointF(frame.width() * 0.3, frame.height() * 0.35)).toPoint());
    ASSERT_TRUE(clicked.count() == 1 || clicked.wait(2000));
    ASSERT_TRUE(shown.count() == 1 || shown.wait(20000));
    ASSERT_TRUE(view->series());

    const views::PointSeries& series = *view->series();
    EXPECT_EQ(series.field, window_->currentField().toStdString());
    EXPECT_NEAR(series.lat, clicked.at(0).at(0).toDouble(), 5.0) << "the grid point nearest the click";
    EXPECT_EQ(series.hours, (std::vector<double>{6, 12, 18, 24}));
    const int i = int(std::lround((series.lat + 90) / 10));
    const int j = int(std::lround(series.lon / 10));
    const auto fileB = openFieldSource((dir / "b.nc").string());
    const std::size_t index =
        fileB->grid().nlon() * std::size_t(std::find(fileB->grid().lat.begin(), fileB->grid().lat.end(), series.lat) -
                                           fileB->grid().lat.begin()) +
        std::size_t(j);
    ASSERT_EQ(series.a.size(), 4u);
    for (std::size_t t = 0; t < 4; ++t) {
        EXPECT_NEAR(series.a[t], fixtureA(t, series.member, fixtureLevel(series.field), i, j), 1e-3) << t;
        EXPECT_EQ(series.b[t], valueAt(fileB->loadAt(series.field, t, series.member), index)) << t;
    }
    EXPECT_NE(series.a, series.b) << "B is A with noise";

    // The chart draws A, B and A − B with a point per lead.
    int lines = 0;
    for (QAbstractSeries* s : view->chart()->series())
        if (auto* line = qobject_cast<QLineSeries*>(s); line && line->type() == QAbstractSeries::SeriesTypeLine) {
            EXPECT_EQ(line->count(), 4) << line->name().toStdString();
            ++lines;
        }
    EXPECT_EQ(lines, 3);

    // The chart's context menu offers its exports (File ▸ Export's entries); they write the series shown.
    QStringList entries;
    for (QAction* action : view->actions()) entries << action->objectName();
    EXPECT_EQ(entries,
              (QStringList{QStringLiteral("exportPointSeriesFigure"), QStringLiteral("exportPointSeriesCsv")}));
    auto* exports = window_->findChild<ExportsController*>();
    ASSERT_NE(exports, nullptr);
    QTemporaryDir out;
    QSignalSpy written(exports, &ExportsController::finished);
    exports->exportPointSeriesCsv(out.filePath(QStringLiteral("point.csv")));
    ASSERT_TRUE(written.wait(20000));
    QFile csv(out.filePath(QStringLiteral("point.csv")));
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QStringList rows = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(rows.size(), 5) << "a header and a row per lead";
    for (std::size_t t = 0; t < 4; ++t) {
        const QStringList cells = rows[int(t) + 1].split(QLatin1Char(','));
        ASSERT_GE(cells.size(), 5);
        EXPECT_NEAR(cells[2].toDouble(), fixtureA(t, series.member, fixtureLevel(series.field), i, j), 1e-3) << t;
        EXPECT_EQ(cells[3].toDouble(), valueAt(fileB->loadAt(series.field, t, series.member), index)) << t;
    }
    views::FigureOptions column;  // a journal column, 300 DPI
    exports->exportFigure(views::FigureSubject::PointSeries, column, out.filePath(QStringLiteral("point.png")));
    ASSERT_TRUE(written.wait(20000));
    const QImage figure(out.filePath(QStringLiteral("point.png")));
    EXPECT_EQ(figure.size(), QSize(1051, 840)) << "89 mm × 2.8 in at 300 DPI";
}

}  // namespace
}  // namespace meshdiff::gui
