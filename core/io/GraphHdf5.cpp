// meshdiff's own HDF5 graph file; the layout is documented in docs/formats.md.
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <exception>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "common/Error.h"
#include "io/GraphFiles.h"
#include "io/Hdf5Reader.h"
#include "io/Hdf5Writer.h"
#include "io/MappedGraphHdf5.h"
#include "io/ReadProgress.h"

namespace meshdiff {

namespace {

constexpr const char* kFormatAttribute = "meshdiff_format";
constexpr const char* kFormatName = "graph";
constexpr const char* kVersionAttribute = "meshdiff_format_version";
constexpr const char* kMetadataAttribute = "metadata";
constexpr std::int64_t kFormatVersion = 1;

void requireGraphFile(const Hdf5Reader& file) {
    const auto format = file.stringAttribute("/", kFormatAttribute);
    if (!format || *format != kFormatName)
        throw Error(file.path(),
                    "HDF5 file is not a meshdiff graph file (root attribute meshdiff_format is not \"graph\")");
    const auto version = file.numericAttribute("/", kVersionAttribute);
    if (!version || version->size() != 1)
        throw Error(file.path(), "meshdiff graph file without a meshdiff_format_version attribute");
    if ((*version)[0] < 1 || (*version)[0] > kFormatVersion)
        throw Error(file.path(), "meshdiff graph file version " + std::to_string((*version)[0]) +
                                     " is not supported (this meshdiff reads version 1; newer meshdiff?)");
}

// Checks that a dataset has exactly `dtype` and rank `rank`, and that its trailing dimension is
// `columns` when rank is 2; returns its element count.
std::size_t checkDataset(const Hdf5Reader& file, const std::string& name, DType dtype, std::size_t rank,
                         std::size_t columns) {
    if (!file.isDataset(name)) throw Error(file.path(), "meshdiff graph file lacks dataset " + name);
    const Hdf5DatasetInfo info = file.datasetInfo(name);
    if (!info.dtype || *info.dtype != dtype)
        throw Error(file.path(), "dataset " + name + " holds " + info.typeName + ", expected " + dtypeName(dtype));
    const bool shapeOk = info.shape.size() == rank && (rank == 1 || info.shape[1] == columns);
    if (!shapeOk) {
        std::string shape;
        for (std::size_t d : info.shape) shape += (shape.empty() ? "" : ", ") + std::to_string(d);
        throw Error(file.path(), "dataset " + name + " has shape (" + shape + "), expected " +
                                     (rank == 1 ? std::string("1-D") : "(n, " + std::to_string(columns) + ")"));
    }
    file.checkReadSize(name, dtype);  // before allocating
    return info.elementCount();
}

// Reads a dataset that passes checkDataset into `out`.
template <class Vector>
void readExact(const Hdf5Reader& file, const std::string& name, DType dtype, std::size_t rank, std::size_t columns,
               Vector& out) {
    out.resize(checkDataset(file, name, dtype, rank, columns));
    file.readInto(name, dtype, out.data(), out.size());
}

void requireSameLength(const Hdf5Reader& file, const std::string& a, std::size_t na, const std::string& b,
                       std::size_t nb) {
    if (na != nb)
        throw Error(file.path(), "datasets " + a + " (" + std::to_string(na) + ") and " + b + " (" +
                                     std::to_string(nb) + ") differ in length");
}

// Root members only a graph has: meshdiff's own edge groups and the names of the .npz graph layout.
bool holdsGraphName(const std::string& name) {
    return name == "grid2mesh" || name == "mesh2grid" || nameSaysGraph(name);
}

}  // namespace

MeshGraph readGraphHdf5(const std::string& path) {
    const Hdf5Reader file(path);
    requireGraphFile(file);
    MeshGraph graph;
    readExact(file, "/grid/lat", DType::Float32, 1, 0, graph.gridLat);
    readExact(file, "/grid/lon", DType::Float32, 1, 0, graph.gridLon);
    readExact(file, "/mesh/lat", DType::Float32, 1, 0, graph.meshLat);
    readExact(file, "/mesh/lon", DType::Float32, 1, 0, graph.meshLon);
    requireSameLength(file, "/mesh/lat", graph.meshLat.size(), "/mesh/lon", graph.meshLon.size());
    readExact(file, "/mesh/faces", DType::Int32, 2, 3, graph.meshFaces);
    readExact(file, "/grid2mesh/senders", DType::Int32, 1, 0, graph.g2mSenders);
    readExact(file, "/grid2mesh/receivers", DType::Int32, 1, 0, graph.g2mReceivers);
    requireSameLength(file, "/grid2mesh/senders", graph.g2mSenders.size(), "/grid2mesh/receivers",
                      graph.g2mReceivers.size());
    readExact(file, "/mesh2grid/senders", DType::Int32, 1, 0, graph.m2gSenders);
    readExact(file, "/mesh2grid/receivers", DType::Int32, 1, 0, graph.m2gReceivers);
    requireSameLength(file, "/mesh2grid/senders", graph.m2gSenders.size(), "/mesh2grid/receivers",
                      graph.m2gReceivers.size());
    validateGraph(graph, path);
    return graph;
}

std::optional<MappedGraphHdf5> MappedGraphHdf5::open(const std::string& path) {
    const Hdf5Reader file(path);
    requireGraphFile(file);
    struct Part {
        const char* name;
        DType dtype;
        std::size_t rank, columns;
        std::size_t count = 0;
        std::uint64_t offset = 0;
    };
    Part parts[] = {{"/grid/lat", DType::Float32, 1, 0},          {"/grid/lon", DType::Float32, 1, 0},
                    {"/mesh/lat", DType::Float32, 1, 0},          {"/mesh/lon", DType::Float32, 1, 0},
                    {"/mesh/faces", DType::Int32, 2, 3},          {"/grid2mesh/senders", DType::Int32, 1, 0},
                    {"/grid2mesh/receivers", DType::Int32, 1, 0}, {"/mesh2grid/senders", DType::Int32, 1, 0},
                    {"/mesh2grid/receivers", DType::Int32, 1, 0}};
    // Checked in readGraphHdf5's order, so that a damaged file gets the same error.
    for (std::size_t i = 0; i < std::size(parts); ++i) {
        Part& part = parts[i];
        part.count = checkDataset(file, part.name, part.dtype, part.rank, part.columns);
        if (part.count > 0) {
            const auto offset = file.plainDataOffset(part.name, part.dtype);
            if (!offset || *offset % 4 != 0) return std::nullopt;  // float32 and int32 need 4-byte alignment
            part.offset = *offset;
        }
        if (i == 3) requireSameLength(file, "/mesh/lat", parts[2].count, "/mesh/lon", parts[3].count);
        if (i == 6)
            requireSameLength(file, "/grid2mesh/senders", parts[5].count, "/grid2mesh/receivers", parts[6].count);
        if (i == 8)
            requireSameLength(file, "/mesh2grid/senders", parts[7].count, "/mesh2grid/receivers", parts[8].count);
    }

    const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return std::nullopt;
    MappedGraphHdf5 mapped;
    mapped.bytes_ = file.fileSize();
    const ReadingStep reading(path, "mapping its arrays into memory");
    void* base = ::mmap(nullptr, mapped.bytes_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0);
    ::close(descriptor);
    if (base == MAP_FAILED) return std::nullopt;
    mapped.base_ = base;
    const auto* bytes = static_cast<const char*>(base);
    auto floats = [&](const Part& p) {
        return std::span<const float>(reinterpret_cast<const float*>(bytes + p.offset), p.count);
    };
    auto ints = [&](const Part& p) {
        return std::span<const std::int32_t>(reinterpret_cast<const std::int32_t*>(bytes + p.offset), p.count);
    };
    mapped.view_ = {floats(parts[0]), floats(parts[1]), floats(parts[2]), floats(parts[3]), ints(parts[4]),
                    ints(parts[5]),   ints(parts[6]),   ints(parts[7]),   ints(parts[8])};
    validateGraph(mapped.view_, path);
    return mapped;
}

MappedGraphHdf5::MappedGraphHdf5(MappedGraphHdf5&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)), bytes_(std::exchange(other.bytes_, 0)), view_(other.view_) {}

