#pragma once
#include <cstddef>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// ecCodes' handle, kept out of the headers of the rest of meshdiff.
struct grib_handle;

namespace meshdiff {

// One GRIB message opened with ecCodes (GRIB 1 or 2). Reads keys; decodes values only when asked.
// Every failure throws meshdiff::Error naming `file` and, where ecCodes said why, its words.
class GribMessage {
public:
    // The next message of `in` from its current position (values not decoded yet): nullopt at the
    // end of the file. `index` (from 1) names the message in errors.
    static std::optional<GribMessage> next(std::FILE* in, const std::string& file, std::size_t index);
    // A whole message read from `offset`, `length` bytes, for its values; `index` as above.
    static GribMessage whole(std::FILE* in, const std::string& file, std::size_t index, long long offset,
                             std::size_t length);

    long longKey(const char* key) const;
    std::optional<long> optionalLong(const char* key) const;  // none when not defined or missing
    double doubleKey(const char* key) const;
    std::string stringKey(const char* key) const;
    std::optional<std::string> optionalString(const char* key) const;

    long long offset() const;    // in the file
    std::size_t length() const;  // bytes
    // The decoded values in the message's scanning order, NaN where the bitmap says missing; an
    // error, before anything is allocated, when the message holds other than `expected` values.
    std::vector<double> values(std::size_t expected) const;

private:
    GribMessage(grib_handle* handle, std::string file, std::size_t index);
    [[noreturn]] void fail(const std::string& what, int code) const;

    std::shared_ptr<std::vector<unsigned char>> bytes_;  // the message a handle decodes in place: outlives it
    std::shared_ptr<grib_handle> handle_;
    std::string file_;
    std::size_t index_ = 0;            // 0: not known
    std::optional<long long> offset_;  // where a message read whole lies in its file
};

}  // namespace meshdiff
