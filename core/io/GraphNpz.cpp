#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <type_traits>

#include "common/Error.h"
#include "common/TargetClones.h"
#include "graph/LargeVectors.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"

namespace meshdiff {

namespace {

// Each array of the layout with the names it may go by, preferred name first.
enum Slot {
    GridLat,
    GridLon,
    MeshLat,
    MeshLon,
    MeshFaces,
    G2mSenders,
    G2mReceivers,
    M2gSenders,
    M2gReceivers,
    SlotCount
};

std::vector<std::string> namesFor(Slot slot) {
    auto edge = [](const char* suffix, std::initializer_list<const char*> prefixes) {
        std::vector<std::string> names;
        for (const char* p : prefixes) names.push_back(std::string(p) + suffix);
        return names;
    };
    switch (slot) {
        case GridLat: return {"grid_lat"};
        case GridLon: return {"grid_lon"};
        case MeshLat: return {"mesh_lat"};
        case MeshLon: return {"mesh_lon"};
        case MeshFaces: return {"mesh_faces"};
        case G2mSenders: return edge("senders", {"g2m_", "grid2mesh_", "grid_to_mesh_"});
        case G2mReceivers: return edge("receivers", {"g2m_", "grid2mesh_", "grid_to_mesh_"});
        case M2gSenders: return edge("senders", {"m2g_", "mesh2grid_", "mesh_to_grid_"});
        case M2gReceivers: return edge("receivers", {"m2g_", "mesh2grid_", "mesh_to_grid_"});
        case SlotCount: break;
    }
    return {};
}

std::string shapeText(const std::vector<std::size_t>& shape) {
    NdArray a;
    a.shape = shape;
    return a.shapeString();
}

// The member holding `slot`, or "" when the archive has none of its names.
std::string findKey(const NpzArchive& archive, Slot slot) {
    for (const std::string& name : namesFor(slot))
        if (archive.contains(name)) return name;
    return {};
}

std::vector<float> coordinates(const NpyHeader& h, const std::byte* data, const std::string& where) {
    if (h.shape.size() != 1) throw Error(where, "expected a 1-D coordinate array, got shape " + shapeText(h.shape));
    const std::size_t n = h.elementCount();
    if (h.dtype == DType::Float32) {
        const float* values = reinterpret_cast<const float*>(data);
        return std::vector<float>(values, values + n);
    }
    if (h.dtype == DType::Bool) throw Error(where, "expected numeric coordinates, got bool");
    NdArray a;
    a.dtype = h.dtype;
    a.shape = h.shape;
    a.bytes.assign(data, data + h.dataBytes());
    return a.toFloat32();
}

// Integer indices → int32 (`n` of them, the first at position `first` of their array); negative
// ones and ones beyond 32 bits are refused here, the ranges of valid node indices by validateGraph.
// Returns any bit from 31 up of any index: set when one is negative (wraps to huge) or beyond int32.
template <class T>
std::uint64_t narrowToInt32(const T* in, std::size_t n, std::int32_t* __restrict out) {
    std::uint64_t highBits = 0;
    for (std::size_t i = 0; i < n; ++i) {
        highBits |= static_cast<std::uint64_t>(in[i]) >> 31;
        out[i] = static_cast<std::int32_t>(in[i]);  // NOLINT(bugprone-signed-char-misuse): int8 indices
    }
    return highBits;
}
// The official files' int64 indices, vectorised with an AVX2 clone (which must not throw).
MESHDIFF_AVX2_CLONES std::uint64_t narrowInt64ToInt32(const std::int64_t* in, std::size_t n, std::int32_t* out) {
    return narrowToInt32(in, n, out);
}

template <class T>
void toInt32(const T* in, std::size_t n, std::int32_t* out, std::size_t first, const std::string& where) {
    constexpr std::uint64_t kMax = std::numeric_limits<std::int32_t>::max();
    std::uint64_t highBits = 0;
    if constexpr (std::is_same_v<T, std::int64_t>) highBits = narrowInt64ToInt32(in, n, out);
    else highBits = narrowToInt32(in, n, out);
    if (highBits != 0) {
        for (std::size_t i = 0; i < n; ++i)
            if (static_cast<std::uint64_t>(in[i]) > kMax)
                throw Error(where, "index " + std::to_string(in[i]) + " at position " + std::to_string(first + i) +
                                       " is not a valid node index (negative or beyond 32 bits)");
    }
}

// `bytes` of an index array's data, starting at element `first`, into out[first…].
void indicesInto(const NpyHeader& h, const std::byte* data, std::size_t bytes, std::size_t first, std::int32_t* out,
                 const std::string& where) {
    std::int32_t* to = out + first;
    switch (h.dtype) {
        case DType::Int8: return toInt32(reinterpret_cast<const std::int8_t*>(data), bytes, to, first, where);
        case DType::Int16: return toInt32(reinterpret_cast<const std::int16_t*>(data), bytes / 2, to, first, where);
        case DType::Int32: return toInt32(reinterpret_cast<const std::int32_t*>(data), bytes / 4, to, first, where);
        case DType::Int64: return toInt32(reinterpret_cast<const std::int64_t*>(data), bytes / 8, to, first, where);
        case DType::UInt8: return toInt32(reinterpret_cast<const std::uint8_t*>(data), bytes, to, first, where);
        case DType::UInt16: return toInt32(reinterpret_cast<const std::uint16_t*>(data), bytes / 2, to, first, where);
        case DType::UInt32: return toInt32(reinterpret_cast<const std::uint32_t*>(data), bytes / 4, to, first, where);
        case DType::UInt64: return toInt32(reinterpret_cast<const std::uint64_t*>(data), bytes / 8, to, first, where);
        default: throw Error(where, "expected an integer index array, got " + dtypeName(h.dtype));
    }
}

// True when `n` indices, the first at position `first` of their array, are first / 3, (first + 1) / 3,
// …: mesh→grid receivers in the official order. Values beyond 31 bits are never taken for it.
template <class T>
bool followsPointOrder(const T* in, std::size_t n, std::size_t first) {
    std::uint64_t off = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto v = static_cast<std::uint64_t>(in[i]);  // NOLINT(bugprone-signed-char-misuse)
        off |= (v >> 31) | static_cast<std::uint64_t>(first + i - 3 * v > 2);
    }
    return off == 0;
}
MESHDIFF_AVX2_CLONES bool int64FollowsPointOrder(const std::int64_t* in, std::size_t n, std::size_t first) {
    return followsPointOrder(in, n, first);
}

bool pieceFollowsPointOrder(const NpyHeader& h, const std::byte* data, std::size_t bytes, std::size_t first) {
    switch (h.dtype) {
        case DType::Int8: return followsPointOrder(reinterpret_cast<const std::int8_t*>(data), bytes, first);
        case DType::Int16: return followsPointOrder(reinterpret_cast<const std::int16_t*>(data), bytes / 2, first);
        case DType::Int32: return followsPointOrder(reinterpret_cast<const std::int32_t*>(data), bytes / 4, first);
        case DType::Int64: return int64FollowsPointOrder(reinterpret_cast<const std::int64_t*>(data), bytes / 8, first);
        case DType::UInt8: return followsPointOrder(reinterpret_cast<const std::uint8_t*>(data), bytes, first);
        case DType::UInt16: return followsPointOrder(reinterpret_cast<const std::uint16_t*>(data), bytes / 2, first);
        case DType::UInt32: return followsPointOrder(reinterpret_cast<const std::uint32_t*>(data), bytes / 4, first);
        case DType::UInt64: return followsPointOrder(reinterpret_cast<const std::uint64_t*>(data), bytes / 8, first);
        default: return false;  // converted, and refused, as any index array
    }
}

std::vector<std::int32_t> indices(const NpyHeader& h, const std::byte* data, const std::string& where) {
    std::vector<std::int32_t> out(h.elementCount());
    indicesInto(h, data, h.dataBytes(), 0, out.data(), where);
    return out;
}

template <class T, class Allocator>
NdArray makeArray(DType dtype, std::vector<std::size_t> shape, const std::vector<T, Allocator>& values) {
    NdArray a;
    a.dtype = dtype;
    a.shape = std::move(shape);
    a.bytes.resize(values.size() * sizeof(T));
    if (!values.empty()) std::memcpy(a.bytes.data(), values.data(), a.bytes.size());
    return a;
}

NdArray int64Array(const LargeVector<std::int32_t>& values) {
    return makeArray(DType::Int64, {values.size()}, std::vector<std::int64_t>(values.begin(), values.end()));
}

// Names every array of the layout the archive lacks, all at once.
void requireGraphArrays(const NpzArchive& archive) {
    std::string missing;
    int count = 0;
    for (int s = 0; s < SlotCount; ++s) {
        if (!findKey(archive, static_cast<Slot>(s)).empty()) continue;
        const std::vector<std::string> names = namesFor(static_cast<Slot>(s));
        std::string list = "'" + names[0] + "'";
        for (std::size_t i = 1; i < names.size(); ++i)
            list += (i + 1 == names.size() ? " or '" : ", '") + names[i] + "'";
        missing += (count++ ? "; " : "") + list;
    }
    if (count > 0)
        throw Error(archive.path(), std::string("damaged graph: its member names say graph but the array") +
                                        (count > 1 ? "s " : " ") + missing + (count > 1 ? " are" : " is") + " missing");
}

// Reads the graph into `g`. With `lean`, mesh→grid receivers in the official order are checked as
// they are inflated but not stored: returns true when so (g.m2gReceivers is then empty).
bool readGraphNpzInto(const std::string& path, bool lean, MeshGraph& g) {
    NpzArchive archive(path);
    if (!npzHoldsGraph(archive))
        throw Error(path, "not a graph .npz: no member is named like a graph array (g2m_*, m2g_*, mesh_*, …)");
    std::vector<std::string> keys(SlotCount);
    for (int s = 0; s < SlotCount; ++s) keys[s] = findKey(archive, static_cast<Slot>(s));
    auto where = [&](std::size_t s) { return path + "[" + keys[s] + "]"; };

    bool receiversByPoint = lean;  // until a piece breaks the order
    std::size_t receiverCount = 0;
    try {
        // Each member is converted by the thread that inflated it, into its own field of the graph:
        // the edge index arrays piece by piece as they are inflated, the small arrays once whole.
        std::vector<std::vector<std::byte>> gathered(SlotCount);
        archive.visitManyInPieces(keys, [&](std::size_t slot, const NpyHeader& h, std::size_t offset,
                                            const std::byte* data, std::size_t bytes) {
            if (slot >= G2mSenders) {
                LargeVector<std::int32_t>& edges = slot == G2mSenders     ? g.g2mSenders
                                                   : slot == G2mReceivers ? g.g2mReceivers
                                                   : slot == M2gSenders   ? g.m2gSenders
                                                                          : g.m2gReceivers;
                if (offset == 0) {
                    if (h.shape.size() != 1)
                        throw Error(where(slot), "expected a 1-D edge index array, got shape " + shapeText(h.shape));
                    edges.clear();
                    if (slot == M2gReceivers) receiverCount = h.elementCount();
                    if (slot != M2gReceivers || !receiversByPoint) edges.reserve(h.elementCount());
                }
                const std::size_t itemBytes = std::max<std::size_t>(dtypeSize(h.dtype), 1);
                if (slot == M2gReceivers && receiversByPoint) {
                    if (pieceFollowsPointOrder(h, data, bytes, offset / itemBytes)) return;
                    // Another order after all: held like any edge array, the part read so far included.
                    receiversByPoint = false;
                    edges.reserve(h.elementCount());
                    for (std::size_t e = 0; e < offset / itemBytes; ++e)
                        edges.push_back(static_cast<std::int32_t>(e / 3));
                }
                // Grown piece by piece: the zeros a resize writes are overwritten while still in the cache.
                edges.resize(std::min(offset / itemBytes + bytes / itemBytes, h.elementCount()));
                indicesInto(h, data, bytes, offset / itemBytes, edges.data(), where(slot));
                return;
            }
            if (offset + bytes < h.dataBytes() || offset > 0) {
                std::vector<std::byte>& whole = gathered[slot];
                if (offset == 0) whole.clear(), whole.reserve(h.dataBytes());
                whole.insert(whole.end(), data, data + bytes);
                if (whole.size() < h.dataBytes()) return;
                data = whole.data();
            }
            const std::string w = where(slot);
            switch (static_cast<Slot>(slot)) {
                case GridLat: g.gridLat = coordinates(h, data, w); break;
                case GridLon: g.gridLon = coordinates(h, data, w); break;
                case MeshLat: g.meshLat = coordinates(h, data, w); break;
                case MeshLon: g.meshLon = coordinates(h, data, w); break;
                case MeshFaces:
                    if (!((h.shape.size() == 2 && h.shape[1] == 3) || (h.shape.size() == 1 && h.shape[0] % 3 == 0)))
                        throw Error(w, "expected mesh faces of shape (F, 3), got " + shapeText(h.shape));
                    g.meshFaces = indices(h, data, w);
                    break;
                default: break;  // the edge slots are converted above, piece by piece
            }
        });
        if (receiversByPoint && receiverCount != g.m2gSenders.size()) {
            // Fewer or more receivers than senders: held, so that validation names both counts.
            receiversByPoint = false;
            g.m2gReceivers.resize(receiverCount);
            for (std::size_t e = 0; e < receiverCount; ++e) g.m2gReceivers[e] = static_cast<std::int32_t>(e / 3);
        }
        GraphView view = viewOf(g);
        view.m2gReceiversByPoint = receiversByPoint;
        validateGraph(view, path);
    } catch (const Error& e) {
        throw Error(e.file(), "damaged graph: " + e.problem());
    }
    return receiversByPoint;
}

}  // namespace