MappedGraphHdf5& MappedGraphHdf5::operator=(MappedGraphHdf5&& other) noexcept {
    if (this != &other) {
        if (base_) ::munmap(base_, bytes_);
        base_ = std::exchange(other.base_, nullptr);
        bytes_ = std::exchange(other.bytes_, 0);
        view_ = other.view_;
    }
    return *this;
}

MappedGraphHdf5::~MappedGraphHdf5() {
    if (base_) ::munmap(base_, bytes_);
}

std::string readGraphHdf5Metadata(const std::string& path) {
    const Hdf5Reader file(path);
    requireGraphFile(file);
    return file.stringAttribute("/", kMetadataAttribute).value_or("{}");
}

void writeGraphHdf5(const MeshGraph& graph, const std::string& path, const std::string& metadataJson,
                    int deflateLevel) {
    if (!nlohmann::json::accept(metadataJson)) throw Error(path, "graph metadata to write is not valid JSON");
    validateGraph(graph, path);

    Hdf5Writer file(path, deflateLevel);
    file.writeStringAttribute("/", kFormatAttribute, kFormatName);
    file.writeIntAttribute("/", kVersionAttribute, kFormatVersion);
    file.writeStringAttribute("/", kMetadataAttribute, metadataJson);
    file.createGroup("/grid");
    file.writeDataset("/grid/lat", DType::Float32, {graph.gridLat.size()}, graph.gridLat.data());
    file.writeDataset("/grid/lon", DType::Float32, {graph.gridLon.size()}, graph.gridLon.data());
    file.createGroup("/mesh");
    file.writeDataset("/mesh/lat", DType::Float32, {graph.meshLat.size()}, graph.meshLat.data());
    file.writeDataset("/mesh/lon", DType::Float32, {graph.meshLon.size()}, graph.meshLon.data());
    file.writeDataset("/mesh/faces", DType::Int32, {graph.faceCount(), 3}, graph.meshFaces.data());
    file.createGroup("/grid2mesh");
    file.writeDataset("/grid2mesh/senders", DType::Int32, {graph.g2mSenders.size()}, graph.g2mSenders.data());
    file.writeDataset("/grid2mesh/receivers", DType::Int32, {graph.g2mReceivers.size()}, graph.g2mReceivers.data());
    file.createGroup("/mesh2grid");
    file.writeDataset("/mesh2grid/senders", DType::Int32, {graph.m2gSenders.size()}, graph.m2gSenders.data());
    file.writeDataset("/mesh2grid/receivers", DType::Int32, {graph.m2gReceivers.size()}, graph.m2gReceivers.data());
    file.close();
}

bool hdf5HoldsGraph(const std::string& path) {
    if (!isHdf5File(path)) return false;
    std::optional<Hdf5Reader> file;
    std::vector<std::string> members;
    try {
        file.emplace(path);
        members = file->members("/");
    } catch (const Error& e) {
        throw Error(path,
                    e.problem().rfind("damaged HDF5 file", 0) == 0 ? e.problem() : "damaged HDF5 file: " + e.problem());
    }
    std::optional<std::string> format;
    try {
        format = file->stringAttribute("/", kFormatAttribute);
    } catch (const Error& e) {
        throw Error(path, "damaged HDF5 file: " + e.problem());
    }
    if (format && *format == kFormatName) return true;
    if (format) throw Error(path, "meshdiff_format \"" + *format + "\" is not a format this meshdiff reads");
    for (const std::string& name : members) {
        if (holdsGraphName(name))
            throw Error(path, "damaged graph: holds graph data (" + name +
                                  ") but not the meshdiff_format attribute of meshdiff's HDF5 graph file");
    }
    return false;
}

}  // namespace meshdiff
