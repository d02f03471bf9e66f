// FFmpeg's libraries, opened when the first animation is written (common/LibraryOnDemand.h), not
// when the window starts: with what they link (x264, x265, GnuTLS, libass, …) libavformat alone
// brings 134 shared objects. Each function meshdiff uses is defined here to call the library's own.
extern "C" {
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include "common/LibraryOnDemand.h"

namespace {

constexpr const char* kNeededFor = "to write GIF and MP4 animations";

meshdiff::LibraryOnDemand& avcodec() {
    static meshdiff::LibraryOnDemand library(MESHDIFF_AVCODEC_SONAME, kNeededFor);
    return library;
}
meshdiff::LibraryOnDemand& avformat() {
    static meshdiff::LibraryOnDemand library(MESHDIFF_AVFORMAT_SONAME, kNeededFor);
    return library;
}
meshdiff::LibraryOnDemand& avutil() {
    static meshdiff::LibraryOnDemand library(MESHDIFF_AVUTIL_SONAME, kNeededFor);
    return library;
}
meshdiff::LibraryOnDemand& avfilter() {
    static meshdiff::LibraryOnDemand library(MESHDIFF_AVFILTER_SONAME, kNeededFor);
    return library;
}
meshdiff::LibraryOnDemand& swscale() {
    static meshdiff::LibraryOnDemand library(MESHDIFF_SWSCALE_SONAME, kNeededFor);
    return library;
}

}  // namespace

// clang-format off
MESHDIFF_ON_DEMAND(avformat(), int, avformat_alloc_output_context2,
                   (AVFormatContext** ctx, const AVOutputFormat* oformat, const char* format_name, const char* filename),
                   (ctx, oformat, format_name, filename))
MESHDIFF_ON_DEMAND(avformat(), AVStream*, avformat_new_stream, (AVFormatContext* s, const AVCodec* c), (s, c))
MESHDIFF_ON_DEMAND(avformat(), int, avio_open, (AVIOContext** s, const char* url, int flags), (s, url, flags))
MESHDIFF_ON_DEMAND(avformat(), int, avformat_write_header, (AVFormatContext* s, AVDictionary** options), (s, options))
MESHDIFF_ON_DEMAND(avformat(), int, av_interleaved_write_frame, (AVFormatContext* s, AVPacket* pkt), (s, pkt))
MESHDIFF_ON_DEMAND(avformat(), int, av_write_trailer, (AVFormatContext* s), (s))
MESHDIFF_ON_DEMAND(avformat(), int, avio_closep, (AVIOContext** s), (s))
MESHDIFF_ON_DEMAND(avformat(), void, avformat_free_context, (AVFormatContext* s), (s))

MESHDIFF_ON_DEMAND(avcodec(), const AVCodec*, avcodec_find_encoder_by_name, (const char* name), (name))
MESHDIFF_ON_DEMAND(avcodec(), const AVCodec*, avcodec_find_encoder, (enum AVCodecID id), (id))
MESHDIFF_ON_DEMAND(avcodec(), AVCodecContext*, avcodec_alloc_context3, (const AVCodec* codec), (codec))
MESHDIFF_ON_DEMAND(avcodec(), int, avcodec_open2, (AVCodecContext* avctx, const AVCodec* codec, AVDictionary** options),
                   (avctx, codec, options))
MESHDIFF_ON_DEMAND(avcodec(), int, avcodec_parameters_from_context, (AVCodecParameters* par, const AVCodecContext* codec),
                   (par, codec))
MESHDIFF_ON_DEMAND(avcodec(), int, avcodec_send_frame, (AVCodecContext* avctx, const AVFrame* frame), (avctx, frame))
MESHDIFF_ON_DEMAND(avcodec(), int, avcodec_receive_packet, (AVCodecContext* avctx, AVPacket* avpkt), (avctx, avpkt))
MESHDIFF_ON_DEMAND(avcodec(), void, avcodec_free_context, (AVCodecContext** avctx), (avctx))
MESHDIFF_ON_DEMAND(avcodec(), AVPacket*, av_packet_alloc, (void), ())
MESHDIFF_ON_DEMAND(avcodec(), void, av_packet_free, (AVPacket** pkt), (pkt))
MESHDIFF_ON_DEMAND(avcodec(), void, av_packet_rescale_ts, (AVPacket* pkt, AVRational tb_src, AVRational tb_dst),
                   (pkt, tb_src, tb_dst))

MESHDIFF_ON_DEMAND(avutil(), AVFrame*, av_frame_alloc, (void), ())
MESHDIFF_ON_DEMAND(avutil(), void, av_frame_free, (AVFrame** frame), (frame))
MESHDIFF_ON_DEMAND(avutil(), int, av_frame_get_buffer, (AVFrame* frame, int align), (frame, align))
MESHDIFF_ON_DEMAND(avutil(), void, av_frame_unref, (AVFrame* frame), (frame))
MESHDIFF_ON_DEMAND(avutil(), int, av_strerror, (int errnum, char* errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size))
MESHDIFF_ON_DEMAND(avutil(), int, av_opt_set, (void* obj, const char* name, const char* val, int search_flags),
                   (obj, name, val, search_flags))
MESHDIFF_ON_DEMAND(avutil(), int, av_dict_set, (AVDictionary** pm, const char* key, const char* value, int flags),
                   (pm, key, value, flags))
MESHDIFF_ON_DEMAND(avutil(), void, av_dict_free, (AVDictionary** m), (m))
MESHDIFF_ON_DEMAND(avutil(), void, av_log_set_level, (int level), (level))

MESHDIFF_ON_DEMAND(avfilter(), AVFilterGraph*, avfilter_graph_alloc, (void), ())
MESHDIFF_ON_DEMAND(avfilter(), int, avfilter_graph_parse2,
                   (AVFilterGraph* graph, const char* filters, AVFilterInOut** inputs, AVFilterInOut** outputs),
                   (graph, filters, inputs, outputs))
MESHDIFF_ON_DEMAND(avfilter(), void, avfilter_inout_free, (AVFilterInOut** inout), (inout))
MESHDIFF_ON_DEMAND(avfilter(), int, avfilter_graph_config, (AVFilterGraph* graphctx, void* log_ctx), (graphctx, log_ctx))
MESHDIFF_ON_DEMAND(avfilter(), void, avfilter_graph_free, (AVFilterGraph** graph), (graph))
MESHDIFF_ON_DEMAND(avfilter(), int, av_buffersrc_add_frame_flags, (AVFilterContext* buffer_src, AVFrame* frame, int flags),
                   (buffer_src, frame, flags))
MESHDIFF_ON_DEMAND(avfilter(), int, av_buffersink_get_frame, (AVFilterContext* ctx, AVFrame* frame), (ctx, frame))

MESHDIFF_ON_DEMAND(swscale(), SwsContext*, sws_getContext,
                   (int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH, enum AVPixelFormat dstFormat,
                    int flags, SwsFilter* srcFilter, SwsFilter* dstFilter, const double* param),
                   (srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param))
MESHDIFF_ON_DEMAND(swscale(), int, sws_scale,
                   (SwsContext* c, const uint8_t* const srcSlice[], const int srcStride[], int srcSliceY, int srcSliceH,
                    uint8_t* const dst[], const int dstStride[]),
                   (c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride))
MESHDIFF_ON_DEMAND(swscale(), void, sws_freeContext, (SwsContext* swsContext), (swsContext))
// clang-format on
