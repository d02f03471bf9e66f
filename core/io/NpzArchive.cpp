#include "io/NpzArchive.h"

#include <fcntl.h>
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>
#include <unistd.h>
#include <zip.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <new>
#include <numeric>
#include <optional>
#include <span>
#include <stdexcept>
#include <unordered_map>

#include "common/Error.h"
#include "graph/HugePageArray.h"
#include "graph/LargeVectors.h"
#include "io/ReadProgress.h"
#include "io/ZipDirectory.h"

namespace meshdiff {

namespace {

// A member's bytes as stored: deflated members are tens of MB at 0.1°.
using RawBytes = LargeVector<std::byte>;

// DEFLATE cannot expand data by more than about 1032:1; a member claiming more is corrupt and
// must not make us allocate its claimed size.
constexpr std::uint64_t kMaxDeflateRatio = 1032;

struct Member {
    std::string key;  // name without ".npy"
    zip_uint64_t index = 0;
    std::uint64_t size = 0;
    std::uint64_t compressedSize = 0;
    std::uint16_t method = ZIP_CM_STORE;
    std::uint32_t crc = 0;
    bool encrypted = false;
    bool npy = false;  // named *.npy
};

std::string zipErrorText(int code) {
    zip_error_t error;
    zip_error_init_with_code(&error, code);
    std::string text = zip_error_strerror(&error);
    zip_error_fini(&error);
    return text;
}

// Reads are made in chunks of at most this, each a sign of progress to a watchdog (ReadProgress.h).
constexpr std::uint64_t kReadChunk = std::uint64_t(4) << 20;

class ZipFile {
public:
    ZipFile(zip_t* zip, const Member& m, zip_flags_t flags, const std::string& where)
        : file_(zip_fopen_index(zip, m.index, flags)), where_(where) {
        if (!file_) throw Error(where_, std::string("cannot open member: ") + zip_error_strerror(zip_get_error(zip)));
    }
    ~ZipFile() { zip_fclose(file_); }
    ZipFile(const ZipFile&) = delete;
    ZipFile& operator=(const ZipFile&) = delete;

    void seek(std::uint64_t offset) {
        if (zip_fseek(file_, static_cast<zip_int64_t>(offset), SEEK_SET) != 0)
            throw Error(where_, std::string("cannot seek in member: ") + zip_file_strerror(file_));
    }
    // Reads exactly `bytes` bytes; throws on short reads and on libzip's CRC or format errors.
    void readExactly(std::byte* dest, std::uint64_t bytes) {
        while (bytes > 0) {
            const zip_int64_t n = zip_fread(file_, dest, std::min<std::uint64_t>(bytes, kReadChunk));
            noteReadProgress();
            if (n < 0) throw Error(where_, std::string("cannot read member: ") + zip_file_strerror(file_));
            if (n == 0) throw Error(where_, "member is truncated");
            dest += n;
            bytes -= static_cast<std::uint64_t>(n);
        }
    }
    // Reads to the end, which is when libzip verifies the CRC of a stored member.
    void expectEnd() {
        std::byte extra;
        const zip_int64_t n = zip_fread(file_, &extra, 1);
        if (n < 0) throw Error(where_, std::string("cannot read member: ") + zip_file_strerror(file_));
        if (n > 0) throw Error(where_, "member holds more bytes than its directory entry says");
    }

private:
    zip_file_t* file_;
    std::string where_;
};

struct DecompressorDeleter {
    void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};

// Inflates a member's raw deflate stream into `out` (m.size bytes) and checks its CRC-32.
void inflateMember(const Member& m, const RawBytes& raw, std::byte* out, const std::string& where) {
    std::unique_ptr<libdeflate_decompressor, DecompressorDeleter> d(libdeflate_alloc_decompressor());
    if (!d) throw Error(where, "out of memory for a decompressor");
    std::size_t actual = 0;
    const libdeflate_result r = libdeflate_deflate_decompress(d.get(), raw.data(), raw.size(), out, m.size, &actual);
    if (r != LIBDEFLATE_SUCCESS || actual != m.size)
        throw Error(where, "corrupt compressed data (the deflate stream does not inflate to " + std::to_string(m.size) +
                               " bytes)");
    if (libdeflate_crc32(0, out, m.size) != m.crc) throw Error(where, "CRC-32 mismatch: member is corrupt");
}

// A worker's inflate buffer, kept for its next member; never zero-filled (inflating overwrites it).
class Scratch {
public:
    std::byte* get(std::size_t bytes) {
        if (bytes > buffer_.size()) buffer_ = HugePageArray<std::byte>(bytes);
        return buffer_.data();
    }

private:
    HugePageArray<std::byte> buffer_;
};

// A worker's stream inflater (ISA-L): its state, the buffer the pieces come out in and the one the
// deflate stream is read into from the file, kept for its next member. The piece buffer stays in
// the L2 cache while a piece is inflated and then converted.
class PieceInflater {
public:
    static constexpr std::size_t kPieceBytes = std::size_t(512) << 10;
    static constexpr std::size_t kInputBytes = std::size_t(256) << 10;

