// One writer for every figure (map, globe, error growth, scorecard): PNGs that record the chosen
// DPI and have mm × DPI / 25.4 pixels, PDF and SVG pages of exactly the chosen millimetres.
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QPainter>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>

#include "BumpField.h"
#include "SyntheticGlobeScene.h"
#include "export/FigureWriter.h"
#include "export/GlobeFigure.h"
#include "export/MapFigure.h"
#include "scorecard/ScorecardFigure.h"

namespace meshdiff::views {
namespace {

QString readAll(const QString& path) {
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return QString::fromLatin1(file.readAll());
}

// The page of a PDF in millimetres, from its MediaBox (points).
QSizeF pdfPageMillimetres(const QString& path) {
    static const QRegularExpression box(QStringLiteral("/MediaBox\\s*\\[\\s*0\\s+0\\s+([0-9.]+)\\s+([0-9.]+)\\s*\\]"));
    const auto match = box.match(readAll(path));
    EXPECT_TRUE(match.hasMatch()) << path.toStdString();
    return QSizeF(match.captured(1).toDouble(), match.captured(2).toDouble()) / 72 * 25.4;
}

// The page of an SVG in millimetres, from its width and height attributes.
QSizeF svgPageMillimetres(const QString& path) {
    static const QRegularExpression size(QStringLiteral("width=\"([0-9.]+)mm\" height=\"([0-9.]+)mm\""));
    const auto match = size.match(readAll(path));
    EXPECT_TRUE(match.hasMatch()) << path.toStdString();
    return QSizeF(match.captured(1).toDouble(), match.captured(2).toDouble());
}

double pngDotsPerInch(const QString& path) {
    const QImage image(path);
    EXPECT_FALSE(image.isNull()) << path.toStdString();
    EXPECT_EQ(image.dotsPerMeterX(), image.dotsPerMeterY());
    return image.dotsPerMeterX() * 0.0254;
}

FigureOptions sized(double widthMm, double heightMm, double dpi, FigureFormat format) {
    FigureOptions options = withPreset(FigureOptions{}, FigurePreset::Custom, QSizeF());
    options.widthInches = widthMm / kMillimetresPerInch;
    options.heightInches = heightMm / kMillimetresPerInch;
    options.dotsPerInch = dpi;
    options.format = format;
    return options;
}

const FigurePainter kCross = [](QPainter& painter, QSizeF size, double) {
    painter.drawLine(QPointF(0, 0), QPointF(size.width(), size.height()));
};

TEST(FigureWriter, PngRecordsTheChosenDpiAndHasMillimetresTimesDpiPixels) {
    QTemporaryDir dir;
    for (double dpi : {150.0, 300.0, 600.0}) {
        const QString path = dir.filePath(QStringLiteral("f%1.png").arg(dpi));
        const FigureFile file = writeFigure(sized(89, 60, dpi, FigureFormat::Png), 60 / kMillimetresPerInch, Qt::white,
                                            QString(), kCross, path);
        EXPECT_NEAR(pngDotsPerInch(path), dpi, 0.05) << "not the 96 dpi of a screen";
        const QSize expected(int(std::lround(89 * dpi / 25.4)), int(std::lround(60 * dpi / 25.4)));
        EXPECT_EQ(QImage(path).size(), expected);
        EXPECT_EQ(file.pixels, expected);
    }
}

TEST(FigureWriter, PdfAndSvgPagesAreTheChosenMillimetres) {
    QTemporaryDir dir;
    for (double width : {89.0, 183.0, 121.3}) {
        const double height = width * 0.55;
        const QString pdf = dir.filePath("f.pdf"), svg = dir.filePath("f.svg");
        writeFigure(sized(width, height, 300, FigureFormat::Pdf), height / kMillimetresPerInch, Qt::white, QString(),
                    kCross, pdf);
        writeFigure(sized(width, height, 300, FigureFormat::Svg), height / kMillimetresPerInch, Qt::white, QString(),
                    kCross, svg);
        // PDF pages are stated in points (0.35 mm); SVG pages in millimetres.
        EXPECT_NEAR(pdfPageMillimetres(pdf).width(), width, 0.2);
        EXPECT_NEAR(pdfPageMillimetres(pdf).height(), height, 0.2);
        EXPECT_NEAR(svgPageMillimetres(svg).width(), width, 0.001);
        EXPECT_NEAR(svgPageMillimetres(svg).height(), height, 0.001);
    }
}

TEST(FigureWriter, EveryPresetOfTheMapAndScorecardHasItsSizeAndDpi) {
    QTemporaryDir dir;
    Scorecard card;
    card.rows = {{"2m_temperature", "2m_temperature", std::nullopt, "", "", "K"}};
    card.leadHours = {6.0, 12.0};
    card.leadIndex = {0, 1};
    card.cells = {{0.1, 0.2}};
    card.differenceRms = card.spreadRms = card.relRms = card.cells;
    ErrorMapStyle style;
    for (FigurePreset preset : {FigurePreset::SingleColumn, FigurePreset::DoubleColumn, FigurePreset::Custom}) {
        FigureOptions options = withPreset(FigureOptions{}, preset, QSizeF());
        if (preset == FigurePreset::Custom) options.widthInches = 140 / kMillimetresPerInch;
        const double widthMm = options.widthInches * kMillimetresPerInch;
        for (FigureFormat format : {FigureFormat::Png, FigureFormat::Pdf, FigureFormat::Svg}) {
            options.format = format;
            const QString suffix = figureFormatSuffix(format);
            const QString map = dir.filePath("map." + suffix), scorecard = dir.filePath("card." + suffix);
            const FigureFile mapFile = writeMapFigure(meshdiff::test::bumpField(), style, options, map);
            const FigureFile cardFile = writeScorecardFigure(card, options, scorecard);
            for (const auto& [path, file] : {std::pair{map, mapFile}, std::pair{scorecard, cardFile}}) {
                SCOPED_TRACE(path.toStdString() + " " + std::to_string(widthMm) + " mm");
                if (format == FigureFormat::Png) {
                    EXPECT_EQ(QImage(path).width(), std::lround(widthMm * 300 / 25.4));
                    EXPECT_EQ(QImage(path).height(), std::lround(file.inches.height() * 300));
                    EXPECT_NEAR(pngDotsPerInch(path), 300, 0.05);
                } else if (format == FigureFormat::Pdf) {
                    EXPECT_NEAR(pdfPageMillimetres(path).width(), widthMm, 0.2);
                } else {
                    EXPECT_NEAR(svgPageMillimetres(path).width(), widthMm, 0.001);
                    EXPECT_NEAR(svgPageMillimetres(path).height(), file.inches.height() * 25.4, 0.001);
                }
            }
        }
    }
}

TEST(FigureWriter, TheGlobeFigureHasTheSizeTheDialogPromisesAtTheChosenDpi) {
    QTemporaryDir dir;
    const test::SyntheticPair pair;
    GlobeSnapshot snapshot;
    snapshot.scene = pair.scene();
    snapshot.camera = {0, 30, 4.2};
    snapshot.viewPixels = QSize(800, 600);
    FigureOptions options = withPreset(FigureOptions{}, FigurePreset::SingleColumn, QSizeF());
    options.dotsPerInch = 200;
    // Automatic height: the one the dialog states before the figure is drawn.
    const QString automatic = dir.filePath("auto.png");
    writeGlobeFigure(snapshot, options, automatic);
    EXPECT_EQ(QImage(automatic).width(), std::lround(89 * 200 / 25.4));
    EXPECT_EQ(QImage(automatic).height(), std::lround(globeFigureHeightInches(snapshot, options) * 200));
    EXPECT_NEAR(pngDotsPerInch(automatic), 200, 0.05);
    // A height of one's own: exactly that.
    options.heightInches = 60 / kMillimetresPerInch;
    const QString fixed = dir.filePath("fixed.png");
    writeGlobeFigure(snapshot, options, fixed);
    EXPECT_EQ(QImage(fixed).size(), QSize(std::lround(89 * 200 / 25.4), std::lround(60 * 200 / 25.4)));
}

TEST(FigureWriter, RefusesAFigureWithoutSizeOrOneTooLargeNamingTheFile) {
    QTemporaryDir dir;
    const QString path = dir.filePath("f.png");
    try {
        writeFigure(sized(89, 0, 300, FigureFormat::Png), 0, Qt::white, QString(), kCross, path);
        FAIL() << "no height";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("f.png"), std::string::npos) << e.what();
    }
    EXPECT_THROW(
        writeFigure(sized(2000, 2000, 1200, FigureFormat::Png), 2000 / 25.4, Qt::white, QString(), kCross, path),
        std::exception);
    EXPECT_FALSE(QFile::exists(path));
}

}  // namespace
}  // namespace meshdiff::views
