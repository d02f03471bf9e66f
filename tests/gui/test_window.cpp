#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMimeData>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>

#include "ImageCompare.h"
#include "ShownWindowTest.h"
#include "WindowTestSettings.h"
#include "background/BackgroundWork.h"
#include "colormap/DifferenceColors.h"
#include "common/Error.h"
#include "core/TestPaths.h"
#include "fieldtable/FieldRow.h"
#include "fieldtable/FieldTableView.h"
#include "globe/GlobeView.h"
#include "gui/MainWindow.h"
#include "gui/SettingsKeys.h"
#include "inspect/InspectorPanel.h"
#include "map/ErrorMapCanvas.h"
#include "map/ErrorMapView.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {
namespace {

// Run folders written by tests/fixtures/make_window_runs.py from the shared 1° graphs.
using test::runFolder;

std::vector<int> changedGridPoints() {
    QFile file(QString::fromStdString((test::fixture("window") / "changed_grid_points.json").string()));
    std::vector<int> out;
    if (!file.open(QIODevice::ReadOnly)) return out;
    for (const auto& v : QJsonDocument::fromJson(file.readAll()).array()) out.push_back(v.toInt());
    return out;
}

// Rows of the differences list that are graph edges or triangles (moved mesh nodes follow them).
int edgeAndTriangleRows(const views::DifferencesListModel& differences) {
    int rows = 0;
    for (const auto& item : differences.items()) rows += item.kind != views::DifferenceItem::Kind::MovedNode;
    return rows;
}

int countLines(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return -1;
    return int(file.readAll().count('\n'));
}

class WindowTest : public test::ShownWindowTest {
protected:
    // Opens A and B and waits until the differences and the worst field's map are shown.
    double openAndWait(const QString& a, const QString& b) {
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        QSignalSpy mapShown(window_.get(), &MainWindow::fieldMapShown);
        QElapsedTimer timer;
        timer.start();
        window_->openPair(a, b);
        EXPECT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
        if (mapShown.isEmpty()) {
            EXPECT_TRUE(mapShown.wait(30000));
        }
        QCoreApplication::processEvents();
        return double(timer.elapsed()) / 1000.0;
    }
};

// The panels, the map's controls and a long status line once made the window's minimum 1855 pixels
// wide, so it overflowed a 1600-pixel screen.
TEST_F(WindowTest, OpeningAPairKeepsTheWindowWithinA1600PixelScreen) {
    openAndWait(runFolder("A"), runFolder("B"));
    QCoreApplication::processEvents();
    EXPECT_LE(window_->minimumSizeHint().width(), 1500);
    EXPECT_EQ(window_->width(), 1500);
    auto* status = window_->statusBar()->findChild<QLabel*>();
    ASSERT_NE(status, nullptr);
    status->setText(QString(400, QLatin1Char('x')));
    QCoreApplication::processEvents();
    EXPECT_EQ(window_->width(), 1500);
}

TEST_F(WindowTest, OpensAPairAndShowsDifferencesFieldsAndRuns) {
    const double seconds = openAndWait(runFolder("A"), runFolder("B"));
    RecordProperty("open_seconds", std::to_string(seconds));
    std::cout << "window: opened the 1° pair and showed its differences in " << seconds << " s\n";

    const std::vector<int> changed = changedGridPoints();
    ASSERT_FALSE(changed.empty());
    // Differences list: the shared pair has no grid→mesh differences, only triangles, then the
    // moved mesh nodes, largest move first.
    auto& differences = window_->inspector()->differences();
    ASSERT_EQ(edgeAndTriangleRows(differences), int(changed.size()));
    for (int row = 0; row < int(changed.size()); ++row) {
        EXPECT_EQ(differences.item(row).grid, changed[std::size_t(row)]);
    }
    const GraphDiff& diff = *window_->pair()->comparison.graph;
    ASSERT_EQ(differences.rowCount(), int(changed.size() + diff.movedNodes.size()));
    for (int row = int(changed.size()) + 1; row < differences.rowCount(); ++row) {
        const auto& before = diff.movedNodes[std::size_t(differences.item(row - 1).diffIndex)];
        const auto& node = diff.movedNodes[std::size_t(differences.item(row).diffIndex)];
        ASSERT_GE(before.shiftDegrees, node.shiftDegrees) << "row " << row;
    }

    // Field table: every field, worst first; B's differences sit near the differing triangles.
    views::FieldTableView* table = window_->fieldTable();
    ASSERT_EQ(table->visibleRowCount(), 6);
    const auto& rows = table->model().rows();
    double previous = INFINITY;
    for (int r = 0; r < table->visibleRowCount(); ++r) {
        const QString name = table->fieldAtVisibleRow(r);
        const auto& row = rows[std::size_t(table->model().rowOf(name))];
        EXPECT_LE(row.relRms, previous) << name.toStdString();
        previous = row.relRms;
        EXPECT_GT(row.relRmsNear, 10 * row.relRmsElsewhere) << name.toStdString();
        EXPECT_LT(row.corr, 1.0);
    }
    EXPECT_EQ(table->fieldAtVisibleRow(0), "10m_u_component_of_wind");  // its bump is 4× larger
    EXPECT_EQ(window_->currentField(), "10m_u_component_of_wind");

    // Runs: NumPy SIMD targets and graph hashes differ and are highlighted; the device is equal.
    QTableWidget* runs = window_->runsPanel()->table();
    std::map<QString, bool> differs;
    for (int r = 0; r < runs->rowCount(); ++r)
        differs[runs->item(r, 0)->text()] = runs->item(r, 1)->data(Qt::UserRole).toBool();
    EXPECT_TRUE(differs.at("NumPy SIMD"));
    EXPECT_TRUE(differs.at("Graph hash"));
    EXPECT_FALSE(differs.at("Device"));

    // The map of the worst field rings the grid points whose triangle differs (black: no field
    // map has it; the coastlines are lighter).
    auto* canvas = qobject_cast<views::ErrorMapCanvas*>(window_->errorMap()->canvas());
    ASSERT_NE(canvas, nullptr);
    for (int i = 0; i < 2000 && !canvas->isPictureCurrent(); ++i) QTest::qWait(10);  // drawn by a worker
    const QImage map = canvas->grab().toImage();
    const QRectF frame =
        window_->errorMap()->renderer().mapFrames(QRectF(QPointF(0, 0), QSizeF(canvas->size()))).front();
    const views::Rgb marker = views::kColorChanged;
    EXPECT_GT(test::countColor(map, QColor(marker.r, marker.g, marker.b), 30, frame.adjusted(4, 4, -4, -4).toRect()),
              20);

    // The screenshot shows the globe once its scene is built and drawn.
    for (int i = 0; i < 2000 && window_->globe()->isBuildingScene(); ++i) QTest::qWait(10);
    QTest::qWait(300);
    const QImage shot = window_->grab().toImage();
    shot.save(test::screenshotPath("window_pair.png"));
    EXPECT_EQ(shot.size(), window_->size());
}

TEST_F(WindowTest, ClickingADifferenceFillsTheInspectorAndNextMovesOn) {
    openAndWait(runFolder("A"), runFolder("B"));
    const std::vector<int> changed = changedGridPoints();
    views::InspectorPanel* inspector = window_->inspector();
    QSignalSpy activated(inspector, &views::InspectorPanel::differenceActivated);

    QTableView* list = inspector->list();
    const QRect cell = list->visualRect(list->model()->index(2, 1));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, cell.center());
    ASSERT_EQ(activated.count(), 1);
    EXPECT_EQ(inspector->currentRow(), 2);
    const QString details = inspector->details()->text();
    EXPECT_TRUE(details.contains(QString::number(changed[2]))) << details.toStdString();
    EXPECT_TRUE(details.contains("A's triangle"));
    EXPECT_TRUE(details.contains("B's triangle"));
    EXPECT_TRUE(details.contains("10m_u_component_of_wind"));  // field values of A and B there