    // A new stream, its input to be given through next_in / avail_in.
    inflate_state& start() {
        if (!state_) state_ = std::make_unique<inflate_state>();
        isal_inflate_init(state_.get());
        state_->crc_flag = ISAL_GZIP_NO_HDR;  // the CRC-32 a zip directory holds
        return *state_;
    }
    std::byte* buffer() {
        if (!buffer_) buffer_ = std::make_unique_for_overwrite<std::byte[]>(kPieceBytes);
        return buffer_.get();
    }
    std::byte* input() {
        if (!input_) input_ = std::make_unique_for_overwrite<std::byte[]>(kInputBytes);
        return input_.get();
    }

private:
    std::unique_ptr<inflate_state> state_;
    std::unique_ptr<std::byte[]> buffer_, input_;
};

NpyHeader nativeCOrder(NpyHeader h) {
    h.bigEndian = std::endian::native == std::endian::big;
    h.fortranOrder = false;
    return h;
}

}  // namespace

// A compressed member being inflated by libzip as a stream.
struct MemberStream {
    std::unique_ptr<ZipFile> file;
    std::uint64_t position = 0;  // bytes of the member inflated so far
};

// The range readRangeInOrder() inflated last (of any member): a member spread reads A's second
// member of a field, then the comparison of second members reads it again.
struct LastRange {
    std::string key;
    std::uint64_t offset = 0;
    std::vector<std::byte> bytes;
};

struct NpzArchive::Impl {
    std::string path;
    zip_t* zip = nullptr;
    std::uint64_t fileSize = 0;
    std::vector<Member> members;
    std::unordered_map<std::string, std::size_t> byKey;
    std::unordered_map<std::string, MemberStream> streams;  // readRangeInOrder's open members
    LastRange last;
    const std::byte* mapped = nullptr;                             // the whole file, when mapFile() succeeded
    std::unordered_map<std::string, std::uint64_t> mappedMembers;  // verified stored members' file offsets
    int fd = -1;  // for pread() of stored members in pieces, opened at the first such read

    ~Impl() {
        if (zip) zip_discard(zip);  // read-only: nothing to write back
        if (mapped) ::munmap(const_cast<std::byte*>(mapped), fileSize);
        if (fd >= 0) ::close(fd);
    }

    std::string where(const Member& m) const { return path + "[" + m.key + "]"; }
    ReadingStep readingStep(const char* doing, const Member& m) const {
        return {path, std::string(doing) + " member " + m.key};
    }

    const Member& member(const std::string& key) const {
        const auto it = byKey.find(key);
        if (it == byKey.end()) throw Error(path, "no array named '" + key + "' in the archive");
        return members[it->second];
    }

    // Refuses members whose sizes cannot be right before anything is allocated for them.
    void checkSizes(const Member& m) const {
        if (m.encrypted) throw Error(where(m), "member is encrypted");
        if (m.compressedSize > fileSize)
            throw Error(where(m), "member claims " + std::to_string(m.compressedSize) + " bytes but the file has " +
                                      std::to_string(fileSize));
        if (m.method == ZIP_CM_STORE && m.size != m.compressedSize)
            throw Error(where(m), "stored member has different compressed and uncompressed sizes");
        if (m.size > m.compressedSize * kMaxDeflateRatio + 1024)
            throw Error(where(m), "member claims an uncompressed size of " + std::to_string(m.size) +
                                      " bytes, impossible for its " + std::to_string(m.compressedSize) +
                                      " compressed bytes");
    }

    RawBytes readAll(const Member& m, zip_flags_t flags, std::uint64_t bytes) const {
        RawBytes buffer(bytes);
        ZipFile file(zip, m, flags, where(m));
        file.readExactly(buffer.data(), bytes);
        file.expectEnd();
        return buffer;
    }

    // What the workers start from, fetched in turn (libzip is not thread-safe): per member its raw
    // bytes (the deflate stream, or the whole stored member with its CRC checked by libzip), or,
    // for a member read in pieces, only where its bytes (stored or deflated) start in the file.
    struct Fetched {
        std::vector<const Member*> members;
        std::vector<RawBytes> raw;
        std::vector<std::optional<std::uint64_t>> dataAt;
    };
    Fetched fetchAll(const std::vector<std::string>& keys, bool inPieces) {
        Fetched out;
        out.members.reserve(keys.size());
        for (const std::string& key : keys) out.members.push_back(&member(key));
        out.raw.resize(keys.size());
        out.dataAt.resize(keys.size());
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const Member& m = *out.members[i];
            if (inPieces && (m.method == ZIP_CM_STORE || m.method == ZIP_CM_DEFLATE)) {
                checkSizes(m);
                out.dataAt[i] = dataOffset(m);
                if (out.dataAt[i]) continue;
            }
            out.raw[i] = fetch(m);
        }
        return out;
    }

