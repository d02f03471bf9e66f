#include "fields/GribMessage.h"

#include <eccodes.h>

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

#include "common/Error.h"
#include "io/ReadProgress.h"

namespace meshdiff {
namespace {

// ecCodes prints its complaints to stderr; meshdiff says one line per problem, so they are kept
// (the last one per thread) and named in the error that follows.
thread_local std::string lastComplaint;

void keepComplaint(const codes_context*, int level, const char* message) {
    if (level == GRIB_LOG_ERROR || level == GRIB_LOG_FATAL) lastComplaint = message ? message : "";
}

void quietEccodes() {
    // A function-local static, not std::call_once: when ecCodes cannot be opened the stub throws, and
    // the next call must try again (and throw again) rather than wait on a flag left half-set.
    static const bool quiet = [] {
        codes_context_set_logging_proc(codes_context_get_default(), keepComplaint);
        return true;
    }();
    (void)quiet;
}

std::string because(int code) {
    std::string why = codes_get_error_message(code);
    if (!lastComplaint.empty()) why += " (" + lastComplaint + ")";
    lastComplaint.clear();
    return why;
}

constexpr std::string_view kMark = "GRIB";
const std::string kCut = " is damaged or truncated (the file ends inside it, or its length is wrong): ";
bool isCut(int err) { return err == GRIB_PREMATURE_END_OF_FILE || err == GRIB_7777_NOT_FOUND; }

// Moves `in` to the next "GRIB" mark (ecCodes, too, skips bytes between messages); false when there is none.
bool seekNextMark(std::FILE* in) {
    off_t at = ftello(in);
    std::array<char, 1 << 16> chunk{};
    for (;;) {
        if (at < 0 || fseeko(in, at, SEEK_SET) != 0) return false;
        const std::size_t got = std::fread(chunk.data(), 1, chunk.size(), in);
        if (got < 4) return false;
        const auto end = chunk.begin() + static_cast<std::ptrdiff_t>(got);
        const auto mark = std::search(chunk.begin(), end, kMark.begin(), kMark.end());
        if (mark != end) return fseeko(in, at + (mark - chunk.begin()), SEEK_SET) == 0;
        at += static_cast<off_t>(got - 3);  // a mark may straddle two chunks
    }
}

// The message at the next mark must fit in the rest of the file: ecCodes would allocate the
// length it claims (terabytes, in a damaged file) before finding out. False at the end of the file.
bool requireWholeMessageAhead(std::FILE* in, const std::string& file, std::size_t index) {
    if (!seekNextMark(in)) return false;
    const off_t at = ftello(in);
    std::array<unsigned char, 16> head{};
    const std::size_t got = std::fread(head.data(), 1, head.size(), in);
    if (at < 0 || fseeko(in, at, SEEK_SET) != 0) throw Error(file, "cannot seek in the file");
    const std::string where = "GRIB message " + std::to_string(index);
    std::uint64_t length = 0;
    if (got >= 8 && head[7] == 1) {
        length = (std::uint64_t(head[4]) << 16) | (std::uint64_t(head[5]) << 8) | head[6];
        if (length & 0x800000) return true;  // ECMWF's large GRIB 1 messages count their length another way
    } else if (got >= 8 && head[7] == 2) {
        if (got < 16) throw Error(file, where + kCut + "the file ends in its first section");
        for (std::size_t k = 8; k < 16; ++k) length = (length << 8) | head[k];
    } else {
        throw Error(file, where + " is no GRIB 1 or 2 message (damaged, or GRIB edition " +
                              std::to_string(got >= 8 ? head[7] : 0) + ")");
    }
    struct stat status {};
    if (::fstat(::fileno(in), &status) != 0) throw Error(file, "cannot tell the file's size");
    if (length < 16 || length > std::uint64_t(status.st_size - at))
        throw Error(file, where + kCut + "it claims " + std::to_string(length) + " bytes, the file has " +
                              std::to_string(status.st_size - at) + " left");
    return true;
}

std::shared_ptr<grib_handle> own(grib_handle* h) {
    return {h, [](grib_handle* p) { codes_handle_delete(p); }};
}

}  // namespace

GribMessage::GribMessage(grib_handle* handle, std::string file, std::size_t index)
    : handle_(own(handle)), file_(std::move(file)), index_(index) {}

void GribMessage::fail(const std::string& what, int code) const {
    const std::string where = index_ > 0 ? "GRIB message " + std::to_string(index_) + ": " : "GRIB message: ";
    throw Error(file_, where + what + (code != 0 ? ": " + because(code) : std::string()));
}

std::optional<GribMessage> GribMessage::next(std::FILE* in, const std::string& file, std::size_t index) {
    quietEccodes();
    const ReadingStep reading(file, "reading GRIB message " + std::to_string(index));
    if (!requireWholeMessageAhead(in, file, index)) return std::nullopt;
    lastComplaint.clear();
    int err = 0;
    grib_handle* h = codes_handle_new_from_file(codes_context_get_default(), in, PRODUCT_GRIB, &err);
    if (!h) {
        if (err == GRIB_SUCCESS || err == GRIB_END_OF_FILE) {
            if (!lastComplaint.empty())  // ecCodes skipped bytes it could not read as a message
                throw Error(file, "GRIB message " + std::to_string(index) + " cannot be read: " + lastComplaint);
            return std::nullopt;
        }
        throw Error(file,
                    "GRIB message " + std::to_string(index) + (isCut(err) ? kCut : " cannot be read: ") + because(err));
    }
    return GribMessage(h, file, index);
}

GribMessage GribMessage::whole(std::FILE* in, const std::string& file, std::size_t index, long long offset,
                               std::size_t length) {
    quietEccodes();
    const ReadingStep reading(file, "reading GRIB message " + std::to_string(index));
    auto bytes = std::make_shared<std::vector<unsigned char>>(length);
    if (fseeko(in, static_cast<off_t>(offset), SEEK_SET) != 0 || std::fread(bytes->data(), 1, length, in) != length)
        throw Error(file, "cannot read GRIB message " + std::to_string(index) + " at byte " + std::to_string(offset) +
                              ": the file changed or was cut since it was opened");
    lastComplaint.clear();
    grib_handle* h = codes_handle_new_from_message(codes_context_get_default(), bytes->data(), length);
    if (!h)
        throw Error(file, "GRIB message " + std::to_string(index) + " at byte " + std::to_string(offset) +
                              " cannot be decoded: " + because(GRIB_INVALID_MESSAGE));
    GribMessage message(h, file, index);
    message.bytes_ = std::move(bytes);
    message.offset_ = offset;
    return message;
}

long GribMessage::longKey(const char* key) const {
    long value = 0;
    if (const int err = codes_get_long(handle_.get(), key, &value))
        fail(std::string("ecCodes cannot read its key ") + key, err);
    return value;
}

std::optional<long> GribMessage::optionalLong(const char* key) const {
    if (!codes_is_defined(handle_.get(), key)) return std::nullopt;
    int err = 0;
    if (codes_is_missing(handle_.get(), key, &err) || err) return std::nullopt;
    long value = 0;
    if (codes_get_long(handle_.get(), key, &value)) return std::nullopt;
    return value;
}

double GribMessage::doubleKey(const char* key) const {
    double value = 0;
    if (const int err = codes_get_double(handle_.get(), key, &value))
        fail(std::string("ecCodes cannot read its key ") + key, err);
    return value;
}

std::string GribMessage::stringKey(const char* key) const {
    char text[1024] = {};
    std::size_t size = sizeof text;
    if (const int err = codes_get_string(handle_.get(), key, text, &size))
        fail(std::string("ecCodes cannot read its key ") + key, err);
    return text;
}

std::optional<std::string> GribMessage::optionalString(const char* key) const {
    if (!codes_is_defined(handle_.get(), key)) return std::nullopt;
    char text[1024] = {};
    std::size_t size = sizeof text;
    if (codes_get_string(handle_.get(), key, text, &size)) return std::nullopt;
    return std::string(text);
}

long long GribMessage::offset() const {
    if (offset_) return *offset_;
    off_t offset = 0;
    if (const int err = codes_get_message_offset(handle_.get(), &offset)) fail("its offset", err);
    return offset;
}

std::size_t GribMessage::length() const {
    const long length = longKey("totalLength");
    if (length <= 0) fail("its length " + std::to_string(length) + " is not a length", 0);
    return static_cast<std::size_t>(length);
}

std::vector<double> GribMessage::values(std::size_t expected) const {
    std::size_t n = 0;
    if (const int err = codes_get_size(handle_.get(), "values", &n)) fail("ecCodes cannot decode its values", err);
    if (n != expected)
        fail("it holds " + std::to_string(n) + " values for a grid of " + std::to_string(expected) + " points", 0);
    std::vector<double> values(n);
    if (const int err = codes_get_double_array(handle_.get(), "values", values.data(), &n))
        fail("ecCodes cannot decode its values", err);
    values.resize(n);
    if (optionalLong("bitmapPresent").value_or(0) != 0) {
        std::size_t nb = 0;
        if (const int err = codes_get_size(handle_.get(), "bitmap", &nb)) fail("ecCodes cannot read its bitmap", err);
        if (nb != n) fail("its bitmap has " + std::to_string(nb) + " points for " + std::to_string(n) + " values", 0);
        std::vector<long> bitmap(nb);
        if (const int err = codes_get_long_array(handle_.get(), "bitmap", bitmap.data(), &nb))
            fail("ecCodes cannot read its bitmap", err);
        for (std::size_t i = 0; i < n; ++i)
            if (bitmap[i] == 0) values[i] = std::numeric_limits<double>::quiet_NaN();
    }
    return values;
}

}  // namespace meshdiff