    // Graph A's fragility analysis follows and flags this differing triangle (a tie point).
    for (int wait = 0; wait < 300 && !window_->pair()->fragilityA; ++wait) QTest::qWait(100);
    ASSERT_TRUE(window_->pair()->fragilityA);
    EXPECT_TRUE(inspector->details()->text().contains("at risk")) << inspector->details()->text().toStdString();

    window_->nextDifference();
    EXPECT_EQ(inspector->currentRow(), 3);
    EXPECT_TRUE(inspector->details()->text().contains(QString::number(changed[3])));
    window_->previousDifference();
    window_->previousDifference();
    EXPECT_EQ(inspector->currentRow(), 1);

    // A pick on the globe selects the matching row without flying back.
    views::GlobePick pick;
    pick.kind = views::GlobePick::Kind::Triangle;
    pick.grid = changed.back();
    const int before = activated.count();
    emit window_->globe()->picked(pick);
    EXPECT_EQ(inspector->currentRow(), int(changed.size()) - 1);
    EXPECT_EQ(activated.count(), before);
    window_->grab().save(test::screenshotPath("window_inspector.png"));
}

// Waits for the export started by `start` (written on a worker) and returns the files it wrote.
QStringList exportAndWait(MainWindow& window, const std::function<void()>& start) {
    QSignalSpy finished(&window, &MainWindow::exportFinished);
    QSignalSpy failed(&window, &MainWindow::exportFailed);
    start();
    EXPECT_TRUE(finished.wait(60000)) << (failed.isEmpty() ? std::string("timed out")
                                                           : failed.at(0).at(0).toString().toStdString());
    EXPECT_EQ(window.exportsRunning(), 0);
    return finished.isEmpty() ? QStringList() : finished.at(0).at(0).toStringList();
}