    // Where a member's bytes (stored, or its deflate stream) start in the file; nullopt when that
    // cannot be found (it is then read through libzip). What is read there is checked against the
    // directory's CRC-32.
    std::optional<std::uint64_t> dataOffset(const Member& m) {
        if (m.encrypted || (m.method == ZIP_CM_STORE && m.size != m.compressedSize)) return std::nullopt;
        if (fd < 0) fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) return std::nullopt;
        const int file = fd;
        const ReadAt readAt = [file](std::uint64_t offset, std::byte* out, std::size_t bytes) {
            return ::pread(file, out, bytes, static_cast<off_t>(offset)) == static_cast<ssize_t>(bytes);
        };
        const auto offset = zipMemberDataOffset(readAt, fileSize, m.key + (m.npy ? ".npy" : ""));
        if (!offset || m.compressedSize > fileSize - *offset) return std::nullopt;
        return offset;
    }

    // Reads `bytes` bytes of a member as it is in the file (stored, or deflated) at `at`.
    void readFileBytes(const Member& m, std::uint64_t at, std::byte* out, std::size_t bytes) const {
        while (bytes > 0) {
            const ssize_t n = ::pread(fd, out, std::min<std::size_t>(bytes, kReadChunk), static_cast<off_t>(at));
            noteReadProgress();
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) throw Error(where(m), std::string("cannot read member: ") + std::strerror(errno));
            if (n == 0) throw Error(where(m), "member is truncated");
            out += n;
            at += static_cast<std::uint64_t>(n);
            bytes -= static_cast<std::size_t>(n);
        }
    }

    // A member read whole at `at` as it is in the file: a stored one with its CRC-32 checked, a
    // deflated one's stream (checked when it is inflated).
    RawBytes readWhole(const Member& m, std::uint64_t at) const {
        const ReadingStep reading = readingStep("reading", m);
        RawBytes buffer(m.compressedSize);
        readFileBytes(m, at, buffer.data(), m.compressedSize);
        if (m.method == ZIP_CM_STORE && libdeflate_crc32(0, buffer.data(), m.size) != m.crc)
            throw Error(where(m), "CRC-32 mismatch: member is corrupt");
        return buffer;
    }

    RawBytes fetch(const Member& m) const {
        checkSizes(m);
        const ReadingStep reading = readingStep("reading", m);
        if (m.method == ZIP_CM_DEFLATE) return readAll(m, ZIP_FL_COMPRESSED, m.compressedSize);
        return readAll(m, 0, m.size);
    }

    // The whole member (.npy bytes) from what fetch() returned, inflated into `scratch` if need be.
    const std::byte* wholeMember(const Member& m, RawBytes& raw, Scratch& scratch) const {
        if (m.method != ZIP_CM_DEFLATE) return raw.data();
        std::byte* out = nullptr;
        try {
            out = scratch.get(m.size);
        } catch (const std::bad_alloc&) {
            throw Error(where(m), "not enough memory to inflate its " + std::to_string(m.size) + " bytes");
        }
        const ReadingStep reading = readingStep("inflating", m);
        inflateMember(m, raw, out, where(m));
        raw = {};
        return out;
    }

    void visitMember(std::size_t index, const Member& m, RawBytes& raw, Scratch& scratch,
                     const MemberVisitor& visit) const {
        const std::string w = where(m);
        const std::byte* whole = wholeMember(m, raw, scratch);
        const std::size_t offset = npyDataOffset(whole, m.size, w);
        if (offset > m.size) throw Error(w, ".npy header is truncated");
        const NpyHeader header = parseNpyHeader(whole, m.size, w, m.size - offset);
        if (header.isNativeCOrder()) {
            visit(index, nativeCOrder(header), whole + offset);
        } else {
            std::vector<std::byte> copy(whole + offset, whole + offset + header.dataBytes());
            toNativeCOrder(header, copy);
            visit(index, nativeCOrder(header), copy.data());
        }
        raw = {};  // a stored member's bytes are not needed any more
    }

    // Visits a member's bytes piece by piece as `fill(dest, bytes)` produces them (exactly that many,
    // or throws) into `buffer` of PieceInflater::kPieceBytes, each piece's whole elements; `verify`
    // runs once all are produced. What the visitor refused is told only after `verify` passed: a
    // corrupt member is reported as corrupt, not as the values its damage made. False, with
    // nothing visited, when the member is to be visited whole instead: a header longer than a
    // piece, or data not in native byte order and C order.
    template <class Fill, class Verify>
    bool visitPieces(std::size_t index, const Member& m, std::byte* buffer, Fill fill, Verify verify,
                     const PieceVisitor& visit) const {
        const std::string w = where(m);
        std::uint64_t produced = 0;  // bytes of the member produced so far
        std::size_t kept = 0;        // bytes at the buffer's start not visited yet (part of an element)
        std::size_t visited = 0;     // data bytes visited so far
        std::optional<NpyHeader> header;
        std::size_t itemBytes = 1;
        std::exception_ptr visitFailed;
        do {
            const std::size_t room =
                static_cast<std::size_t>(std::min<std::uint64_t>(PieceInflater::kPieceBytes - kept, m.size - produced));
            fill(buffer + kept, room);
            produced += room;
            if (visitFailed) continue;  // producing on only to tell a corrupt member from a refused one
            const std::size_t held = kept + room;
            kept = 0;
            try {
                std::size_t begin = 0;
                if (!header) {
                    const std::size_t offset = npyDataOffset(buffer, held, w);
                    if (offset > held) {
                        if (produced == m.size) throw Error(w, ".npy header is truncated");
                        return false;
                    }
                    NpyHeader h = parseNpyHeader(buffer, held, w, m.size - offset);
                    if (!h.isNativeCOrder()) return false;
                    header = nativeCOrder(std::move(h));
                    itemBytes = std::max<std::size_t>(dtypeSize(header->dtype), 1);
                    begin = offset;
                }
                const std::size_t left = header->dataBytes() - visited;
                const std::size_t usable = std::min((held - begin) / itemBytes * itemBytes, left);
                if (usable > 0 || visited == 0) visit(index, *header, visited, buffer + begin, usable);
                visited += usable;
                if (visited < header->dataBytes()) {
                    kept = held - begin - usable;  // less than an element: moved to the front
                    std::memmove(buffer, buffer + begin + usable, kept);
                }
            } catch (...) {
                visitFailed = std::current_exception();
            }
        } while (produced < m.size);
        verify();
        if (visitFailed) std::rethrow_exception(visitFailed);
        return true;
    }

    // A deflated member inflated piece by piece (ISA-L) into `inflater`'s buffer, its deflate stream
    // given to `state` by more(state) a part at a time (false when none is left). False as
    // visitPieces().
    template <class MoreInput>
    bool visitInflatedPieces(std::size_t index, const Member& m, PieceInflater& inflater, MoreInput more,
                             const PieceVisitor& visit) const {
        const auto corrupt = [&] {
            return Error(where(m), "corrupt compressed data (the deflate stream does not inflate to " +
                                       std::to_string(m.size) + " bytes)");
        };
        const ReadingStep reading = readingStep("inflating", m);
        inflate_state& state = inflater.start();
        // Inflates until next_out is full, the stream ends or nothing more comes out of it. With the
        // input all given, ISA-L may still hold output of its own.
        const auto inflateUntilFull = [&] {
            while (state.avail_out > 0 && state.block_state != ISAL_BLOCK_FINISH) {
                const bool fed = state.avail_in > 0 || more(state);
                const std::uint32_t in = state.avail_in, out = state.avail_out;
                if (isal_inflate(&state) != ISAL_DECOMP_OK) throw corrupt();
                noteReadProgress();
                if (state.avail_in == in && state.avail_out == out) {
                    if (!fed) return;
                    throw corrupt();  // input it takes nothing from: never hang
                }
            }
        };
        const auto fill = [&](std::byte* dest, std::size_t bytes) {
            state.next_out = reinterpret_cast<std::uint8_t*>(dest);
            state.avail_out = static_cast<std::uint32_t>(bytes);
            inflateUntilFull();
            if (state.avail_out != 0) throw corrupt();  // the stream ended early
        };
        const auto verify = [&] {
            if (state.block_state != ISAL_BLOCK_FINISH) {
                // All the bytes the directory promises are out: the stream may only end now.
                std::uint8_t extra[16];
                state.next_out = extra;
                state.avail_out = sizeof extra;
                inflateUntilFull();
                if (state.avail_out != sizeof extra || state.block_state != ISAL_BLOCK_FINISH) throw corrupt();
            }
            if (state.crc != m.crc) throw Error(where(m), "CRC-32 mismatch: member is corrupt");
        };
        return visitPieces(index, m, inflater.buffer(), fill, verify, visit);
    }

    // A deflated member whose stream was fetched whole. False as visitPieces(), and for a stream
    // beyond ISA-L's 32-bit input count.
    bool visitInflatedPieces(std::size_t index, const Member& m, const RawBytes& raw, PieceInflater& inflater,
                             const PieceVisitor& visit) const {
        if (raw.size() > std::numeric_limits<std::uint32_t>::max()) return false;
        bool given = false;
        const auto more = [&](inflate_state& state) {
            if (given) return false;
            given = true;
            state.next_in = reinterpret_cast<std::uint8_t*>(const_cast<std::byte*>(raw.data()));
            state.avail_in = static_cast<std::uint32_t>(raw.size());
            return true;
        };
        return visitInflatedPieces(index, m, inflater, more, visit);
    }

    // A member read piece by piece from `at` in the file with pread() into `inflater`'s buffers, so
    // that neither its bytes nor its deflate stream need fresh pages (tens of MB for a graph's edge
    // arrays): a stored member straight into the piece buffer, a deflated one's stream into the
    // input buffer, inflated from there.
    bool visitFilePieces(std::size_t index, const Member& m, std::uint64_t at, PieceInflater& inflater,
                         const PieceVisitor& visit) const {
        if (m.method == ZIP_CM_DEFLATE) {
            std::uint64_t left = m.compressedSize;
            const auto more = [&](inflate_state& state) {
                if (left == 0) return false;
                const auto bytes = static_cast<std::size_t>(std::min<std::uint64_t>(left, PieceInflater::kInputBytes));
                readFileBytes(m, at, inflater.input(), bytes);
                at += bytes;
                left -= bytes;
                state.next_in = reinterpret_cast<std::uint8_t*>(inflater.input());
                state.avail_in = static_cast<std::uint32_t>(bytes);
                return true;
            };
            return visitInflatedPieces(index, m, inflater, more, visit);
        }
        const ReadingStep reading = readingStep("reading", m);
        std::uint32_t crc = 0;
        const auto fill = [&](std::byte* dest, std::size_t bytes) {
            readFileBytes(m, at, dest, bytes);
            at += bytes;
            crc = libdeflate_crc32(crc, dest, bytes);
        };
        const auto verify = [&] {
            if (crc != m.crc) throw Error(where(m), "CRC-32 mismatch: member is corrupt");
        };
        return visitPieces(index, m, inflater.buffer(), fill, verify, visit);
    }
};

