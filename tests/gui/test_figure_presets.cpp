// Every figure preset (89 mm, 183 mm, custom 120 mm) in every format (PNG, PDF, SVG) of every
// subject (error map, globe, error-growth chart, scorecard), exported from the window: PNGs
// record 300 dpi and have mm × 300 / 25.4 pixels, PDF and SVG pages have the chosen width. The
// files stay in the screenshots folder (figure_presets/) to be looked at.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include <cmath>

#include "ImageCompare.h"
#include "ShownWindowTest.h"

namespace meshdiff::gui {
namespace {

class FigurePresets : public test::ShownWindowTest {
protected:
    void open(const QString& a, const QString& b) {
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        window_->openPair(a, b);
        ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    }
    // Writes the figure and checks its page; returns the file.
    void exportAndCheck(views::FigureSubject subject, const char* what, bool growth) {
        const QString folder = meshdiff::test::screenshotPath(QStringLiteral("figure_presets"));
        QDir().mkpath(folder);
        for (const auto& [preset, name] :
             {std::pair{views::FigurePreset::SingleColumn, "89mm"},
              std::pair{views::FigurePreset::DoubleColumn, "183mm"}, std::pair{views::FigurePreset::Custom, "120mm"}}) {
            views::FigureOptions options = views::withPreset(views::FigureOptions{}, preset, QSizeF());
            if (preset == views::FigurePreset::Custom) options.widthInches = 120 / views::kMillimetresPerInch;
            const double widthMm = options.widthInches * views::kMillimetresPerInch;
            for (views::FigureFormat format :
                 {views::FigureFormat::Png, views::FigureFormat::Pdf, views::FigureFormat::Svg}) {
                if (subject == views::FigureSubject::Globe && format != views::FigureFormat::Png) continue;
                options.format = format;
                const QString path = QDir(folder).filePath(
                    QStringLiteral("%1_%2.%3")
                        .arg(QLatin1String(what), QLatin1String(name), views::figureFormatSuffix(format)));
                QFile::remove(path);
                SCOPED_TRACE(path.toStdString());
                QSignalSpy finished(window_.get(), &MainWindow::exportFinished);
                QSignalSpy failed(window_.get(), &MainWindow::exportFailed);
                if (growth) window_->exports()->exportGrowthChart(options, path);
                else window_->exportFigure(subject, options, path);
                ASSERT_TRUE(finished.wait(60000))
                    << (failed.isEmpty() ? "" : failed.front().front().toString().toStdString());
                QFile file(path);
                ASSERT_TRUE(file.open(QIODevice::ReadOnly));
                const QString text = QString::fromLatin1(file.readAll());
                if (format == views::FigureFormat::Png) {
                    const QImage image(path);
                    EXPECT_EQ(image.width(), std::lround(widthMm * 300 / 25.4));
                    EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 300, 0.05);
                    // Nothing runs off the page: the four outermost columns on each side are bare paper.
                    const QRgb paper = image.pixel(0, image.height() - 1);
                    int inkAtTheEdges = 0;
                    for (int y = 0; y < image.height(); ++y)
                        for (int x :
                             {0, 1, 2, 3, image.width() - 4, image.width() - 3, image.width() - 2, image.width() - 1})
                            inkAtTheEdges += image.pixel(x, y) != paper;
                    EXPECT_EQ(inkAtTheEdges, 0) << "something is cut at the page's left or right edge";
                } else if (format == views::FigureFormat::Pdf) {
                    const auto box =
                        QRegularExpression(QStringLiteral("/MediaBox\\s*\\[\\s*0\\s+0\\s+([0-9.]+)")).match(text);
                    ASSERT_TRUE(box.hasMatch());
                    EXPECT_NEAR(box.captured(1).toDouble() / 72 * 25.4, widthMm, 0.2);
                } else {
                    const auto size = QRegularExpression(QStringLiteral("width=\"([0-9.]+)mm\"")).match(text);
                    ASSERT_TRUE(size.hasMatch());
                    EXPECT_NEAR(size.captured(1).toDouble(), widthMm, 0.001);
                }
            }
        }
    }
};

TEST_F(FigurePresets, MapAndGlobeOfAGraphPairAtEveryPresetAndFormat) {
    open(test::runFolder("A"), test::runFolder("B"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window_->exports()->mapData() != nullptr; }, 30000));
    exportAndCheck(views::FigureSubject::ErrorMap, "map", false);
    exportAndCheck(views::FigureSubject::Globe, "globe", false);
}

TEST_F(FigurePresets, GrowthChartAndScorecardOfARolloutAtEveryPresetAndFormat) {
    const auto dir = test::fixture("rollouts");
    open(QString::fromStdString((dir / "a.nc").string()), QString::fromStdString((dir / "b.nc").string()));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window_->scorecardController()->scorecard() != nullptr; }, 30000));
    exportAndCheck(views::FigureSubject::Scorecard, "scorecard", false);
    exportAndCheck(views::FigureSubject::Scorecard, "growth", true);
}

}  // namespace
}  // namespace meshdiff::gui
