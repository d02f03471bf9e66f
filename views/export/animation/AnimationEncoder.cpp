#include "export/animation/AnimationEncoder.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include <QFile>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include "common/Error.h"

namespace meshdiff::views {
namespace {

std::string ffmpegError(int code) {
    std::array<char, AV_ERROR_MAX_STRING_SIZE> text{};
    av_strerror(code, text.data(), text.size());
    return text.data();
}

int even(int n) { return n + (n % 2); }

}  // namespace

QString animationFormatSuffix(AnimationFormat format) {
    return format == AnimationFormat::Gif ? QStringLiteral("gif") : QStringLiteral("mp4");
}

struct AnimationEncoder::State {
    std::string path;
    AnimationFormat format = AnimationFormat::Gif;
    QSize frameSize, encodedSize;
    int framesPerSecond = 1;
    int frames = 0;
    bool finished = false;
    AVFormatContext* container = nullptr;
    AVStream* stream = nullptr;
    AVCodecContext* codec = nullptr;
    AVPacket* packet = nullptr;
    AVFilterGraph* palette = nullptr;  // GIF: frame → its own palette → PAL8
    AVFilterContext* paletteIn = nullptr;
    AVFilterContext* paletteOut = nullptr;
    SwsContext* toYuv = nullptr;  // MP4: RGB → yuv420p

    [[noreturn]] void fail(const std::string& problem) const { throw Error(path, problem); }
    void check(int code, const char* doing) const {
        if (code < 0) fail(std::string(doing) + ": " + ffmpegError(code));
    }

    ~State() {
        sws_freeContext(toYuv);
        avfilter_graph_free(&palette);
        av_packet_free(&packet);
        avcodec_free_context(&codec);
        if (container) {
            if (container->pb) avio_closep(&container->pb);
            avformat_free_context(container);
        }
        if (!finished) QFile::remove(QString::fromStdString(path));
    }

    void openCodec() {
        const AVCodec* encoder = nullptr;
        if (format == AnimationFormat::Gif) {
            encoder = avcodec_find_encoder(AV_CODEC_ID_GIF);
            if (!encoder) fail("FFmpeg's libavcodec has no GIF encoder");
        } else {
            encoder = avcodec_find_encoder_by_name("libx264");
            if (!encoder) encoder = avcodec_find_encoder(AV_CODEC_ID_MPEG4);
            if (!encoder) fail("FFmpeg's libavcodec has neither the libx264 nor the MPEG-4 encoder");
        }
        codec = avcodec_alloc_context3(encoder);
        if (!codec) fail("out of memory for the encoder");
        codec->width = encodedSize.width();
        codec->height = encodedSize.height();
        codec->time_base = AVRational{1, framesPerSecond};
        codec->framerate = AVRational{framesPerSecond, 1};
        codec->sample_aspect_ratio = AVRational{1, 1};
        if (format == AnimationFormat::Gif) {
            codec->pix_fmt = AV_PIX_FMT_PAL8;
        } else {
            codec->pix_fmt = AV_PIX_FMT_YUV420P;
            codec->gop_size = std::max(1, framesPerSecond * 2);
            // What swscale's RGB → YUV uses, so that players turn it back into the same colours.
            codec->colorspace = AVCOL_SPC_SMPTE170M;
            codec->color_range = AVCOL_RANGE_MPEG;
            if (std::strcmp(encoder->name, "libx264") == 0) {
                av_opt_set(codec->priv_data, "crf", "16", 0);
                av_opt_set(codec->priv_data, "preset", "medium", 0);
            } else {
                codec->flags |= AV_CODEC_FLAG_QSCALE;
                codec->global_quality = FF_QP2LAMBDA * 2;
            }
        }
        if (container->oformat->flags & AVFMT_GLOBALHEADER) codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
        check(avcodec_open2(codec, encoder, nullptr), "cannot start the encoder");
    }

