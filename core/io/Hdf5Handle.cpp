#include "io/Hdf5Handle.h"

#include "common/Error.h"
#include "io/Hdf5Lock.h"

namespace meshdiff {

Hdf5Id& Hdf5Id::operator=(Hdf5Id&& other) noexcept {
    if (this != &other) {
        reset();
        id_ = std::exchange(other.id_, H5I_INVALID_HID);
        close_ = other.close_;
    }
    return *this;
}

void Hdf5Id::reset() {
    if (id_ >= 0 && close_) {
        auto lock = lockHdf5();
        close_(id_);
    }
    id_ = H5I_INVALID_HID;
}

std::string hdf5ErrorDetail() {
    auto lock = lockHdf5();
    std::string detail;
    H5Ewalk2(
        H5E_DEFAULT, H5E_WALK_UPWARD,
        [](unsigned n, const H5E_error2_t* err, void* data) -> herr_t {
            // Walking upward, entry 0 is the innermost (most specific) error.
            if (n == 0 && err->desc) *static_cast<std::string*>(data) = err->desc;
            return 0;
        },
        &detail);
    H5Eclear2(H5E_DEFAULT);
    return detail;
}

static std::string withDetail(const std::string& problem) {
    const std::string detail = hdf5ErrorDetail();
    return detail.empty() ? problem : problem + " (HDF5: " + detail + ")";
}

hid_t checkHdf5(hid_t id, const std::string& file, const std::string& problem) {
    if (id < 0) throw Error(file, withDetail(problem));
    return id;
}

herr_t checkHdf5Status(herr_t status, const std::string& file, const std::string& problem) {
    if (status < 0) throw Error(file, withDetail(problem));
    return status;
}

Hdf5Id openHdf5Dataset(hid_t location, const std::string& name, const std::string& file) {
    auto lock = lockHdf5();
    return {checkHdf5(H5Dopen2(location, name.c_str(), H5P_DEFAULT), file, "cannot open dataset " + name), H5Dclose};
}

Hdf5Id openHdf5Group(hid_t location, const std::string& name, const std::string& file) {
    auto lock = lockHdf5();
    return {checkHdf5(H5Gopen2(location, name.c_str(), H5P_DEFAULT), file, "cannot open group " + name), H5Gclose};
}

Hdf5Id openHdf5Attribute(hid_t object, const std::string& name, const std::string& file) {
    auto lock = lockHdf5();
    return {checkHdf5(H5Aopen(object, name.c_str(), H5P_DEFAULT), file, "cannot open attribute " + name), H5Aclose};
}

Hdf5Id datasetSpace(hid_t dataset, const std::string& file) {
    auto lock = lockHdf5();
    return {checkHdf5(H5Dget_space(dataset), file, "cannot read a dataset's shape"), H5Sclose};
}

Hdf5Id datasetType(hid_t dataset, const std::string& file) {
    auto lock = lockHdf5();
    return {checkHdf5(H5Dget_type(dataset), file, "cannot read a dataset's type"), H5Tclose};
}

bool dtypeFromHdf5(hid_t type, DType& out) {
    auto lock = lockHdf5();
    const H5T_class_t cls = H5Tget_class(type);
    const std::size_t size = H5Tget_size(type);
    if (cls == H5T_INTEGER) {
        const bool isSigned = H5Tget_sign(type) == H5T_SGN_2;
        switch (size) {
            case 1: out = isSigned ? DType::Int8 : DType::UInt8; return true;
            case 2: out = isSigned ? DType::Int16 : DType::UInt16; return true;
            case 4: out = isSigned ? DType::Int32 : DType::UInt32; return true;
            case 8: out = isSigned ? DType::Int64 : DType::UInt64; return true;
            default: return false;
        }
    }
    if (cls == H5T_FLOAT) {
        if (size == 4) {
            out = DType::Float32;
            return true;
        }
        if (size == 8) {
            out = DType::Float64;
            return true;
        }
    }
    return false;
}

hid_t nativeHdf5Type(DType dtype) {
    auto lock = lockHdf5();
    switch (dtype) {
        case DType::Bool: return H5T_NATIVE_UINT8;
        case DType::Int8: return H5T_NATIVE_INT8;
        case DType::Int16: return H5T_NATIVE_INT16;
        case DType::Int32: return H5T_NATIVE_INT32;
        case DType::Int64: return H5T_NATIVE_INT64;
        case DType::UInt8: return H5T_NATIVE_UINT8;
        case DType::UInt16: return H5T_NATIVE_UINT16;
        case DType::UInt32: return H5T_NATIVE_UINT32;
        case DType::UInt64: return H5T_NATIVE_UINT64;
        case DType::Float32: return H5T_NATIVE_FLOAT;
        case DType::Float64: return H5T_NATIVE_DOUBLE;
        case DType::Float16: break;
    }
    throw Error("", "HDF5: dtype " + dtypeName(dtype) + " is not supported");
}

hid_t littleEndianHdf5Type(DType dtype) {
    auto lock = lockHdf5();
    switch (dtype) {
        case DType::Bool: return H5T_STD_U8LE;
        case DType::Int8: return H5T_STD_I8LE;
        case DType::Int16: return H5T_STD_I16LE;
        case DType::Int32: return H5T_STD_I32LE;
        case DType::Int64: return H5T_STD_I64LE;
        case DType::UInt8: return H5T_STD_U8LE;
        case DType::UInt16: return H5T_STD_U16LE;
        case DType::UInt32: return H5T_STD_U32LE;
        case DType::UInt64: return H5T_STD_U64LE;
        case DType::Float32: return H5T_IEEE_F32LE;
        case DType::Float64: return H5T_IEEE_F64LE;
        case DType::Float16: break;
    }
    throw Error("", "HDF5: dtype " + dtypeName(dtype) + " is not supported");
}

std::string describeHdf5Type(hid_t type) {
    auto lock = lockHdf5();
    DType dtype;
    if (dtypeFromHdf5(type, dtype)) return dtypeName(dtype);
    switch (H5Tget_class(type)) {
        case H5T_INTEGER: return std::to_string(8 * H5Tget_size(type)) + "-bit integer";
        case H5T_FLOAT: return std::to_string(8 * H5Tget_size(type)) + "-bit float";
        case H5T_STRING: return "string";
        case H5T_COMPOUND: return "compound";
        case H5T_ENUM: return "enum";
        case H5T_VLEN: return "variable-length sequence";
        case H5T_ARRAY: return "array";
        case H5T_REFERENCE: return "reference";
        case H5T_OPAQUE: return "opaque";
        case H5T_BITFIELD: return "bitfield";
        case H5T_TIME: return "time";
        default: return "unknown type";
    }
}

}  // namespace meshdiff
