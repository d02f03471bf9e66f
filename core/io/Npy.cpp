#include "io/Npy.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "common/Error.h"

namespace meshdiff {

namespace {

constexpr unsigned char kMagic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
constexpr bool kNativeBigEndian = std::endian::native == std::endian::big;

std::string shapeText(const std::vector<std::size_t>& shape) {
    NdArray a;
    a.shape = shape;
    return a.shapeString();
}

// A reader for the Python dict literal numpy writes as header, e.g.
// {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
class HeaderDictParser {
public:
    HeaderDictParser(std::string_view text, const std::string& file) : text_(text), file_(file) {}

    struct Value {
        enum Kind { String, Bool, Tuple, List, Other } kind = Other;
        std::string text;
        bool flag = false;
        std::vector<std::size_t> numbers;
    };

    template <class OnEntry>
    void parse(OnEntry&& onEntry) {
        expect('{');
        while (true) {
            skipSpace();
            if (peek() == '}') break;
            const std::string key = quoted();
            expect(':');
            onEntry(key, value());
            skipSpace();
            if (peek() == ',') ++pos_;
            else if (peek() != '}') fail("expected ',' or '}'");
        }
        ++pos_;
        skipSpace();
        if (pos_ != text_.size()) fail("unexpected text after the closing '}'");
    }