    void openPalette() {
        palette = avfilter_graph_alloc();
        if (!palette) fail("out of memory for the GIF palette");
        // Each frame's own palette (stats_mode=single, new=1): the frames' colours differ, and one
        // shared palette of 255 colours would band the gradients of all of them.
        const std::string graph =
            "buffer=video_size=" + std::to_string(frameSize.width()) + "x" + std::to_string(frameSize.height()) +
            ":pix_fmt=" + std::to_string(int(AV_PIX_FMT_RGB24)) + ":time_base=1/" + std::to_string(framesPerSecond) +
            ":pixel_aspect=1/1,split[a][b];[a]palettegen=stats_mode=single[p];"
            "[b][p]paletteuse=new=1:dither=sierra2_4a,buffersink";
        AVFilterInOut* inputs = nullptr;
        AVFilterInOut* outputs = nullptr;
        const int parsed = avfilter_graph_parse2(palette, graph.c_str(), &inputs, &outputs);
        avfilter_inout_free(&inputs);
        avfilter_inout_free(&outputs);
        check(parsed, "cannot set up FFmpeg's palette filters");
        check(avfilter_graph_config(palette, nullptr), "cannot set up FFmpeg's palette filters");
        for (unsigned i = 0; i < palette->nb_filters; ++i) {
            const std::string name = palette->filters[i]->filter->name;
            if (name == "buffer") paletteIn = palette->filters[i];
            if (name == "buffersink") paletteOut = palette->filters[i];
        }
        if (!paletteIn || !paletteOut) fail("FFmpeg's palette filters are incomplete");
    }

    void open() {
        const char* muxer = format == AnimationFormat::Gif ? "gif" : "mp4";
        check(avformat_alloc_output_context2(&container, nullptr, muxer, path.c_str()), "cannot start the file");
        openCodec();
        stream = avformat_new_stream(container, nullptr);
        if (!stream) fail("out of memory for the video stream");
        stream->time_base = codec->time_base;
        stream->avg_frame_rate = codec->framerate;
        check(avcodec_parameters_from_context(stream->codecpar, codec), "cannot describe the video stream");
        const int opened = avio_open(&container->pb, path.c_str(), AVIO_FLAG_WRITE);
        if (opened < 0) fail("cannot open the file for writing: " + ffmpegError(opened));
        finished = false;  // from here on an unfinished file is ours to remove
        AVDictionary* options = nullptr;
        if (format == AnimationFormat::Mp4) av_dict_set(&options, "movflags", "+faststart", 0);
        const int header = avformat_write_header(container, &options);
        av_dict_free(&options);
        check(header, "cannot write the file's header");
        packet = av_packet_alloc();
        if (!packet) fail("out of memory for the packets");
        if (format == AnimationFormat::Gif) {
            openPalette();
        } else {
            toYuv = sws_getContext(encodedSize.width(), encodedSize.height(), AV_PIX_FMT_RGB24, encodedSize.width(),
                                   encodedSize.height(), AV_PIX_FMT_YUV420P, SWS_BICUBIC | SWS_ACCURATE_RND, nullptr,
                                   nullptr, nullptr);
            if (!toYuv) fail("cannot convert RGB to YUV");
        }
    }

    // Sends `frame` (null: the end) to the encoder and writes the packets it has ready.
    void encode(const AVFrame* frame) {
        check(avcodec_send_frame(codec, frame), "cannot encode a frame");
        for (;;) {
            const int received = avcodec_receive_packet(codec, packet);
            if (received == AVERROR(EAGAIN) || received == AVERROR_EOF) return;
            check(received, "cannot encode a frame");
            // Every frame is shown one tick; without a duration MP4's edit list would cut the last one.
            if (packet->duration <= 0) packet->duration = 1;
            av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
            packet->stream_index = stream->index;
            check(av_interleaved_write_frame(container, packet), "cannot write a frame");
        }
    }