NpzArchive::NpzArchive(const std::string& path) : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw Error(path, std::string("cannot open: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw Error(path, "not a regular file");
    impl_->fileSize = static_cast<std::uint64_t>(st.st_size);
    int code = 0;
    const ReadingStep reading(path, "reading the zip directory");
    // ZIP_CHECKCONS: a central directory that disagrees with the local headers is damage, found now.
    impl_->zip = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &code);
    if (!impl_->zip) throw Error(path, "damaged archive: not a readable .npz (zip) archive: " + zipErrorText(code));
    const zip_int64_t count = zip_get_num_entries(impl_->zip, 0);
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t st_entry;
        if (zip_stat_index(impl_->zip, static_cast<zip_uint64_t>(i), 0, &st_entry) != 0)
            throw Error(path, std::string("damaged archive: corrupt zip directory: ") +
                                  zip_error_strerror(zip_get_error(impl_->zip)));
        const zip_uint64_t needed = ZIP_STAT_NAME | ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD;
        if ((st_entry.valid & needed) != needed)
            throw Error(path, "damaged archive: corrupt zip directory entry " + std::to_string(i));
        Member m;
        std::string name = st_entry.name;
        if (!name.empty() && name.back() == '/') continue;  // a directory entry
        m.npy = name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0;
        if (m.npy) name.resize(name.size() - 4);
        m.key = name;
        m.index = static_cast<zip_uint64_t>(i);
        m.size = st_entry.size;
        m.compressedSize = st_entry.comp_size;
        m.method = st_entry.comp_method;
        m.crc = (st_entry.valid & ZIP_STAT_CRC) ? st_entry.crc : 0;
        m.encrypted = (st_entry.valid & ZIP_STAT_ENCRYPTION_METHOD) && st_entry.encryption_method != ZIP_EM_NONE;
        if (impl_->byKey.count(m.key)) throw Error(path, "the archive holds '" + m.key + "' twice");
        impl_->byKey.emplace(m.key, impl_->members.size());
        impl_->members.push_back(std::move(m));
    }
}

