#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "ImageCompare.h"

namespace {

using meshdiff::test::BaselineFiles;
using meshdiff::test::matchesBaseline;

QImage filled(const QColor& color, QSize size = {40, 30}) {
    QImage image(size, QImage::Format_RGB32);
    image.fill(color);
    return image;
}

struct BaselineComparison : ::testing::Test {
    QTemporaryDir dir;
    BaselineFiles files{dir.filePath("baselines"), dir.filePath("output")};
    QString baseline(const QString& name) const { return QDir(files.baselineDir).filePath(name + ".png"); }
    QString output(const QString& name) const { return QDir(files.outputDir).filePath(name); }
};

TEST_F(BaselineComparison, FailsWhenTheBaselineIsMissingAndDoesNotWriteIt) {
    QString message;
    EXPECT_FALSE(matchesBaseline(filled(Qt::white), "absent", 0, 0, files, message));
    EXPECT_FALSE(QFileInfo::exists(baseline("absent")));
    EXPECT_TRUE(QFileInfo::exists(output("absent.png")));
    EXPECT_TRUE(message.contains("missing")) << message.toStdString();
    EXPECT_TRUE(message.contains("scripts/update-image-baselines.sh")) << message.toStdString();
    EXPECT_TRUE(message.contains(output("absent.png"))) << message.toStdString();
}

TEST_F(BaselineComparison, WritesTheBaselineOnlyWhenAskedTo) {
    QString message;
    files.update = true;
    EXPECT_TRUE(matchesBaseline(filled(Qt::white), "new", 0, 0, files, message)) << message.toStdString();
    EXPECT_EQ(QImage(baseline("new")).pixel(0, 0), QColor(Qt::white).rgb());
    files.update = false;
    EXPECT_TRUE(matchesBaseline(filled(Qt::white), "new", 0, 0, files, message)) << message.toStdString();
}

TEST_F(BaselineComparison, FailsOnADifferentImageAndWritesTheActualAndDiffImages) {
    QString message;
    files.update = true;
    ASSERT_TRUE(matchesBaseline(filled(Qt::black), "changed", 0, 0, files, message));
    files.update = false;
    QImage actual = filled(Qt::black);
    for (int x = 0; x < 10; ++x) actual.setPixel(x, 0, qRgb(255, 255, 255));
    EXPECT_TRUE(matchesBaseline(actual, "changed", 0, 10, files, message)) << message.toStdString();
    EXPECT_FALSE(matchesBaseline(actual, "changed", 0, 9, files, message));
    EXPECT_TRUE(message.contains(output("changed_diff.png"))) << message.toStdString();
    EXPECT_TRUE(message.contains(output("changed.png"))) << message.toStdString();
    EXPECT_EQ(QImage(output("changed_diff.png")).pixel(0, 0), qRgb(255, 0, 0));
    EXPECT_EQ(QImage(output("changed.png")).pixel(0, 0), qRgb(255, 255, 255));
}

TEST_F(BaselineComparison, FailsOnADifferentSize) {
    QString message;
    files.update = true;
    ASSERT_TRUE(matchesBaseline(filled(Qt::black), "resized", 0, 0, files, message));
    files.update = false;
    EXPECT_FALSE(matchesBaseline(filled(Qt::black, {41, 30}), "resized", 255, 1000000, files, message));
    EXPECT_TRUE(message.contains("41x30")) << message.toStdString();
}

}  // namespace
