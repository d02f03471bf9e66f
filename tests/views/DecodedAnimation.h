#pragma once
#include <vector>

#include <QImage>
#include <QString>

namespace meshdiff::test {

// An animation file read back with FFmpeg's own demuxers and decoders (not meshdiff's code).
struct DecodedAnimation {
    QString codec;  // "gif", "h264", "mpeg4"
    double framesPerSecond = 0;
    std::vector<QImage> frames;  // RGB888
};

// Throws std::runtime_error when the file cannot be read.
DecodedAnimation decodeAnimation(const QString& path);

// Mean absolute difference per channel (0–255) and the PSNR (dB) of two images of one size.
double meanAbsoluteError(const QImage& a, const QImage& b);
double psnr(const QImage& a, const QImage& b);

}  // namespace meshdiff::test