NpzArchive::~NpzArchive() = default;

const std::string& NpzArchive::path() const { return impl_->path; }

std::vector<std::string> NpzArchive::keys() const {
    std::vector<std::string> out;
    out.reserve(impl_->members.size());
    for (const Member& m : impl_->members) out.push_back(m.key);
    return out;
}

bool NpzArchive::contains(const std::string& key) const { return impl_->byKey.count(key) > 0; }

bool NpzArchive::holdsNpyMembers() const {
    return std::any_of(impl_->members.begin(), impl_->members.end(), [](const Member& m) { return m.npy; });
}

NpyHeader NpzArchive::header(const std::string& key) const {
    const Member& m = impl_->member(key);
    const std::string where = impl_->where(m);
    impl_->checkSizes(m);
    const ReadingStep reading = impl_->readingStep("reading the header of", m);
    ZipFile file(impl_->zip, m, 0, where);
    std::vector<std::byte> bytes(std::min<std::uint64_t>(m.size, kNpyPreambleBytes));
    file.readExactly(bytes.data(), bytes.size());
    const std::size_t offset = npyDataOffset(bytes.data(), bytes.size(), where);
    if (offset > m.size) throw Error(where, ".npy header is truncated");
    const std::size_t already = bytes.size();
    bytes.resize(offset);
    if (offset > already) file.readExactly(bytes.data() + already, offset - already);
    return parseNpyHeader(bytes.data(), offset, where, m.size - offset);
}