TEST_F(WindowTest, ExportsFiguresAndData) {
    openAndWait(runFolder("A"), runFolder("B"));
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QStringList written = exportAndWait(*window_, [&] { window_->exportData(dir.path()); });
    EXPECT_EQ(written.size(), 6);
    EXPECT_EQ(countLines(dir.filePath("differing_triangles.csv")), 1 + int(changedGridPoints().size()));
    EXPECT_EQ(countLines(dir.filePath("differing_edges.csv")), 1);  // header only
    EXPECT_EQ(countLines(dir.filePath("field_metrics.csv")), 1 + 6);
    QFile json(dir.filePath("comparison.json"));
    ASSERT_TRUE(json.open(QIODevice::ReadOnly));
    const QJsonObject comparison = QJsonDocument::fromJson(json.readAll()).object();
    EXPECT_EQ(comparison["graph"].toObject()["mesh2grid"].toObject()["changed"].toInt(),
              int(changedGridPoints().size()));
    QFile differences(dir.filePath("differences.json"));
    ASSERT_TRUE(differences.open(QIODevice::ReadOnly));
    EXPECT_EQ(QJsonDocument::fromJson(differences.readAll()).object()["mesh2grid_changed"].toArray().size(),
              qsizetype(changedGridPoints().size()));

    const QSize mapSize = window_->errorMap()->canvas()->size() * 4;
    exportAndWait(*window_, [&] { window_->exportMapPng(dir.filePath("map.png"), mapSize); });
    EXPECT_EQ(QImage(dir.filePath("map.png")).size(), mapSize);
    exportAndWait(*window_, [&] { window_->exportMapPdf(dir.filePath("map.pdf")); });
    exportAndWait(*window_, [&] { window_->exportMapSvg(dir.filePath("map.svg")); });
    EXPECT_GT(QFileInfo(dir.filePath("map.pdf")).size(), 1000);
    EXPECT_GT(QFileInfo(dir.filePath("map.svg")).size(), 1000);
    // Without options the vector maps are journal single-column pages: 89 mm wide.
    QFile pdf(dir.filePath("map.pdf"));
    ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
    const auto mediaBox = QRegularExpression(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"))
                              .match(QString::fromLatin1(pdf.readAll()));
    ASSERT_TRUE(mediaBox.hasMatch());
    EXPECT_NEAR(mediaBox.captured(1).toDouble(), 89 / 25.4 * 72, 0.6);

    // The dialog's choices: a dark double-column globe at 150 dpi is 183 mm × 150 dpi wide.
    views::FigureOptions globeFigure =
        views::withPreset(views::FigureOptions{}, views::FigurePreset::DoubleColumn, QSizeF());
    globeFigure.dotsPerInch = 150;
    globeFigure.background = views::FigureBackground::Dark;
    exportAndWait(*window_, [&] {
        window_->exportFigure(views::FigureSubject::Globe, globeFigure, dir.filePath("globe_figure.png"));
    });
    const QImage globeFigureImage(dir.filePath("globe_figure.png"));
    EXPECT_EQ(globeFigureImage.width(), 1081);
    EXPECT_LT(qGray(globeFigureImage.pixel(1, 1)), 60) << "dark paper";
    globeFigureImage.save(test::screenshotPath("window_globe_figure_double_column.png"));

    const QSize globeSize = window_->globe()->size() * 4;
    exportAndWait(*window_, [&] { window_->exportGlobePng(dir.filePath("globe.png"), globeSize); });
    const QImage globe(dir.filePath("globe.png"));
    EXPECT_EQ(globe.size(), globeSize);
    globe.save(test::screenshotPath("window_globe_export.png"));

    QSignalSpy failed(window_.get(), &MainWindow::exportFailed);
    window_->exportData("/proc/forbidden/folder");
    ASSERT_TRUE(failed.wait(10000));
    EXPECT_TRUE(failed.at(0).at(0).toString().contains("/proc/forbidden/folder"))
        << failed.at(0).at(0).toString().toStdString();
}

TEST_F(WindowTest, ExportsTheReportFolderOfTheCommandLine) {
    openAndWait(runFolder("A"), runFolder("B"));
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QStringList written = exportAndWait(*window_, [&] { window_->exportReport(dir.path()); });
    ASSERT_EQ(written.size(), 1);
    EXPECT_EQ(QFileInfo(written.front()).fileName(), QStringLiteral("index.html"));
    QFile index(written.front());
    ASSERT_TRUE(index.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(index.readAll());
    // Every figure the page shows was written, and it shows the globe and the worst field's map.
    const QRegularExpression image(QStringLiteral("<img src=\"([^\"]+)\""));
    int images = 0;
    for (auto match = image.globalMatch(html); match.hasNext(); ++images) {
        const QString file = match.next().captured(1);
        EXPECT_FALSE(QImage(dir.filePath(file)).isNull()) << file.toStdString();
    }
    EXPECT_GE(images, 2);
    EXPECT_TRUE(html.contains(QStringLiteral("globe.png")));
    EXPECT_TRUE(html.contains(QStringLiteral("map_1_")));
    EXPECT_EQ(countLines(dir.filePath("differing_triangles.csv")), 1 + int(changedGridPoints().size()));
}

TEST_F(WindowTest, BadRunKeepsThePreviousStateAndCancelToo) {
    openAndWait(runFolder("A"), runFolder("B"));
    const LoadedPair* before = window_->pair();
    ASSERT_NE(before, nullptr);

    QSignalSpy failed(window_.get(), &MainWindow::loadFailed);
    window_->openPair("/nonexistent/run", runFolder("B"));
    ASSERT_TRUE(failed.wait(30000));
    EXPECT_TRUE(window_->lastError().contains("/nonexistent/run")) << window_->lastError().toStdString();
    EXPECT_EQ(window_->pair(), before);
    EXPECT_EQ(window_->runA(), runFolder("A"));
    EXPECT_EQ(edgeAndTriangleRows(window_->inspector()->differences()), int(changedGridPoints().size()));

    window_->openPair(runFolder("B"), runFolder("A"));
    ASSERT_TRUE(window_->isLoading());
    window_->cancelLoading();
    EXPECT_FALSE(window_->isLoading());
    EXPECT_EQ(window_->pair(), before);
    QTest::qWait(2000);  // a cancelled load never replaces what is shown
    EXPECT_EQ(window_->pair(), before);
    EXPECT_EQ(window_->runA(), runFolder("A"));
}

TEST_F(WindowTest, SwapExchangesTheRuns) {
    openAndWait(runFolder("A"), runFolder("B"));
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    window_->swapRuns();
    ASSERT_TRUE(loaded.wait(60000));
    EXPECT_EQ(window_->runA(), runFolder("B"));
    EXPECT_EQ(window_->pair()->comparison.a.label, "sse host");
    EXPECT_EQ(edgeAndTriangleRows(window_->inspector()->differences()), int(changedGridPoints().size()));
}

TEST_F(WindowTest, DroppedFoldersOpenAndSettingsPersist) {
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(runFolder("A")), QUrl::fromLocalFile(runFolder("B"))});
    QDropEvent drop(QPointF(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    // Straight to the window (QApplication drops a Drop that no real drag preceded).
    static_cast<QObject*>(window_.get())->event(&drop);
    ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    EXPECT_EQ(window_->runB(), runFolder("B"));

    // Recent runs remember the pair; the map's options come back in a new window.
    views::waitForSettingsWrites();  // written on the settings thread
    const QStringList recent = QSettings().value(settings::kRecentPairs).toStringList();
    ASSERT_FALSE(recent.isEmpty());
    EXPECT_EQ(recent.front(), runFolder("A") + "\n" + runFolder("B"));
    views::ErrorMapStyle style = window_->errorMap()->style();
    style.mode = views::MapMode::SideBySide;
    style.sequentialMap = views::ColorMapKind::Cividis;
    window_->errorMap()->setStyle(style);
    // A globe layer hidden too: restoring it must not save the half-restored window over the style.
    auto* coastlines = window_->findChild<QAction*>(QStringLiteral("layer%1").arg(int(views::GlobeLayer::Coastlines)));
    ASSERT_NE(coastlines, nullptr);
    coastlines->setChecked(false);
    window_->close();
    MainWindow second;
    EXPECT_EQ(second.errorMap()->style().mode, views::MapMode::SideBySide);
    EXPECT_EQ(second.errorMap()->style().sequentialMap, views::ColorMapKind::Cividis);
    EXPECT_FALSE(second.findChild<QAction*>(coastlines->objectName())->isChecked());
    // Opening a window writes nothing back: a third window would read the same.
    views::waitForSettingsWrites();
    EXPECT_EQ(QSettings().value(settings::kMapMode).toInt(), int(views::MapMode::SideBySide));
    EXPECT_EQ(QSettings().value(settings::kMapColorMap).toInt(), int(views::ColorMapKind::Cividis));
}

// The window and `meshdiff compare --json` compare through one pipeline (core/compare): the table
// shows, for every field, the numbers the command line writes, near and elsewhere included.
TEST_F(WindowTest, TheFieldTableShowsTheNumbersOfCompareJson) {
    openAndWait(runFolder("A"), runFolder("B"));
    QTemporaryDir dir;
    const QString json = dir.filePath("compare.json");
    QProcess cli;
    cli.start(QStringLiteral(MESHDIFF_EXECUTABLE),
              QStringList{"compare", runFolder("A"), runFolder("B"), "--json", json});
    ASSERT_TRUE(cli.waitForFinished(60000));
    QFile file(json);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << cli.readAllStandardError().toStdString();
    const nlohmann::json perField = nlohmann::json::parse(file.readAll().toStdString()).at("fields").at("per_field");
    const std::vector<views::FieldRow>& rows = window_->fieldTable()->model().rows();
    ASSERT_EQ(rows.size(), perField.size());
    auto number = [](const nlohmann::json& value) {
        return value.is_null() ? std::numeric_limits<double>::quiet_NaN() : value.get<double>();
    };
    auto same = [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); };
    int near = 0;
    for (const nlohmann::json& field : perField) {
        const auto row = std::find_if(rows.begin(), rows.end(),
                                      [&](const views::FieldRow& r) { return r.name == field.at("name"); });
        ASSERT_NE(row, rows.end()) << field.at("name");
        EXPECT_TRUE(same(row->relRms, number(field.at("rel_rms")))) << row->name;
        EXPECT_TRUE(same(row->corr, number(field.at("corr")))) << row->name;
        EXPECT_EQ(row->maxAbs, field.at("max_abs").get<double>()) << row->name;
        EXPECT_EQ(row->withinTolerance, field.at("within_tolerance").get<bool>()) << row->name;
        ASSERT_TRUE(field.contains("rel_rms_near")) << "the graphs differ: the CLI gives near and elsewhere";
        EXPECT_TRUE(same(row->relRmsNear, number(field.at("rel_rms_near")))) << row->name;
        EXPECT_TRUE(same(row->relRmsElsewhere, number(field.at("rel_rms_elsewhere")))) << row->name;
        near += std::isfinite(row->relRmsNear);
    }
    EXPECT_GT(near, 0);
}

}  // namespace
}  // namespace meshdiff::gui