    // Encodes the palette filters' finished frames.
    void drainPalette() {
        AVFrame* indexed = av_frame_alloc();
        if (!indexed) fail("out of memory for a frame");
        for (;;) {
            const int got = av_buffersink_get_frame(paletteOut, indexed);
            if (got == AVERROR(EAGAIN) || got == AVERROR_EOF) break;
            if (got < 0) {
                av_frame_free(&indexed);
                check(got, "cannot make a frame's palette");
            }
            try {
                encode(indexed);
            } catch (...) {
                av_frame_free(&indexed);
                throw;
            }
            av_frame_unref(indexed);
        }
        av_frame_free(&indexed);
    }
};

AnimationEncoder::AnimationEncoder(const QString& path, AnimationFormat format, QSize frameSize, int framesPerSecond)
    : state_(std::make_unique<State>()) {
    State& s = *state_;
    s.path = path.toStdString();
    s.format = format;
    s.frameSize = frameSize;
    s.framesPerSecond = framesPerSecond;
    s.finished = true;  // nothing of ours to remove until the file is opened (State::open)
    if (frameSize.width() < 2 || frameSize.height() < 2 || frameSize.width() > 16384 || frameSize.height() > 16384)
        s.fail("an animation's frames must be 2 to 16384 pixels wide and high");
    if (framesPerSecond < 1 || framesPerSecond > 60) s.fail("an animation shows 1 to 60 frames a second");
    s.encodedSize =
        format == AnimationFormat::Mp4 ? QSize(even(frameSize.width()), even(frameSize.height())) : frameSize;
    av_log_set_level(AV_LOG_ERROR);
    s.open();
}

AnimationEncoder::~AnimationEncoder() = default;

QSize AnimationEncoder::encodedSize() const { return state_->encodedSize; }
QString AnimationEncoder::codecName() const { return QString::fromUtf8(state_->codec->codec->name); }
int AnimationEncoder::framesWritten() const { return state_->frames; }

void AnimationEncoder::addFrame(const QImage& image) {
    State& s = *state_;
    if (s.finished) s.fail("the animation is already finished");
    if (image.size() != s.frameSize)
        s.fail("frame " + std::to_string(s.frames + 1) + " is " + std::to_string(image.width()) + "×" +
               std::to_string(image.height()) + " pixels, not " + std::to_string(s.frameSize.width()) + "×" +
               std::to_string(s.frameSize.height()));
    const QImage rgb = image.convertToFormat(QImage::Format_RGB888);
    AVFrame* frame = av_frame_alloc();
    if (!frame) s.fail("out of memory for a frame");
    try {
        frame->format = AV_PIX_FMT_RGB24;
        frame->width = s.encodedSize.width();
        frame->height = s.encodedSize.height();
        frame->pts = s.frames;
        s.check(av_frame_get_buffer(frame, 0), "out of memory for a frame");
        const int width = rgb.width(), height = rgb.height();
        for (int y = 0; y < frame->height; ++y) {
            std::uint8_t* row = frame->data[0] + std::ptrdiff_t(y) * frame->linesize[0];
            std::memcpy(row, rgb.constScanLine(std::min(y, height - 1)), std::size_t(width) * 3);
            if (frame->width > width) std::memcpy(row + width * 3, row + (width - 1) * 3, 3);  // even width
        }
        if (s.format == AnimationFormat::Gif) {
            s.check(av_buffersrc_add_frame_flags(s.paletteIn, frame, 0), "cannot make a frame's palette");
            s.drainPalette();
        } else {
            AVFrame* yuv = av_frame_alloc();
            if (!yuv) s.fail("out of memory for a frame");
            yuv->format = AV_PIX_FMT_YUV420P;
            yuv->width = frame->width;
            yuv->height = frame->height;
            yuv->pts = frame->pts;
            const int allocated = av_frame_get_buffer(yuv, 0);
            if (allocated >= 0)
                sws_scale(s.toYuv, frame->data, frame->linesize, 0, frame->height, yuv->data, yuv->linesize);
            try {
                s.check(allocated, "out of memory for a frame");
                s.encode(yuv);
            } catch (...) {
                av_frame_free(&yuv);
                throw;
            }
            av_frame_free(&yuv);
        }
    } catch (...) {
        av_frame_free(&frame);
        throw;
    }
    av_frame_free(&frame);
    ++s.frames;
}

void AnimationEncoder::finish() {
    State& s = *state_;
    if (s.finished) return;
    if (s.frames == 0) s.fail("an animation needs at least one frame");
    if (s.format == AnimationFormat::Gif) {
        s.check(av_buffersrc_add_frame_flags(s.paletteIn, nullptr, 0), "cannot make a frame's palette");
        s.drainPalette();
    }
    s.encode(nullptr);
    s.check(av_write_trailer(s.container), "cannot finish the file");
    s.check(avio_closep(&s.container->pb), "cannot close the file");
    s.finished = true;
}

}  // namespace meshdiff::views