NdArray NpzArchive::read(const std::string& key) const { return std::move(readMany({key}).front()); }

std::vector<NdArray> NpzArchive::readMany(const std::vector<std::string>& keys) const {
    std::vector<NdArray> out(keys.size());
    visitMany(keys, [&](std::size_t i, const NpyHeader& header, const std::byte* data) {
        NdArray& a = out[i];
        a.dtype = header.dtype;
        a.shape = header.shape;
        a.bytes.assign(data, data + header.dataBytes());
    });
    return out;
}

namespace {

// Calls work(i, scratch, inflater) once for every members[i] on up to the arena's concurrency of
// workers, each with its own buffers, largest member first, each worker taking the next member
// when done: balances members of very different sizes.
template <class Work>
void largestFirst(const std::vector<const Member*>& members, const Work& work) {
    const std::size_t n = members.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return members[a]->size > members[b]->size; });
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    auto worker = [&] {
        Scratch scratch;
        PieceInflater inflater;
        for (std::size_t k; !failed && (k = next++) < n;) {
            try {
                work(order[k], scratch, inflater);
            } catch (...) {
                failed = true;
                throw;
            }
        }
    };
    const std::size_t workers =
        std::min<std::size_t>(n, static_cast<std::size_t>(std::max(1, tbb::this_task_arena::max_concurrency())));
    if (workers <= 1) {
        worker();
        return;
    }
    tbb::task_group group;
    for (std::size_t w = 1; w < workers; ++w) group.run(worker);
    try {
        worker();
    } catch (...) {
        group.wait();
        throw;
    }
    group.wait();
}

}  // namespace

// libzip handles are not thread-safe: the raw bytes are fetched in turn, then inflated and decoded in parallel.
void NpzArchive::visitMany(const std::vector<std::string>& keys, const MemberVisitor& visit) const {
    auto fetched = impl_->fetchAll(keys, false);
    largestFirst(fetched.members, [&](std::size_t i, Scratch& scratch, PieceInflater&) {
        impl_->visitMember(i, *fetched.members[i], fetched.raw[i], scratch, visit);
    });
}

void NpzArchive::visitManyInPieces(const std::vector<std::string>& keys, const PieceVisitor& visit) const {
    auto fetched = impl_->fetchAll(keys, true);
    largestFirst(fetched.members, [&](std::size_t i, Scratch& scratch, PieceInflater& inflater) {
        const Member& m = *fetched.members[i];
        RawBytes& raw = fetched.raw[i];
        if (const auto at = fetched.dataAt[i]) {
            if (impl_->visitFilePieces(i, m, *at, inflater, visit)) return;
            raw = impl_->readWhole(m, *at);
        } else if (m.method == ZIP_CM_DEFLATE && impl_->visitInflatedPieces(i, m, raw, inflater, visit)) {
            raw = {};
            return;
        }
        impl_->visitMember(i, m, raw, scratch, [&](std::size_t index, const NpyHeader& header, const std::byte* data) {
            visit(index, header, 0, data, header.dataBytes());
        });
    });
}

bool NpzArchive::isStored(const std::string& key) const { return impl_->member(key).method == ZIP_CM_STORE; }

