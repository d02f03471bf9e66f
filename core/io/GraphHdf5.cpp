// meshdiff's own HDF5 graph file; the layout is documented in docs/formats.md.
#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>
#include <vector>

#include "common/Error.h"
#include "graph/LargeVectors.h"
#include "io/GraphFiles.h"
#include "io/Hdf5Reader.h"
#include "io/Hdf5Writer.h"

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
        throw Error(file.path(), "HDF5 file is not a meshdiff graph file (root attribute meshdiff_format is not \"graph\")");
    const auto version = file.numericAttribute("/", kVersionAttribute);
    if (!version || version->size() != 1)
        throw Error(file.path(), "meshdiff graph file without a meshdiff_format_version attribute");
    if ((*version)[0] < 1 || (*version)[0] > kFormatVersion)
        throw Error(file.path(), "meshdiff graph file version " + std::to_string((*version)[0]) +
                                     " is not supported (this meshdiff reads version 1; newer meshdiff?)");
}

// Reads a dataset that must have exactly `dtype` and rank `rank`, and whose trailing dimension is
// `columns` when rank is 2; returns its element count via `out`.
template <class T>
void readExact(const Hdf5Reader& file, const std::string& name, DType dtype, std::size_t rank, std::size_t columns,
               std::vector<T>& out) {
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
    resizeLarge(out, info.elementCount());
    file.readInto(name, dtype, out.data(), out.size());
}

void requireSameLength(const Hdf5Reader& file, const std::string& a, std::size_t na, const std::string& b,
                       std::size_t nb) {
    if (na != nb)
        throw Error(file.path(), "datasets " + a + " (" + std::to_string(na) + ") and " + b + " (" +
                                     std::to_string(nb) + ") differ in length");
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

std::string readGraphHdf5Metadata(const std::string& path) {
    const Hdf5Reader file(path);
    requireGraphFile(file);
    return file.stringAttribute("/", kMetadataAttribute).value_or("{}");
}

void writeGraphHdf5(const MeshGraph& graph, const std::string& path, const std::string& metadataJson,
                    int deflateLevel) {
    if (!nlohmann::json::accept(metadataJson))
        throw Error(path, "graph metadata to write is not valid JSON");
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
    try {
        const Hdf5Reader file(path);
        const auto format = file.stringAttribute("/", kFormatAttribute);
        return format && *format == kFormatName;
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace meshdiff
