// Animations of the leads (GIF, MP4) read back with FFmpeg's own decoders: frame count, size, frame
// rate, and pixels close to the frames given — a GIF palette of each frame's own colours keeps a
// diverging map's shades, H.264 keeps a PSNR above 30 dB.
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>

#include "DecodedAnimation.h"
#include "colormap/ColorMap.h"
#include "common/Error.h"
#include "export/animation/AnimationEncoder.h"

namespace meshdiff::views {
namespace {

// A diverging map's look: balance from dark blue through near white to dark red across the
// frame, a bump that moves with the frame's number, and a line of text.
QImage divergingFrame(QSize size, int number) {
    QImage image(size, QImage::Format_RGB32);
    const double centre = 0.2 + 0.15 * number, width = 0.08;
    for (int y = 0; y < size.height(); ++y) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < size.width(); ++x) {
            const double u = double(x) / (size.width() - 1), v = double(y) / (size.height() - 1);
            const double bump = std::exp(-((u - centre) * (u - centre) + (v - 0.5) * (v - 0.5)) / (width * width));
            const double t = std::clamp(0.5 + 0.45 * (u - 0.5) * 2 * (1 - bump) + 0.5 * bump, 0.0, 1.0);
            const Rgb c = sampleColorMap(ColorMapKind::Balance, t);
            line[x] = qRgb(c.r, c.g, c.b);
        }
    }
    QPainter painter(&image);
    painter.setPen(Qt::black);
    painter.drawText(QRect(0, 0, size.width(), 20), Qt::AlignCenter,
                     QStringLiteral("temperature, A − B (K), +%1 h").arg(6 * number));
    return image;
}

std::vector<QImage> frames(QSize size, int count) {
    std::vector<QImage> result;
    for (int k = 0; k < count; ++k) result.push_back(divergingFrame(size, k));
    return result;
}

void write(const QString& path, AnimationFormat format, const std::vector<QImage>& images, int fps) {
    AnimationEncoder encoder(path, format, images.front().size(), fps);
    for (const QImage& image : images) encoder.addFrame(image);
    encoder.finish();
}

TEST(AnimationEncoder, WritesAGifWhoseFramesKeepADivergingMapsShades) {
    QTemporaryDir dir;
    const QString path = dir.filePath("leads.gif");
    const auto given = frames(QSize(320, 240), 5);
    write(path, AnimationFormat::Gif, given, 4);
    const test::DecodedAnimation read = test::decodeAnimation(path);
    EXPECT_EQ(read.codec, "gif");
    ASSERT_EQ(read.frames.size(), given.size());
    for (std::size_t k = 0; k < given.size(); ++k) {
        ASSERT_EQ(read.frames[k].size(), QSize(320, 240));
        EXPECT_LT(test::meanAbsoluteError(read.frames[k], given[k]), 2.0) << "frame " << k;
        // The pale centre of the diverging map, where a shared coarse palette would band first.
        const QRect centre(150, 200, 20, 30);
        EXPECT_LT(test::meanAbsoluteError(read.frames[k].copy(centre), given[k].copy(centre)), 2.0) << "frame " << k;
    }
    EXPECT_GT(test::meanAbsoluteError(read.frames.front(), read.frames.back()), 1.0) << "the bump moves";
}

TEST(AnimationEncoder, WritesAnMp4AtEvenSizeAboveThirtyDecibels) {
    QTemporaryDir dir;
    const QString path = dir.filePath("leads.mp4");
    const auto given = frames(QSize(321, 241), 6);
    AnimationEncoder encoder(path, AnimationFormat::Mp4, QSize(321, 241), 3);
    EXPECT_EQ(encoder.encodedSize(), QSize(322, 242));
    for (const QImage& image : given) encoder.addFrame(image);
    encoder.finish();
    const test::DecodedAnimation read = test::decodeAnimation(path);
    EXPECT_TRUE(read.codec == "h264" || read.codec == "mpeg4") << read.codec.toStdString();
    EXPECT_NEAR(read.framesPerSecond, 3.0, 1e-6);
    ASSERT_EQ(read.frames.size(), given.size());
    for (std::size_t k = 0; k < given.size(); ++k) {
        ASSERT_EQ(read.frames[k].size(), QSize(322, 242));
        EXPECT_GT(test::psnr(read.frames[k].copy(0, 0, 321, 241), given[k]), 30.0) << "frame " << k;
    }
}

TEST(AnimationEncoder, NamesTheFileItCannotOpen) {
    const QString path = QStringLiteral("/nonexistent-folder-of-meshdiff/leads.gif");
    try {
        AnimationEncoder encoder(path, AnimationFormat::Gif, QSize(64, 48), 2);
        FAIL() << "opened a file in a folder that does not exist";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find(path.toStdString()), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos) << e.what();
    }
}

TEST(AnimationEncoder, RejectsAFrameOfAnotherSizeNamingTheFile) {
    QTemporaryDir dir;
    const QString path = dir.filePath("leads.mp4");
    AnimationEncoder encoder(path, AnimationFormat::Mp4, QSize(64, 48), 2);
    try {
        encoder.addFrame(QImage(QSize(32, 48), QImage::Format_RGB32));
        FAIL() << "took a frame of another size";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find(path.toStdString()), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("32×48"), std::string::npos) << e.what();
    }
}

TEST(AnimationEncoder, LeavesNoFileBehindWhenNotFinished) {
    QTemporaryDir dir;
    const QString path = dir.filePath("leads.gif");
    {
        AnimationEncoder encoder(path, AnimationFormat::Gif, QSize(64, 48), 2);
        encoder.addFrame(divergingFrame(QSize(64, 48), 0));
    }
    EXPECT_FALSE(QFile::exists(path));
}

}  // namespace
}  // namespace meshdiff::views
