#pragma once
#include <QColor>
#include <QImage>
#include <QString>

namespace meshdiff::test {

// Screenshot comparison in the style of QGIS' render checker and F3D's --ref: pixels whose
// channels all lie within `channelTolerance` match; at most `allowedMismatches` may not.
struct ImageComparison {
    bool sizeMatches = false;
    long mismatched = 0;
    int maxChannelDifference = 0;
    QImage diff;  // mismatched pixels red over a faded copy of the actual image
};
ImageComparison compareImages(const QImage& actual, const QImage& expected, int channelTolerance);

// Compares `actual` with tests/baselines/<name>.png. Writes the actual image, and on mismatch a
// <name>_diff.png, to the screenshot directory. When the baseline is missing or
// MESHDIFF_UPDATE_BASELINES is set, writes the baseline instead and returns true.
// `message` explains a failure.
bool matchesBaseline(const QImage& actual, const QString& name, int channelTolerance, long allowedMismatches,
                     QString& message);

QString screenshotPath(const QString& fileName);  // creates the directory

// Pixels of `image` (inside `region`, whole image when null) within `tolerance` of `color`.
long countColor(const QImage& image, const QColor& color, int tolerance, const QRect& region = {});

}  // namespace meshdiff::test