MeshGraph readGraphNpz(const std::string& path) {
    MeshGraph g;
    readGraphNpzInto(path, false, g);
    return g;
}

LeanGraph readLeanGraphNpz(const std::string& path) {
    LeanGraph lean;
    lean.receiversByPoint_ = readGraphNpzInto(path, true, lean.arrays_);
    return lean;
}

void writeGraphNpz(const MeshGraph& graph, const std::string& path, bool compress) {
    if (graph.meshFaces.size() % 3 != 0) throw Error(path, "mesh faces must hold 3 indices per face");
    NpzWriter writer(path, compress);
    writer.add("grid_lat", makeArray(DType::Float32, {graph.gridLat.size()}, graph.gridLat));
    writer.add("grid_lon", makeArray(DType::Float32, {graph.gridLon.size()}, graph.gridLon));
    writer.add("mesh_lat", makeArray(DType::Float32, {graph.meshLat.size()}, graph.meshLat));
    writer.add("mesh_lon", makeArray(DType::Float32, {graph.meshLon.size()}, graph.meshLon));
    writer.add("mesh_faces", makeArray(DType::Int32, {graph.meshFaces.size() / 3, 3}, graph.meshFaces));
    writer.add("g2m_senders", int64Array(graph.g2mSenders));
    writer.add("g2m_receivers", int64Array(graph.g2mReceivers));
    writer.add("m2g_senders", int64Array(graph.m2gSenders));
    writer.add("m2g_receivers", int64Array(graph.m2gReceivers));
    writer.close();
}

bool nameSaysGraph(const std::string& name) {
    for (const char* prefix : {"g2m_", "m2g_", "grid2mesh_", "grid_to_mesh_", "mesh2grid_", "mesh_to_grid_", "mesh_"})
        if (name.rfind(prefix, 0) == 0) return true;
    return false;
}

bool npzHoldsGraph(const NpzArchive& archive) {
    const std::vector<std::string> keys = archive.keys();
    if (std::none_of(keys.begin(), keys.end(), nameSaysGraph)) return false;
    requireGraphArrays(archive);
    return true;
}

bool npzHoldsGraph(const std::string& path) { return npzHoldsGraph(NpzArchive(path)); }

}  // namespace meshdiff
