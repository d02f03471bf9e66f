#pragma once
#include <memory>

#include <QImage>
#include <QSize>
#include <QString>

namespace meshdiff::views {

enum class AnimationFormat { Gif, Mp4 };
QString animationFormatSuffix(AnimationFormat format);  // "gif", "mp4"

// Writes frames as an animated GIF or an MP4 with FFmpeg's libraries (opened on first use).
// GIF: each frame gets its own palette of up to 255 colours (FFmpeg's palettegen and paletteuse), so
// a diverging map's pale centre and dark ends keep their shades; it loops forever. MP4: H.264 by
// libx264 (MPEG-4 part 2 when libavcodec has no libx264), yuv420p, so the size is rounded up to even
// numbers (the last row or column repeated). Frames are shown `framesPerSecond` a second. Use from
// one thread at a time. Throws meshdiff::Error naming the file when it cannot be opened or written,
// when an encoder is missing, or when a frame is not `frameSize`.
class AnimationEncoder {
public:
    AnimationEncoder(const QString& path, AnimationFormat format, QSize frameSize, int framesPerSecond);
    ~AnimationEncoder();  // an unfinished file is removed
    AnimationEncoder(const AnimationEncoder&) = delete;
    AnimationEncoder& operator=(const AnimationEncoder&) = delete;

    void addFrame(const QImage& frame);
    void finish();              // writes what is buffered and closes the file
    QSize encodedSize() const;  // MP4: the frame size rounded up to even numbers
    QString codecName() const;  // "gif", "libx264" or "mpeg4"
    int framesWritten() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace meshdiff::views
