#include "io/Hdf5Writer.h"

#include <algorithm>
#include <filesystem>
#include <random>

#include "common/Error.h"
#include "io/Hdf5Handle.h"
#include "io/Hdf5Lock.h"

namespace meshdiff {

namespace {

std::string temporaryPathBeside(const std::string& path) {
    std::random_device random;
    return path + ".tmp" + std::to_string(random() % 1000000000u);
}

std::string absolute(const std::string& objectPath) {
    return !objectPath.empty() && objectPath[0] == '/' ? objectPath : "/" + objectPath;
}

}  // namespace

struct Hdf5Writer::Impl {
    std::string path;
    std::string tempPath;
    int deflateLevel = 0;
    Hdf5Id file;

    // Chunked + shuffle + deflate creation properties for `dims`, or H5P_DEFAULT (contiguous).
    Hdf5Id creationProperties(const std::vector<hsize_t>& dims) const {
        if (deflateLevel <= 0 || dims.empty()) return {};
        std::size_t count = 1;
        for (hsize_t d : dims) count *= d;
        if (count == 0) return {};
        Hdf5Id plist{checkHdf5(H5Pcreate(H5P_DATASET_CREATE), path, "cannot create dataset properties"), H5Pclose};
        std::vector<hsize_t> chunk = dims;
        std::size_t rowElements = count / dims[0];
        chunk[0] = std::max<hsize_t>(
            1, std::min<hsize_t>(dims[0], (std::size_t(1) << 18) / std::max<std::size_t>(1, rowElements)));
        checkHdf5Status(H5Pset_chunk(plist.get(), static_cast<int>(chunk.size()), chunk.data()), path,
                        "cannot set chunks");
        checkHdf5Status(H5Pset_shuffle(plist.get()), path, "cannot set the shuffle filter");
        checkHdf5Status(H5Pset_deflate(plist.get(), static_cast<unsigned>(deflateLevel)), path, "cannot set deflate");
        return plist;
    }

    Hdf5Id openObject(const std::string& objectPath) const {
        return {checkHdf5(H5Oopen(file.get(), absolute(objectPath).c_str(), H5P_DEFAULT), path,
                          "cannot open " + absolute(objectPath) + " for writing"),
                H5Oclose};
    }

    void requireOpen() const {
        if (!file.valid()) throw Error(path, "HDF5 writer already closed");
    }
};

Hdf5Writer::Hdf5Writer(const std::string& path, int deflateLevel) : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    impl_->deflateLevel = deflateLevel;
    impl_->tempPath = temporaryPathBeside(path);
    auto lock = lockHdf5();
    Hdf5Id fapl{checkHdf5(H5Pcreate(H5P_FILE_ACCESS), path, "cannot create file access properties"), H5Pclose};
    H5Pset_file_locking(fapl.get(), false, true);
    // 1.8 object headers: attributes above 64 KiB (long metadata JSON) go to dense storage.
    checkHdf5Status(H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_V18, H5F_LIBVER_V18), path,
                    "cannot set format version");
    impl_->file = {checkHdf5(H5Fcreate(impl_->tempPath.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, fapl.get()), path,
                             "cannot create the file (is the folder writable?)"),
                   H5Fclose};
}

Hdf5Writer::~Hdf5Writer() {
    if (impl_->file.valid()) {
        impl_->file.reset();
        std::error_code ec;
        std::filesystem::remove(impl_->tempPath, ec);
    }
}

