#pragma once
#include <QColor>
#include <QImage>
#include <QString>

#include <algorithm>
#include <cstdlib>

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

struct BaselineFiles {
    QString baselineDir;  // the checked-in <name>.png baselines
    QString outputDir;    // where <name>.png (the actual image) and <name>_diff.png go
    bool update = false;  // write the baseline instead of comparing with it
};

// Compares `actual` with <baselineDir>/<name>.png; writes the actual image, and on mismatch a
// diff image, to outputDir. A missing baseline fails. `message` explains a failure and names the
// files written.
bool matchesBaseline(const QImage& actual, const QString& name, int channelTolerance, long allowedMismatches,
                     const BaselineFiles& files, QString& message);

// The same with tests/baselines and the build's screenshot directory; MESHDIFF_UPDATE_BASELINES=1
// (scripts/update-image-baselines.sh) writes the baselines.
bool matchesBaseline(const QImage& actual, const QString& name, int channelTolerance, long allowedMismatches,
                     QString& message);

QString screenshotPath(const QString& fileName);  // creates the directory

// The largest of the three channels' differences between a pixel and a colour with r, g, b.
template <class Rgb>
int channelDistance(QRgb pixel, const Rgb& color) {
    return std::max(
        {std::abs(qRed(pixel) - color.r), std::abs(qGreen(pixel) - color.g), std::abs(qBlue(pixel) - color.b)});
}

// Pixels of `image` (inside `region`, whole image when null) within `tolerance` of `color`.
long countColor(const QImage& image, const QColor& color, int tolerance, const QRect& region = {});

}  // namespace meshdiff::test
