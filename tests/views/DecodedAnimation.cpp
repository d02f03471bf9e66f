#include "DecodedAnimation.h"

#include <cmath>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
}

namespace meshdiff::test {
namespace {

void check(int code, const std::string& what) {
    if (code < 0) throw std::runtime_error(what + " failed (" + std::to_string(code) + ")");
}

QImage toRgb(const AVFrame* frame) {
    QImage image(frame->width, frame->height, QImage::Format_RGB888);
    SwsContext* convert =
        sws_getContext(frame->width, frame->height, AVPixelFormat(frame->format), frame->width, frame->height,
                       AV_PIX_FMT_RGB24, SWS_POINT | SWS_ACCURATE_RND, nullptr, nullptr, nullptr);
    if (!convert) throw std::runtime_error("no conversion to RGB");
    uint8_t* planes[4] = {image.bits(), nullptr, nullptr, nullptr};
    const int strides[4] = {int(image.bytesPerLine()), 0, 0, 0};
    sws_scale(convert, frame->data, frame->linesize, 0, frame->height, planes, strides);
    sws_freeContext(convert);
    return image;
}

}  // namespace

DecodedAnimation decodeAnimation(const QString& path) {
    AVFormatContext* container = nullptr;
    check(avformat_open_input(&container, path.toUtf8().constData(), nullptr, nullptr),
          "opening " + path.toStdString());
    std::unique_ptr<AVFormatContext, void (*)(AVFormatContext*)> closeContainer(
        container, [](AVFormatContext* c) { avformat_close_input(&c); });
    check(avformat_find_stream_info(container, nullptr), "reading the streams");
    const int index = av_find_best_stream(container, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    check(index, "finding the video stream");
    const AVStream* stream = container->streams[index];
    const AVCodec* decoder = avcodec_find_decoder(stream->codecpar->codec_id);
    if (!decoder) throw std::runtime_error("no decoder");
    AVCodecContext* codec = avcodec_alloc_context3(decoder);
    std::unique_ptr<AVCodecContext, void (*)(AVCodecContext*)> freeCodec(
        codec, [](AVCodecContext* c) { avcodec_free_context(&c); });
    check(avcodec_parameters_to_context(codec, stream->codecpar), "copying the parameters");
    check(avcodec_open2(codec, decoder, nullptr), "opening the decoder");

    DecodedAnimation result;
    result.codec = QString::fromUtf8(decoder->name);
    const AVRational rate = stream->avg_frame_rate.num ? stream->avg_frame_rate : stream->r_frame_rate;
    result.framesPerSecond = rate.den ? double(rate.num) / rate.den : 0;
    AVPacket* packet = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    const auto receive = [&] {
        while (avcodec_receive_frame(codec, frame) >= 0) {
            result.frames.push_back(toRgb(frame));
            av_frame_unref(frame);
        }
    };
    while (av_read_frame(container, packet) >= 0) {
        if (packet->stream_index == index) {
            avcodec_send_packet(codec, packet);
            receive();
        }
        av_packet_unref(packet);
    }
    avcodec_send_packet(codec, nullptr);
    receive();
    av_frame_free(&frame);
    av_packet_free(&packet);
    return result;
}

double meanAbsoluteError(const QImage& a, const QImage& b) {
    const QImage x = a.convertToFormat(QImage::Format_RGB888), y = b.convertToFormat(QImage::Format_RGB888);
    double sum = 0;
    for (int row = 0; row < x.height(); ++row) {
        const uchar* p = x.constScanLine(row);
        const uchar* q = y.constScanLine(row);
        for (int i = 0; i < x.width() * 3; ++i) sum += std::abs(int(p[i]) - int(q[i]));
    }
    return sum / (double(x.width()) * x.height() * 3);
}

double psnr(const QImage& a, const QImage& b) {
    const QImage x = a.convertToFormat(QImage::Format_RGB888), y = b.convertToFormat(QImage::Format_RGB888);
    double sum = 0;
    for (int row = 0; row < x.height(); ++row) {
        const uchar* p = x.constScanLine(row);
        const uchar* q = y.constScanLine(row);
        for (int i = 0; i < x.width() * 3; ++i) sum += std::pow(int(p[i]) - int(q[i]), 2);
    }
    const double mse = sum / (double(x.width()) * x.height() * 3);
    return mse == 0 ? 99.0 : 10 * std::log10(255.0 * 255.0 / mse);
}

}  // namespace meshdiff::test
