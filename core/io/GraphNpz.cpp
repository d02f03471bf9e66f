#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <type_traits>

#include "common/Error.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"

namespace meshdiff {

namespace {

// Each array of the layout with the names it may go by, preferred name first.
enum Slot { GridLat, GridLon, MeshLat, MeshLon, MeshFaces, G2mSenders, G2mReceivers, M2gSenders, M2gReceivers, SlotCount };

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

// The member holding `slot`, or "" when the archive has none of its names.
std::string findKey(const NpzArchive& archive, Slot slot) {
    for (const std::string& name : namesFor(slot))
        if (archive.contains(name)) return name;
    return {};
}

std::vector<float> coordinates(const NdArray& a, const std::string& where) {
    if (a.ndim() != 1) throw Error(where, "expected a 1-D coordinate array, got shape " + a.shapeString());
    if (a.dtype == DType::Float32) {
        std::vector<float> out(a.size());
        std::memcpy(out.data(), a.bytes.data(), a.bytes.size());
        return out;
    }
    if (!isFloating(a.dtype) && !isInteger(a.dtype))
        throw Error(where, "expected floating-point coordinates, got " + dtypeName(a.dtype));
    return a.toFloat32();
}

template <class T>
bool inRange(T v, std::size_t limit) {
    if constexpr (std::is_signed_v<T>)
        if (v < 0) return false;
    return static_cast<std::uint64_t>(v) < limit;
}

// Integer indices → int32, each checked to lie in [0, limit).
template <class T>
void convertIndices(const T* in, std::int32_t* out, std::size_t n, std::size_t limit, const std::string& where,
                    const char* what) {
    constexpr std::size_t kChunk = 1 << 16;
    tbb::parallel_for(std::size_t{0}, (n + kChunk - 1) / kChunk, [&](std::size_t chunk) {
        const std::size_t begin = chunk * kChunk, end = std::min(n, begin + kChunk);
        bool ok = true;
        for (std::size_t i = begin; i < end; ++i) {
            const T v = in[i];
            ok &= inRange(v, limit);
            out[i] = static_cast<std::int32_t>(v);
        }
        if (ok) return;
        for (std::size_t i = begin; i < end; ++i) {
            if (inRange(in[i], limit)) continue;
            throw Error(where, "index " + std::to_string(static_cast<long long>(in[i])) + " at position " +
                                   std::to_string(i) + " is outside the " + std::to_string(limit) + " " + what);
        }
    });
}

std::vector<std::int32_t> indices(const NdArray& a, const std::string& where, std::size_t limit, const char* what) {
    if (limit > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()) + 1)
        throw Error(where, std::string("too many ") + what + " for 32-bit indices");
    std::vector<std::int32_t> out(a.size());
    switch (a.dtype) {
        case DType::Int8: convertIndices(a.dataAs<std::int8_t>(), out.data(), out.size(), limit, where, what); break;
        case DType::Int16: convertIndices(a.dataAs<std::int16_t>(), out.data(), out.size(), limit, where, what); break;
        case DType::Int32: convertIndices(a.dataAs<std::int32_t>(), out.data(), out.size(), limit, where, what); break;
        case DType::Int64: convertIndices(a.dataAs<std::int64_t>(), out.data(), out.size(), limit, where, what); break;
        case DType::UInt8: convertIndices(a.dataAs<std::uint8_t>(), out.data(), out.size(), limit, where, what); break;
        case DType::UInt16: convertIndices(a.dataAs<std::uint16_t>(), out.data(), out.size(), limit, where, what); break;
        case DType::UInt32: convertIndices(a.dataAs<std::uint32_t>(), out.data(), out.size(), limit, where, what); break;
        case DType::UInt64: convertIndices(a.dataAs<std::uint64_t>(), out.data(), out.size(), limit, where, what); break;
        default: throw Error(where, "expected an integer index array, got " + dtypeName(a.dtype));
    }
    return out;
}

std::vector<std::int32_t> edgeIndices(const NdArray& a, const std::string& where, std::size_t limit, const char* what) {
    if (a.ndim() != 1) throw Error(where, "expected a 1-D edge index array, got shape " + a.shapeString());
    return indices(a, where, limit, what);
}

template <class T>
NdArray makeArray(DType dtype, std::vector<std::size_t> shape, const std::vector<T>& values) {
    NdArray a;
    a.dtype = dtype;
    a.shape = std::move(shape);
    a.bytes.resize(values.size() * sizeof(T));
    if (!values.empty()) std::memcpy(a.bytes.data(), values.data(), a.bytes.size());
    return a;
}

NdArray int64Array(const std::vector<std::int32_t>& values) {
    return makeArray(DType::Int64, {values.size()}, std::vector<std::int64_t>(values.begin(), values.end()));
}

}  // namespace

MeshGraph readGraphNpz(const std::string& path) {
    NpzArchive archive(path);
    std::vector<std::string> keys(SlotCount);
    for (int s = 0; s < SlotCount; ++s) {
        keys[s] = findKey(archive, static_cast<Slot>(s));
        if (keys[s].empty()) {
            const std::vector<std::string> names = namesFor(static_cast<Slot>(s));
            std::string list = "'" + names[0] + "'";
            for (std::size_t i = 1; i < names.size(); ++i) list += (i + 1 == names.size() ? " or '" : ", '") + names[i] + "'";
            throw Error(path, "not a graph .npz: the array " + list + " is missing");
        }
    }
    std::vector<NdArray> arrays = archive.readMany(keys);
    auto where = [&](int s) { return path + "[" + keys[s] + "]"; };

    MeshGraph g;
    g.gridLat = coordinates(arrays[GridLat], where(GridLat));
    g.gridLon = coordinates(arrays[GridLon], where(GridLon));
    g.meshLat = coordinates(arrays[MeshLat], where(MeshLat));
    g.meshLon = coordinates(arrays[MeshLon], where(MeshLon));
    const NdArray& faces = arrays[MeshFaces];
    if (!((faces.ndim() == 2 && faces.shape[1] == 3) || (faces.ndim() == 1 && faces.size() % 3 == 0)))
        throw Error(where(MeshFaces), "expected mesh faces of shape (F, 3), got " + faces.shapeString());
    g.meshFaces = indices(faces, where(MeshFaces), g.meshCount(), "mesh nodes");
    arrays[MeshFaces] = {};
    g.g2mSenders = edgeIndices(arrays[G2mSenders], where(G2mSenders), g.gridCount(), "grid points");
    arrays[G2mSenders] = {};
    g.g2mReceivers = edgeIndices(arrays[G2mReceivers], where(G2mReceivers), g.meshCount(), "mesh nodes");
    arrays[G2mReceivers] = {};
    g.m2gSenders = edgeIndices(arrays[M2gSenders], where(M2gSenders), g.meshCount(), "mesh nodes");
    arrays[M2gSenders] = {};
    g.m2gReceivers = edgeIndices(arrays[M2gReceivers], where(M2gReceivers), g.gridCount(), "grid points");
    arrays.clear();
    validateGraph(g, path);
    return g;
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

bool npzHoldsGraph(const std::string& path) {
    try {
        NpzArchive archive(path);
        for (Slot s : {G2mSenders, G2mReceivers, M2gSenders, M2gReceivers})
            if (findKey(archive, s).empty()) return false;
        return true;
    } catch (const Error&) {
        return false;
    }
}

}  // namespace meshdiff