void Hdf5Writer::createGroup(const std::string& groupPath) {
    auto lock = lockHdf5();
    impl_->requireOpen();
    Hdf5Id group{
        checkHdf5(H5Gcreate2(impl_->file.get(), absolute(groupPath).c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                  impl_->path, "cannot create group " + absolute(groupPath)),
        H5Gclose};
}

void Hdf5Writer::writeDataset(const std::string& datasetPath, DType dtype, const std::vector<std::size_t>& shape,
                              const void* data) {
    auto lock = lockHdf5();
    impl_->requireOpen();
    const std::string name = absolute(datasetPath);
    const std::vector<hsize_t> dims(shape.begin(), shape.end());
    Hdf5Id space{checkHdf5(dims.empty() ? H5Screate(H5S_SCALAR)
                                        : H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr),
                           impl_->path, "cannot create the shape of " + name),
                 H5Sclose};
    const Hdf5Id plist = impl_->creationProperties(dims);
    Hdf5Id dataset{checkHdf5(H5Dcreate2(impl_->file.get(), name.c_str(), littleEndianHdf5Type(dtype), space.get(),
                                        H5P_DEFAULT, plist.valid() ? plist.get() : H5P_DEFAULT, H5P_DEFAULT),
                             impl_->path, "cannot create dataset " + name),
                   H5Dclose};
    std::size_t count = 1;
    for (std::size_t d : shape) count *= d;
    if (count > 0)
        checkHdf5Status(H5Dwrite(dataset.get(), nativeHdf5Type(dtype), H5S_ALL, H5S_ALL, H5P_DEFAULT, data),
                        impl_->path, "cannot write dataset " + name);
}

void Hdf5Writer::writeDataset(const std::string& datasetPath, const NdArray& array) {
    writeDataset(datasetPath, array.dtype, array.shape, array.bytes.data());
}

void Hdf5Writer::writeStringAttribute(const std::string& objectPath, const std::string& name,
                                      const std::string& value) {
    auto lock = lockHdf5();
    impl_->requireOpen();
    Hdf5Id object = impl_->openObject(objectPath);
    // Fixed-length UTF-8 (h5py reads it as bytes): unlike variable-length strings it needs no
    // global heap, whose damaged forms can crash libhdf5 while reading.
    Hdf5Id type{checkHdf5(H5Tcopy(H5T_C_S1), impl_->path, "cannot create a string type"), H5Tclose};
    H5Tset_size(type.get(), std::max<std::size_t>(1, value.size()));
    H5Tset_strpad(type.get(), H5T_STR_NULLPAD);
    H5Tset_cset(type.get(), H5T_CSET_UTF8);
    Hdf5Id space{checkHdf5(H5Screate(H5S_SCALAR), impl_->path, "cannot create a scalar space"), H5Sclose};
    Hdf5Id attr{checkHdf5(H5Acreate2(object.get(), name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
                          impl_->path, "cannot create attribute " + name),
                H5Aclose};
    std::string padded = value;
    padded.resize(std::max<std::size_t>(1, value.size()), '\0');
    checkHdf5Status(H5Awrite(attr.get(), type.get(), padded.data()), impl_->path, "cannot write attribute " + name);
}

void Hdf5Writer::writeIntAttribute(const std::string& objectPath, const std::string& name, std::int64_t value) {
    auto lock = lockHdf5();
    impl_->requireOpen();
    Hdf5Id object = impl_->openObject(objectPath);
    Hdf5Id space{checkHdf5(H5Screate(H5S_SCALAR), impl_->path, "cannot create a scalar space"), H5Sclose};
    Hdf5Id attr{checkHdf5(H5Acreate2(object.get(), name.c_str(), H5T_STD_I64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT),
                          impl_->path, "cannot create attribute " + name),
                H5Aclose};
    checkHdf5Status(H5Awrite(attr.get(), H5T_NATIVE_INT64, &value), impl_->path, "cannot write attribute " + name);
}

void Hdf5Writer::close() {
    {
        auto lock = lockHdf5();
        impl_->requireOpen();
        const herr_t status = H5Fclose(impl_->file.release());
        if (status < 0) {
            std::error_code ec;
            std::filesystem::remove(impl_->tempPath, ec);
            checkHdf5Status(status, impl_->path, "cannot finish writing the file (disk full?)");
        }
    }
    std::error_code ec;
    std::filesystem::rename(impl_->tempPath, impl_->path, ec);
    if (ec) {
        std::filesystem::remove(impl_->tempPath, ec);
        throw Error(impl_->path, "cannot move the written file into place: " + ec.message());
    }
}

}  // namespace meshdiff