bool NpzArchive::mapFile() {
    if (impl_->mapped) return true;
    const int fd = ::open(impl_->path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st {};
    if (::fstat(fd, &st) != 0 || static_cast<std::uint64_t>(st.st_size) != impl_->fileSize) {
        ::close(fd);
        return false;
    }
    // Only the directory and the members' first bytes are read here (pread: mapping them would
    // bring in the large page-cache folios around each one).
    const ReadAt readAt = [fd](std::uint64_t offset, std::byte* out, std::size_t bytes) {
        return ::pread(fd, out, bytes, static_cast<off_t>(offset)) == static_cast<ssize_t>(bytes);
    };
    for (const Member& m : impl_->members) {
        if (m.method != ZIP_CM_STORE || m.encrypted || m.size != m.compressedSize) continue;
        const auto offset = zipMemberDataOffset(readAt, impl_->fileSize, m.key + (m.npy ? ".npy" : ""));
        if (!offset || m.size > impl_->fileSize - *offset) continue;
        // The same first bytes as libzip reads: the offset is the member's, not a lookalike's.
        std::byte viaLibzip[256], inPlace[256];
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(m.size, sizeof viaLibzip));
        try {
            readRange(m.key, 0, viaLibzip, n);
        } catch (const Error&) {
            continue;
        }
        if (readAt(*offset, inPlace, n) && std::memcmp(viaLibzip, inPlace, n) == 0)
            impl_->mappedMembers.emplace(m.key, *offset);
    }
    void* p = impl_->fileSize > 0 ? ::mmap(nullptr, impl_->fileSize, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
    ::close(fd);
    if (p == MAP_FAILED) {
        impl_->mappedMembers.clear();
        return false;
    }
    impl_->mapped = static_cast<const std::byte*>(p);
    return true;
}

bool NpzArchive::readsMapped(const std::string& key) const { return impl_->mappedMembers.count(key) > 0; }

void NpzArchive::readRange(const std::string& key, std::size_t offset, std::byte* dest, std::size_t bytes) const {
    const Member& m = impl_->member(key);
    const std::string where = impl_->where(m);
    if (offset > m.size || bytes > m.size - offset)
        throw Error(where,
                    "range " + std::to_string(offset) + "+" + std::to_string(bytes) + " lies outside the member");
    const ReadingStep reading = impl_->readingStep("reading", m);
    if (const auto at = impl_->mappedMembers.find(key); at != impl_->mappedMembers.end() && impl_->mapped) {
        // From the page cache without a read() call or a kernel copy. Its pages are then let go
        // (they stay in the page cache), so that they no longer count as this process's memory.
        const std::byte* from = impl_->mapped + at->second + offset;
        std::memcpy(dest, from, bytes);
        const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
        const auto begin = (reinterpret_cast<std::uintptr_t>(from) + page - 1) & ~(page - 1);
        const auto end = reinterpret_cast<std::uintptr_t>(from + bytes) & ~(page - 1);
        if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
        return;
    }
    if (m.method != ZIP_CM_STORE) {
        RawBytes raw = impl_->fetch(m);
        Scratch scratch;
        std::memcpy(dest, impl_->wholeMember(m, raw, scratch) + offset, bytes);
        return;
    }
    impl_->checkSizes(m);
    ZipFile file(impl_->zip, m, 0, where);
    if (offset > 0) file.seek(offset);
    file.readExactly(dest, bytes);
}

void NpzArchive::readRangeInOrder(const std::string& key, std::size_t offset, std::byte* dest,
                                  std::size_t bytes) const {
    const Member& m = impl_->member(key);
    if (m.method == ZIP_CM_STORE) return readRange(key, offset, dest, bytes);
    const std::string where = impl_->where(m);
    if (offset > m.size || bytes > m.size - offset)
        throw Error(where,
                    "range " + std::to_string(offset) + "+" + std::to_string(bytes) + " lies outside the member");
    const ReadingStep reading = impl_->readingStep("inflating", m);
    LastRange& last = impl_->last;
    if (last.key == key && offset == last.offset && bytes == last.bytes.size()) {
        std::memcpy(dest, last.bytes.data(), bytes);
        return;
    }
    MemberStream& stream = impl_->streams[key];
    if (!stream.file || offset < stream.position) {
        impl_->checkSizes(m);
        stream.file.reset();
        stream.file = std::make_unique<ZipFile>(impl_->zip, m, 0, where);
        stream.position = 0;
    }
    std::vector<std::byte> skipped(std::min<std::uint64_t>(offset - stream.position, std::uint64_t{1} << 20));
    while (stream.position < offset) {
        const std::uint64_t n = std::min<std::uint64_t>(offset - stream.position, skipped.size());
        stream.file->readExactly(skipped.data(), n);
        stream.position += n;
    }
    stream.file->readExactly(dest, bytes);
    stream.position += bytes;
    if (stream.position == m.size) stream.file->expectEnd();  // where libzip checks the CRC
    last.key = key;
    last.offset = offset;
    last.bytes.assign(dest, dest + bytes);
}

namespace {

// One member waiting for NpzWriter::close(): its .npy bytes and, when deflated, the raw deflate
// stream libzip copies as it is (its source reports the data as already compressed).
struct PendingMember {
    std::string name;
    std::vector<std::byte> npy;
    std::vector<std::byte> deflated;
    std::uint64_t npySize = 0;  // uncompressed .npy size
    std::uint32_t crc = 0;
    std::size_t readPosition = 0;
    zip_error_t error{};
};

struct CompressorDeleter {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

constexpr int kDeflateLevel = 6;  // zlib's default, as numpy.savez_compressed uses

void deflateMember(PendingMember& m) {
    std::unique_ptr<libdeflate_compressor, CompressorDeleter> c(libdeflate_alloc_compressor(kDeflateLevel));
    if (!c) throw std::bad_alloc();
    m.deflated.resize(libdeflate_deflate_compress_bound(c.get(), m.npy.size()));
    const std::size_t n =
        libdeflate_deflate_compress(c.get(), m.npy.data(), m.npy.size(), m.deflated.data(), m.deflated.size());
    if (n == 0) throw std::runtime_error("deflate output exceeded its bound");
    m.deflated.resize(n);
    m.crc = libdeflate_crc32(0, m.npy.data(), m.npy.size());
    m.npy = {};
}

zip_int64_t deflatedSource(void* state, void* data, zip_uint64_t length, zip_source_cmd_t command) {
    auto& m = *static_cast<PendingMember*>(state);
    switch (command) {
        case ZIP_SOURCE_OPEN: m.readPosition = 0; return 0;
        case ZIP_SOURCE_READ: {
            const std::size_t n = std::min<std::size_t>(length, m.deflated.size() - m.readPosition);
            std::memcpy(data, m.deflated.data() + m.readPosition, n);
            m.readPosition += n;
            return static_cast<zip_int64_t>(n);
        }
        case ZIP_SOURCE_CLOSE:
        case ZIP_SOURCE_FREE: return 0;
        case ZIP_SOURCE_STAT: {
            auto* st = ZIP_SOURCE_GET_ARGS(zip_stat_t, data, length, &m.error);
            if (!st) return -1;
            zip_stat_init(st);
            st->valid = ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD | ZIP_STAT_CRC;
            st->size = m.npySize;
            st->comp_size = m.deflated.size();
            st->comp_method = ZIP_CM_DEFLATE;
            st->crc = m.crc;
            return sizeof(zip_stat_t);
        }
        case ZIP_SOURCE_ERROR: return zip_error_to_data(&m.error, data, length);
        case ZIP_SOURCE_SUPPORTS:
            return zip_source_make_command_bitmap(ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT,
                                                  ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, -1);
        default: zip_error_set(&m.error, ZIP_ER_OPNOTSUPP, 0); return -1;
    }
}

}  // namespace

struct NpzWriter::Impl {
    std::string path;
    zip_t* zip = nullptr;
    bool compress = false;
    std::vector<std::unique_ptr<PendingMember>> members;  // must outlive zip_close

    ~Impl() {
        if (zip) zip_discard(zip);  // never closed: leave no half-written file
    }

    [[noreturn]] void fail(const std::string& what) const {
        throw Error(path, what + ": " + zip_error_strerror(zip_get_error(zip)));
    }

    void addToZip(PendingMember& m) {
        zip_source_t* source = compress ? zip_source_function(zip, deflatedSource, &m)
                                        : zip_source_buffer(zip, m.npy.data(), m.npy.size(), 0);
        if (!source) fail("cannot add '" + m.name + "'");
        const zip_int64_t index = zip_file_add(zip, m.name.c_str(), source, ZIP_FL_ENC_UTF_8);
        if (index < 0) {
            zip_source_free(source);
            fail("cannot add '" + m.name + "'");
        }
        if (zip_set_file_compression(zip, static_cast<zip_uint64_t>(index), compress ? ZIP_CM_DEFLATE : ZIP_CM_STORE,
                                     0) != 0)
            fail("cannot set the compression of '" + m.name + "'");
    }
};

NpzWriter::NpzWriter(const std::string& path, bool compress) : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    impl_->compress = compress;
    int code = 0;
    impl_->zip = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code);
    if (!impl_->zip) throw Error(path, "cannot create archive: " + zipErrorText(code));
}

