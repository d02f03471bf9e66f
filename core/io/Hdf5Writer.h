#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/NdArray.h"

namespace meshdiff {

// Writes a new HDF5 file: by default contiguous, uncompressed, little-endian datasets that h5py and the
// HDF5 tools read. The data goes to a temporary file beside `path`, renamed onto `path` by close();
// a writer destroyed without close() leaves `path` untouched. Takes the HDF5 lock per call.
// Failures throw meshdiff::Error naming `path`.
class Hdf5Writer {
public:
    // deflateLevel > 0 writes chunked, shuffled, deflated datasets instead (smaller, slower to read).
    explicit Hdf5Writer(const std::string& path, int deflateLevel = 0);
    ~Hdf5Writer();
    Hdf5Writer(const Hdf5Writer&) = delete;
    Hdf5Writer& operator=(const Hdf5Writer&) = delete;

    void createGroup(const std::string& groupPath);  // parents must exist
    void writeDataset(const std::string& datasetPath, DType dtype, const std::vector<std::size_t>& shape,
                      const void* data);
    void writeDataset(const std::string& datasetPath, const NdArray& array);
    void writeStringAttribute(const std::string& objectPath, const std::string& name, const std::string& value);
    void writeIntAttribute(const std::string& objectPath, const std::string& name, std::int64_t value);
    void close();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace meshdiff
