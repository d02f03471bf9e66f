#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/NdArray.h"
#include "io/Npy.h"

namespace meshdiff {

// Read-only access to a numpy .npz (savez / savez_compressed), one member at a time.
// The file is opened read-only and never modified. Not safe to share between threads.
class NpzArchive {
public:
    // Throws meshdiff::Error ("damaged archive: …") when libzip cannot open the file or its directory is inconsistent.
    explicit NpzArchive(const std::string& path);
    ~NpzArchive();
    NpzArchive(const NpzArchive&) = delete;
    NpzArchive& operator=(const NpzArchive&) = delete;

    const std::string& path() const;
    std::vector<std::string> keys() const;  // member names without ".npy", archive order
    bool contains(const std::string& key) const;
    bool holdsNpyMembers() const;                    // at least one member named *.npy, as numpy.savez writes them
    NpyHeader header(const std::string& key) const;  // reads only the member's header
    NdArray read(const std::string& key) const;
    // True when the member is stored uncompressed, so readRange() reads straight from the file.
    bool isStored(const std::string& key) const;
    // Copies `bytes` bytes starting `offset` bytes into the member's .npy (header included) to `dest`.
    // A stored member is read in place (one copy, no CRC check: only part of it is read).
    void readRange(const std::string& key, std::size_t offset, std::byte* dest, std::size_t bytes) const;
    // As readRange(), but a compressed member is inflated as a stream that keeps its place: ranges
    // of one member asked in increasing order (a rollout's leads, one after another) inflate it
    // once, holding its inflate state (tens of KB) instead of the whole member. The range read
    // last is kept, so asking for it again costs a copy. The CRC is checked when a range reaches
    // the member's end.
    void readRangeInOrder(const std::string& key, std::size_t offset, std::byte* dest, std::size_t bytes) const;
    // From now on stored members are copied out of a read-only mapping of the file instead of
    // read() (no system call and no kernel copy per range; the page cache is read directly).
    // False when the file cannot be mapped. A file that another process shortens meanwhile raises
    // SIGBUS in the reader: only callers that run watched (compare's reading child) should ask.
    bool mapFile();
    // True when readRange() of `key` goes through a mapping: a stored member whose place in the
    // file was found and whose first bytes are the ones libzip reads.
    bool readsMapped(const std::string& key) const;
    // Reads several members, decompressing them in parallel.
    std::vector<NdArray> readMany(const std::vector<std::string>& keys) const;
    // Calls visit(i, header, data) for every keys[i], from several threads at once (largest member
    // first). `data` holds header.elementCount() elements in native byte order and C order (the
    // header says so too) and is valid only during the call; no copy of the array is kept.
    using MemberVisitor = std::function<void(std::size_t index, const NpyHeader& header, const std::byte* data)>;
    void visitMany(const std::vector<std::string>& keys, const MemberVisitor& visit) const;
    // As visitMany(), but each array's data comes in consecutive pieces of whole elements:
    // visit(i, header, offset, data, bytes) with `offset` the bytes of keys[i]'s data before this
    // piece; at least one call per array, the first with offset 0. A compressed member's deflate
    // stream is read from the file with pread() a few hundred KB at a time and inflated as a stream
    // into a buffer of a few hundred KB (ISA-L), a stored one read into it with pread(), instead of
    // whole (tens of MB of fresh pages for the kernel to zero); its CRC is checked after its last
    // piece has been visited, before what the visitor refused is told.
    using PieceVisitor = std::function<void(std::size_t index, const NpyHeader& header, std::size_t offset,
                                            const std::byte* data, std::size_t bytes)>;
    void visitManyInPieces(const std::vector<std::string>& keys, const PieceVisitor& visit) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Writes an .npz that numpy.load reads (stored or deflated members, deflated with libdeflate at
// zlib's default level, in parallel). add() keeps an encoded copy; nothing is written until
// close(); a writer destroyed without close() leaves no file behind.
class NpzWriter {
public:
    NpzWriter(const std::string& path, bool compress);  // throws meshdiff::Error
    ~NpzWriter();
    void add(const std::string& key, const NdArray& array);
    void close();  // throws meshdiff::Error when the archive cannot be written

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace meshdiff