    [[noreturn]] void fail(const std::string& what) const {
        throw Error(file_, "malformed .npy header (" + what + " at character " + std::to_string(pos_) +
                               "): " + std::string(text_.substr(0, 200)));
    }

private:
    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    void skipSpace() {
        while (pos_ < text_.size() &&
               (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
            ++pos_;
    }
    void expect(char c) {
        skipSpace();
        if (peek() != c) fail(std::string("expected '") + c + "'");
        ++pos_;
    }
    std::string quoted() {
        skipSpace();
        const char q = peek();
        if (q != '\'' && q != '"') fail("expected a quoted string");
        const std::size_t end = text_.find(q, pos_ + 1);
        if (end == std::string_view::npos) fail("unterminated string");
        std::string s(text_.substr(pos_ + 1, end - pos_ - 1));
        pos_ = end + 1;
        return s;
    }
    std::size_t number() {
        skipSpace();
        const std::size_t start = pos_;
        std::size_t v = 0;
        while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
            const std::size_t digit = static_cast<std::size_t>(text_[pos_] - '0');
            if (v > (SIZE_MAX - digit) / 10) fail("shape dimension too large");
            v = v * 10 + digit;
            ++pos_;
        }
        if (pos_ == start) fail("expected a non-negative integer");
        if (peek() == 'L') ++pos_;  // Python 2 long suffix
        return v;
    }
    Value value() {
        skipSpace();
        Value v;
        const char c = peek();
        if (c == '\'' || c == '"') {
            v.kind = Value::String;
            v.text = quoted();
        } else if (text_.substr(pos_, 4) == "True") {
            v.kind = Value::Bool;
            v.flag = true;
            pos_ += 4;
        } else if (text_.substr(pos_, 5) == "False") {
            v.kind = Value::Bool;
            pos_ += 5;
        } else if (c == '(') {
            v.kind = Value::Tuple;
            ++pos_;
            while (true) {
                skipSpace();
                if (peek() == ')') break;
                v.numbers.push_back(number());
                skipSpace();
                if (peek() == ',') ++pos_;
                else if (peek() != ')') fail("expected ',' or ')' in shape");
            }
            ++pos_;
        } else if (c == '[') {
            v.kind = Value::List;
            skipBracketed();
        } else {
            fail("unexpected value");
        }
        return v;
    }
    void skipBracketed() {
        int depth = 0;
        while (pos_ < text_.size()) {
            const char c = text_[pos_++];
            if (c == '[' || c == '(') ++depth;
            else if ((c == ']' || c == ')') && --depth == 0) return;
            else if (c == '\'' || c == '"') {
                const std::size_t end = text_.find(c, pos_);
                if (end == std::string_view::npos) fail("unterminated string");
                pos_ = end + 1;
            }
        }
        fail("unterminated list");
    }

    std::string_view text_;
    const std::string& file_;
    std::size_t pos_ = 0;
};

struct ParsedDescr {
    DType dtype;
    bool bigEndian;
};

ParsedDescr parseDescr(const std::string& descr, const std::string& file) {
    if (descr.size() < 2) throw Error(file, "unsupported .npy dtype '" + descr + "'");
    const char order = descr[0];
    if (order != '<' && order != '>' && order != '|' && order != '=')
        throw Error(file, "unsupported .npy dtype '" + descr + "' (unknown byte order)");
    const std::string type = descr.substr(1);
    if (type[0] == 'O')
        throw Error(file, "refusing a .npy of Python objects (dtype '" + descr +
                              "'): pickled data is never loaded; save plain numeric arrays");
    static const struct {
        const char* code;
        DType dtype;
    } kTypes[] = {{"b1", DType::Bool},   {"?", DType::Bool},    {"i1", DType::Int8},    {"i2", DType::Int16},
                  {"i4", DType::Int32},  {"i8", DType::Int64},  {"u1", DType::UInt8},   {"u2", DType::UInt16},
                  {"u4", DType::UInt32}, {"u8", DType::UInt64}, {"f2", DType::Float16}, {"f4", DType::Float32},
                  {"f8", DType::Float64}};
    for (const auto& t : kTypes) {
        if (type == t.code) {
            const bool big = order == '>' || (order == '=' && kNativeBigEndian);
            return {t.dtype, big};
        }
    }
    throw Error(file, "unsupported .npy dtype '" + descr + "' (supported: bool, int8-64, uint8-64, float16/32/64)");
}

std::uint32_t readLittleEndian(const std::byte* p, int n) {
    std::uint32_t v = 0;
    for (int i = n - 1; i >= 0; --i) v = (v << 8) | std::to_integer<std::uint32_t>(p[i]);
    return v;
}

inline std::uint16_t swapBytes(std::uint16_t v) { return __builtin_bswap16(v); }
inline std::uint32_t swapBytes(std::uint32_t v) { return __builtin_bswap32(v); }
inline std::uint64_t swapBytes(std::uint64_t v) { return __builtin_bswap64(v); }

template <class T>
void byteSwapAll(std::byte* data, std::size_t count) {
    auto* p = reinterpret_cast<T*>(data);
    for (std::size_t i = 0; i < count; ++i) p[i] = swapBytes(p[i]);
}

void byteSwap(std::vector<std::byte>& bytes, std::size_t itemSize, std::size_t count) {
    switch (itemSize) {
        case 2: byteSwapAll<std::uint16_t>(bytes.data(), count); break;
        case 4: byteSwapAll<std::uint32_t>(bytes.data(), count); break;
        case 8: byteSwapAll<std::uint64_t>(bytes.data(), count); break;
        default: break;
    }
}

template <class T>
std::vector<std::byte> fortranToC(const std::vector<std::byte>& in, const std::vector<std::size_t>& shape) {
    const std::size_t ndim = shape.size();
    std::size_t count = 1;
    for (std::size_t d : shape) count *= d;
    std::vector<std::byte> out(count * sizeof(T));
    if (count == 0) return out;
    const T* src = reinterpret_cast<const T*>(in.data());
    T* dst = reinterpret_cast<T*>(out.data());
    // Fortran strides (in elements) of each dimension.
    std::vector<std::size_t> stride(ndim), index(ndim, 0);
    std::size_t s = 1;
    for (std::size_t k = 0; k < ndim; ++k) {
        stride[k] = s;
        s *= shape[k];
    }
    const std::size_t inner = shape[ndim - 1];
    const std::size_t innerStride = stride[ndim - 1];
    std::size_t base = 0;  // source offset of index[0..ndim-2], last index 0
    for (std::size_t written = 0; written < count; written += inner) {
        for (std::size_t j = 0; j < inner; ++j) dst[written + j] = src[base + j * innerStride];
        for (std::size_t k = ndim - 1; k-- > 0;) {
            if (++index[k] < shape[k]) {
                base += stride[k];
                break;
            }
            base -= stride[k] * (shape[k] - 1);
            index[k] = 0;
        }
    }
    return out;
}

void checkedRead(int fd, std::byte* dest, std::size_t bytes, std::size_t offset, const std::string& path) {
    while (bytes > 0) {
        const ssize_t n = ::pread(fd, dest, std::min<std::size_t>(bytes, 1u << 30), static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw Error(path, std::string("cannot read: ") + std::strerror(errno));
        if (n == 0) throw Error(path, "file is truncated");
        dest += n;
        bytes -= static_cast<std::size_t>(n);
        offset += static_cast<std::size_t>(n);
    }
}

class FileDescriptor {
public:
    FileDescriptor(const std::string& path, int flags, mode_t mode = 0) : fd_(::open(path.c_str(), flags, mode)) {
        if (fd_ < 0) throw Error(path, std::string("cannot open: ") + std::strerror(errno));
    }
    ~FileDescriptor() { ::close(fd_); }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int get() const { return fd_; }

private:
    int fd_;
};

}  // namespace

std::size_t NpyHeader::elementCount() const {
    std::size_t n = 1;
    for (std::size_t d : shape) n *= d;
    return n;
}

std::size_t NpyHeader::dataBytes() const { return elementCount() * dtypeSize(dtype); }

namespace {
// Fortran and C order lay out the same bytes when at most one dimension exceeds 1.
bool needsTranspose(const NpyHeader& h) {
    return h.fortranOrder && std::count_if(h.shape.begin(), h.shape.end(), [](std::size_t d) { return d > 1; }) > 1;
}
}  // namespace

bool NpyHeader::isCOrder() const { return !needsTranspose(*this); }

bool NpyHeader::isNativeCOrder() const {
    return !needsTranspose(*this) && (dtypeSize(dtype) == 1 || bigEndian == kNativeBigEndian);
}

std::size_t npyDataOffset(const std::byte* data, std::size_t available, const std::string& file) {
    if (available < 10 || std::memcmp(data, kMagic, sizeof kMagic) != 0)
        throw Error(file, "not a .npy array (bad magic bytes)");
    const int major = std::to_integer<int>(data[6]);
    const int minor = std::to_integer<int>(data[7]);
    if (major < 1 || major > 3 || minor != 0)
        throw Error(file, "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor));
    if (major == 1) return 10 + readLittleEndian(data + 8, 2);
    if (available < 12) throw Error(file, ".npy header is truncated");
    const std::size_t length = readLittleEndian(data + 8, 4);
    // numpy's headers are a few hundred bytes; a huge length would only make readers allocate it.
    if (length > kMaxNpyHeaderBytes)
        throw Error(file, "corrupt .npy: header length " + std::to_string(length) + " exceeds " +
                              std::to_string(kMaxNpyHeaderBytes) + " bytes");
    return 12 + length;
}

NpyHeader parseNpyHeader(const std::byte* data, std::size_t available, const std::string& file,
                         std::size_t maxDataBytes) {
    NpyHeader header;
    header.dataOffset = npyDataOffset(data, available, file);
    header.majorVersion = std::to_integer<int>(data[6]);
    if (header.dataOffset > available) throw Error(file, ".npy header is truncated");
    const std::size_t prefix = header.majorVersion == 1 ? 10 : 12;
    const std::string_view text(reinterpret_cast<const char*>(data) + prefix, header.dataOffset - prefix);

    HeaderDictParser parser(text, file);
    std::optional<std::string> descr;
    std::optional<bool> fortran;
    std::optional<std::vector<std::size_t>> shape;
    parser.parse([&](const std::string& key, const HeaderDictParser::Value& v) {
        if (key == "descr") {
            if (v.kind == HeaderDictParser::Value::List)
                throw Error(file, "refusing a .npy with a structured dtype (record fields); save plain arrays");
            if (v.kind != HeaderDictParser::Value::String) parser.fail("'descr' is not a string");
            descr = v.text;
        } else if (key == "fortran_order") {
            if (v.kind != HeaderDictParser::Value::Bool) parser.fail("'fortran_order' is not True/False");
            fortran = v.flag;
        } else if (key == "shape") {
            if (v.kind != HeaderDictParser::Value::Tuple) parser.fail("'shape' is not a tuple");
            shape = v.numbers;
        } else {
            parser.fail("unexpected key '" + key + "'");
        }
    });
    if (!descr || !fortran || !shape) parser.fail("'descr', 'fortran_order' or 'shape' missing");

    const ParsedDescr d = parseDescr(*descr, file);
    header.dtype = d.dtype;
    header.bigEndian = d.bigEndian;
    header.fortranOrder = *fortran;
    header.shape = std::move(*shape);

    std::size_t bytes = dtypeSize(header.dtype);
    bool overflow = false;
    for (std::size_t dim : header.shape) overflow = overflow || __builtin_mul_overflow(bytes, dim, &bytes);
    if (overflow)
        throw Error(file, "the .npy header claims shape " + shapeText(header.shape) + ", whose size overflows");
    if (bytes > maxDataBytes)
        throw Error(file, "truncated or corrupt: the header claims shape " + shapeText(header.shape) + " of " +
                              dtypeName(header.dtype) + " (" + std::to_string(bytes) + " bytes) but only " +
                              std::to_string(maxDataBytes) + " bytes of data follow");
    return header;
}

void toNativeCOrder(const NpyHeader& header, std::vector<std::byte>& bytes) {
    const std::size_t item = dtypeSize(header.dtype);
    const std::size_t count = header.elementCount();
    if (item > 1 && header.bigEndian != kNativeBigEndian) byteSwap(bytes, item, count);
    if (!needsTranspose(header)) return;
    switch (item) {
        case 1: bytes = fortranToC<std::uint8_t>(bytes, header.shape); break;
        case 2: bytes = fortranToC<std::uint16_t>(bytes, header.shape); break;
        case 4: bytes = fortranToC<std::uint32_t>(bytes, header.shape); break;
        case 8: bytes = fortranToC<std::uint64_t>(bytes, header.shape); break;
        default: break;
    }
}

NdArray decodeNpy(std::vector<std::byte>&& buffer, const std::string& file) {
    const std::size_t offset = npyDataOffset(buffer.data(), buffer.size(), file);
    if (offset > buffer.size()) throw Error(file, ".npy header is truncated");
    const NpyHeader header = parseNpyHeader(buffer.data(), buffer.size(), file, buffer.size() - offset);
    const std::size_t dataBytes = header.dataBytes();
    if (offset > 0 && dataBytes > 0) std::memmove(buffer.data(), buffer.data() + offset, dataBytes);
    buffer.resize(dataBytes);
    NdArray array;
    array.dtype = header.dtype;
    array.shape = header.shape;
    array.bytes = std::move(buffer);
    toNativeCOrder(header, array.bytes);
    return array;
}

NdArray decodeNpy(const std::byte* data, std::size_t size, const std::string& file) {
    const std::size_t offset = npyDataOffset(data, size, file);
    if (offset > size) throw Error(file, ".npy header is truncated");
    const NpyHeader header = parseNpyHeader(data, size, file, size - offset);
    NdArray array;
    array.dtype = header.dtype;
    array.shape = header.shape;
    array.bytes.assign(data + offset, data + offset + header.dataBytes());
    toNativeCOrder(header, array.bytes);
    return array;
}

NdArray readNpyFile(const std::string& path) {
    FileDescriptor fd(path, O_RDONLY | O_CLOEXEC);
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) throw Error(path, std::string("cannot stat: ") + std::strerror(errno));
    const std::size_t fileSize = static_cast<std::size_t>(st.st_size);
    std::byte preamble[kNpyPreambleBytes];
    const std::size_t preambleBytes = std::min(fileSize, kNpyPreambleBytes);
    checkedRead(fd.get(), preamble, preambleBytes, 0, path);
    const std::size_t offset = npyDataOffset(preamble, preambleBytes, path);
    if (offset > fileSize) throw Error(path, ".npy header is truncated");
    std::vector<std::byte> headerBytes(offset);
    checkedRead(fd.get(), headerBytes.data(), offset, 0, path);
    const NpyHeader header = parseNpyHeader(headerBytes.data(), offset, path, fileSize - offset);

    NdArray array;
    array.dtype = header.dtype;
    array.shape = header.shape;
    array.bytes.resize(header.dataBytes());
    checkedRead(fd.get(), array.bytes.data(), array.bytes.size(), offset, path);
    toNativeCOrder(header, array.bytes);
    return array;
}

std::vector<std::byte> encodeNpyHeader(const NdArray& array) {
    const std::size_t item = dtypeSize(array.dtype);
    if (array.bytes.size() != array.size() * item)
        throw std::invalid_argument("encodeNpy: array of shape " + array.shapeString() + " holds " +
                                    std::to_string(array.bytes.size()) + " bytes");
    const char order = item == 1 ? '|' : (kNativeBigEndian ? '>' : '<');
    std::string code;
    switch (array.dtype) {
        case DType::Bool: code = "b1"; break;
        case DType::Float16: code = "f2"; break;
        case DType::Float32: code = "f4"; break;
        case DType::Float64: code = "f8"; break;
        default: code = std::string(dtypeName(array.dtype)[0] == 'u' ? "u" : "i") + std::to_string(item); break;
    }
    std::string dict = "{'descr': '" + std::string(1, order) + code +
                       "', 'fortran_order': False, 'shape': " + array.shapeString() + ", }";
    // numpy pads the header with spaces and a newline so that the data starts at a multiple of 64.
    auto paddedTotal = [&](std::size_t prefix) { return (prefix + dict.size() + 1 + 63) / 64 * 64; };
    const std::size_t prefix = paddedTotal(10) - 10 > 65535 ? 12 : 10;
    const std::size_t total = paddedTotal(prefix);
    dict.append(total - prefix - dict.size() - 1, ' ');
    dict.push_back('\n');

    std::vector<std::byte> out(prefix + dict.size());
    std::memcpy(out.data(), kMagic, sizeof kMagic);
    out[6] = std::byte{static_cast<unsigned char>(prefix == 10 ? 1 : 2)};
    out[7] = std::byte{0};
    const std::size_t length = dict.size();
    for (std::size_t i = 0; i < prefix - 8; ++i) out[8 + i] = std::byte{static_cast<unsigned char>(length >> (8 * i))};
    std::memcpy(out.data() + prefix, dict.data(), dict.size());
    return out;
}

std::vector<std::byte> encodeNpy(const NdArray& array) {
    std::vector<std::byte> out = encodeNpyHeader(array);
    out.insert(out.end(), array.bytes.begin(), array.bytes.end());
    return out;
}

void writeNpyFile(const std::string& path, const NdArray& array) {
    const std::vector<std::byte> header = encodeNpyHeader(array);
    FileDescriptor fd(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    for (const auto& part :
         {std::pair{header.data(), header.size()}, std::pair{array.bytes.data(), array.bytes.size()}}) {
        const std::byte* p = part.first;
        std::size_t left = part.second;
        while (left > 0) {
            const ssize_t n = ::write(fd.get(), p, std::min<std::size_t>(left, 1u << 30));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) throw Error(path, std::string("cannot write: ") + std::strerror(errno));
            p += n;
            left -= static_cast<std::size_t>(n);
        }
    }
}

}  // namespace meshdiff
