#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/NdArray.h"

namespace meshdiff {

// True when the file starts with (or holds at a standard offset) HDF5's signature. Never throws.
bool isHdf5File(const std::string& path);

struct Hdf5DatasetInfo {
    std::optional<DType> dtype;  // empty for types meshdiff does not read (strings, compounds...)
    std::string typeName;        // "float32", "string", "compound"...
    std::vector<std::size_t> shape;
    bool filtered = false;  // compressed or otherwise filtered (chunked)
    std::size_t elementCount() const;
};

// Read-only access to one HDF5 (or NetCDF-4) file. Every call takes the process-wide HDF5 lock.
// Object paths are absolute ("/mesh/lat") or relative to the root. Failures throw meshdiff::Error
// naming the file. Dataset reads refuse sizes above `maxDatasetBytes` and, for unfiltered data,
// above the file size, before allocating.
class Hdf5Reader {
public:
    static constexpr std::size_t kDefaultMaxDatasetBytes = std::size_t(8) << 30;

    // preflight: first check in a child process that libhdf5 survives the file (Hdf5Preflight.h).
    explicit Hdf5Reader(const std::string& path, std::size_t maxDatasetBytes = kDefaultMaxDatasetBytes,
                        bool preflight = true);
    ~Hdf5Reader();
    Hdf5Reader(const Hdf5Reader&) = delete;
    Hdf5Reader& operator=(const Hdf5Reader&) = delete;

    const std::string& path() const;
    std::uint64_t fileSize() const;

    bool isGroup(const std::string& objectPath) const;
    bool isDataset(const std::string& objectPath) const;
    // Names of a group's direct members, in creation order when the file tracks it, else by name.
    std::vector<std::string> members(const std::string& groupPath) const;

    Hdf5DatasetInfo datasetInfo(const std::string& datasetPath) const;
    // Throws when reading the whole dataset as `memoryType` breaks the size limits; returns the bytes.
    std::size_t checkReadSize(const std::string& datasetPath, DType memoryType) const;
    NdArray read(const std::string& datasetPath) const;  // in the file's dtype, native byte order
    // Reads the whole dataset converted to `memoryType` into `out`, which holds `count` elements
    // (must equal the dataset's element count).
    void readInto(const std::string& datasetPath, DType memoryType, void* out, std::size_t count) const;
    // Reads the block start[i] .. start[i]+count[i] converted to `memoryType` into `out`
    // (product of count elements, C order).
    void readSlabInto(const std::string& datasetPath, const std::vector<std::size_t>& start,
                      const std::vector<std::size_t>& count, DType memoryType, void* out) const;

    // Where the whole dataset's bytes lie in the file when they are exactly `memoryType` in native
    // byte order, unfiltered and contiguous (and inside the file): then they can be used in place
    // (mapped) instead of read. Empty for any other storage.
    std::optional<std::uint64_t> plainDataOffset(const std::string& datasetPath, DType memoryType) const;

    std::vector<std::string> attributeNames(const std::string& objectPath) const;
    bool hasAttribute(const std::string& objectPath, const std::string& name) const;
    // Fixed or variable-length string attribute (the first one of an array); empty if absent
    // or not a string.
    std::optional<std::string> stringAttribute(const std::string& objectPath, const std::string& name) const;
    // Integer or float attribute converted to double; empty if absent or not numeric.
    std::optional<std::vector<double>> numericAttribute(const std::string& objectPath, const std::string& name) const;

    // The dtype of a numeric attribute; empty if absent or not numeric.
    std::optional<DType> attributeDType(const std::string& objectPath, const std::string& name) const;

    // For each dimension of the dataset, the path of the dimension scale attached to it
    // (DIMENSION_LIST, as netCDF-4 and h5netcdf write), or "" when none is attached.
    std::vector<std::string> dimensionScales(const std::string& datasetPath) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace meshdiff