NpzWriter::~NpzWriter() {
    if (impl_->zip) zip_discard(impl_->zip);
    impl_->zip = nullptr;
    for (auto& m : impl_->members) zip_error_fini(&m->error);
}

void NpzWriter::add(const std::string& key, const NdArray& array) {
    if (!impl_->zip) throw Error(impl_->path, "archive already closed");
    const std::string name = key + ".npy";
    for (const auto& m : impl_->members)
        if (m->name == name) throw Error(impl_->path, "'" + key + "' added twice");
    auto m = std::make_unique<PendingMember>();
    m->name = name;
    m->npy = encodeNpy(array);
    m->npySize = m->npy.size();
    zip_error_init(&m->error);
    impl_->members.push_back(std::move(m));
}

void NpzWriter::close() {
    if (!impl_->zip) return;
    if (impl_->compress)
        tbb::parallel_for(std::size_t{0}, impl_->members.size(),
                          [&](std::size_t i) { deflateMember(*impl_->members[i]); });
    for (auto& m : impl_->members) impl_->addToZip(*m);
    if (zip_close(impl_->zip) != 0) {
        const std::string problem = zip_error_strerror(zip_get_error(impl_->zip));
        zip_discard(impl_->zip);
        impl_->zip = nullptr;
        throw Error(impl_->path, "cannot write archive: " + problem);
    }
    impl_->zip = nullptr;
    for (auto& m : impl_->members) zip_error_fini(&m->error);
    impl_->members.clear();
}

}  // namespace meshdiff
