#pragma once
// Internal to core/io: includes <hdf5.h>, which only meshdiff_core links against.
#include <hdf5.h>

#include <string>
#include <utility>

#include "common/NdArray.h"

namespace meshdiff {

// Owns one HDF5 identifier and closes it (under the HDF5 lock) when it goes out of scope.
class Hdf5Id {
public:
    using Closer = herr_t (*)(hid_t);
    Hdf5Id() = default;
    Hdf5Id(hid_t id, Closer close) : id_(id), close_(close) {}
    Hdf5Id(Hdf5Id&& other) noexcept : id_(std::exchange(other.id_, H5I_INVALID_HID)), close_(other.close_) {}
    Hdf5Id& operator=(Hdf5Id&& other) noexcept;
    Hdf5Id(const Hdf5Id&) = delete;
    Hdf5Id& operator=(const Hdf5Id&) = delete;
    ~Hdf5Id() { reset(); }

    hid_t get() const { return id_; }
    bool valid() const { return id_ >= 0; }
    void reset();
    hid_t release() { return std::exchange(id_, H5I_INVALID_HID); }  // caller closes it

private:
    hid_t id_ = H5I_INVALID_HID;
    Closer close_ = nullptr;
};

// The innermost message on HDF5's error stack ("" when empty); clears the stack.
std::string hdf5ErrorDetail();

// Throws meshdiff::Error(file, problem [+ HDF5's own detail]) when `id` is negative.
hid_t checkHdf5(hid_t id, const std::string& file, const std::string& problem);
herr_t checkHdf5Status(herr_t status, const std::string& file, const std::string& problem);

// Wrappers that throw meshdiff::Error instead of returning a negative identifier.
Hdf5Id openHdf5Dataset(hid_t location, const std::string& name, const std::string& file);
Hdf5Id openHdf5Group(hid_t location, const std::string& name, const std::string& file);
Hdf5Id openHdf5Attribute(hid_t object, const std::string& name, const std::string& file);
Hdf5Id datasetSpace(hid_t dataset, const std::string& file);
Hdf5Id datasetType(hid_t dataset, const std::string& file);

// HDF5 file type → meshdiff dtype; false for types meshdiff does not read (strings, compounds,
// enums, references, 16-bit floats...).
bool dtypeFromHdf5(hid_t type, DType& out);
// The native in-memory HDF5 type of a dtype (not to be closed).
hid_t nativeHdf5Type(DType dtype);
// Little-endian file type for writing (not to be closed).
hid_t littleEndianHdf5Type(DType dtype);
// Human-readable description of a file type: "int64", "string", "compound"...
std::string describeHdf5Type(hid_t type);

}  // namespace meshdiff
