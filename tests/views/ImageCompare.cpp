#include "ImageCompare.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cstdlib>

namespace meshdiff::test {

ImageComparison compareImages(const QImage& actualIn, const QImage& expectedIn, int channelTolerance) {
    ImageComparison result;
    if (actualIn.size() != expectedIn.size()) return result;
    result.sizeMatches = true;
    const QImage actual = actualIn.convertToFormat(QImage::Format_ARGB32);
    const QImage expected = expectedIn.convertToFormat(QImage::Format_ARGB32);
    result.diff = QImage(actual.size(), QImage::Format_ARGB32);
    for (int y = 0; y < actual.height(); ++y) {
        const auto* a = reinterpret_cast<const QRgb*>(actual.constScanLine(y));
        const auto* e = reinterpret_cast<const QRgb*>(expected.constScanLine(y));
        auto* d = reinterpret_cast<QRgb*>(result.diff.scanLine(y));
        for (int x = 0; x < actual.width(); ++x) {
            const int diff = std::max({std::abs(qRed(a[x]) - qRed(e[x])), std::abs(qGreen(a[x]) - qGreen(e[x])),
                                       std::abs(qBlue(a[x]) - qBlue(e[x]))});
            result.maxChannelDifference = std::max(result.maxChannelDifference, diff);
            if (diff > channelTolerance) {
                ++result.mismatched;
                d[x] = qRgb(255, 0, 0);
            } else {
                const int g = 128 + qGray(a[x]) / 2;
                d[x] = qRgb(g, g, g);
            }
        }
    }
    return result;
}

QString screenshotPath(const QString& fileName) {
    QDir().mkpath(MESHDIFF_SCREENSHOT_DIR);
    return QDir(MESHDIFF_SCREENSHOT_DIR).filePath(fileName);
}

bool matchesBaseline(const QImage& actual, const QString& name, int channelTolerance, long allowedMismatches,
                     const BaselineFiles& files, QString& message) {
    const QString baselinePath = QDir(files.baselineDir).filePath(name + ".png");
    if (files.update) {
        const bool written = QDir().mkpath(files.baselineDir) && actual.save(baselinePath);
        message = (written ? "baseline written: " : "could not write the baseline ") + baselinePath;
        return written;
    }
    QDir().mkpath(files.outputDir);
    const QString actualPath = QDir(files.outputDir).filePath(name + ".png");
    actual.save(actualPath);
    if (!QFileInfo::exists(baselinePath)) {
        message = QStringLiteral(
                      "baseline %1 is missing (actual image: %2); create it with "
                      "scripts/update-image-baselines.sh, look at it and commit it")
                      .arg(baselinePath, actualPath);
        return false;
    }
    const QImage expected(baselinePath);
    const ImageComparison c = compareImages(actual, expected, channelTolerance);
    if (!c.sizeMatches) {
        message = QStringLiteral("size %1x%2 differs from baseline %3x%4 (%5); actual image: %6")
                      .arg(actual.width())
                      .arg(actual.height())
                      .arg(expected.width())
                      .arg(expected.height())
                      .arg(baselinePath, actualPath);
        return false;
    }
    if (c.mismatched > allowedMismatches) {
        const QString diffPath = QDir(files.outputDir).filePath(name + "_diff.png");
        c.diff.save(diffPath);
        message = QStringLiteral(
                      "%1 pixels differ from %2 by more than %3 (allowed %4, max difference %5); "
                      "actual image: %6, diff image: %7")
                      .arg(c.mismatched)
                      .arg(baselinePath)
                      .arg(channelTolerance)
                      .arg(allowedMismatches)
                      .arg(c.maxChannelDifference)
                      .arg(actualPath, diffPath);
        return false;
    }
    message = QStringLiteral("%1 pixels differ (allowed %2)").arg(c.mismatched).arg(allowedMismatches);
    return true;
}

bool matchesBaseline(const QImage& actual, const QString& name, int channelTolerance, long allowedMismatches,
                     QString& message) {
    const BaselineFiles files{MESHDIFF_BASELINE_DIR, MESHDIFF_SCREENSHOT_DIR,
                              qEnvironmentVariable("MESHDIFF_UPDATE_BASELINES") == "1"};
    return matchesBaseline(actual, name, channelTolerance, allowedMismatches, files, message);
}

long countColor(const QImage& imageIn, const QColor& color, int tolerance, const QRect& regionIn) {
    const QImage image = imageIn.convertToFormat(QImage::Format_ARGB32);
    const QRect region = regionIn.isNull() ? image.rect() : regionIn.intersected(image.rect());
    long count = 0;
    for (int y = region.top(); y <= region.bottom(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = region.left(); x <= region.right(); ++x)
            if (std::abs(qRed(line[x]) - color.red()) <= tolerance &&
                std::abs(qGreen(line[x]) - color.green()) <= tolerance &&
                std::abs(qBlue(line[x]) - color.blue()) <= tolerance)
                ++count;
    }
    return count;
}

}  // namespace meshdiff::test
