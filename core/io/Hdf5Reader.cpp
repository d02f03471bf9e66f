#include "io/Hdf5Reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "common/Error.h"
#include "io/Hdf5Handle.h"
#include "io/Hdf5Lock.h"
#include "io/Hdf5Preflight.h"
#include "io/ReadProgress.h"

namespace meshdiff {

namespace {

// Filtered (compressed) data may legitimately inflate far beyond its stored size, and data never
// written reads as fill values; both are allowed up to this size regardless of the file size.
constexpr std::size_t kAlwaysAllowedBytes = std::size_t(64) << 20;
constexpr std::uint64_t kDeflateMaxRatio = 1100;
constexpr std::size_t kMaxChunkCacheBytes = std::size_t(256) << 20;

std::string absolute(const std::string& objectPath) {
    return !objectPath.empty() && objectPath[0] == '/' ? objectPath : "/" + objectPath;
}

std::size_t checkedProduct(const std::vector<std::size_t>& dims, std::size_t itemSize, const std::string& file,
                           const std::string& what) {
    std::size_t total = itemSize;
    for (std::size_t d : dims) {
        if (d != 0 && total > std::numeric_limits<std::size_t>::max() / d)
            throw Error(file, what + " is too large (size overflows)");
        total *= d;
    }
    return total;
}

}  // namespace

std::size_t Hdf5DatasetInfo::elementCount() const {
    std::size_t n = 1;
    for (std::size_t d : shape) n *= d;
    return n;
}

bool isHdf5File(const std::string& path) {
    static const std::array<char, 8> signature{'\x89', 'H', 'D', 'F', '\r', '\n', '\x1a', '\n'};
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return false;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return false;
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    // The superblock sits at 0 or after a user block of 512, 1024, 2048... bytes.
    for (std::uint64_t offset = 0; offset + signature.size() <= size; offset = offset ? offset * 2 : 512) {
        std::array<char, 8> head{};
        in.seekg(static_cast<std::streamoff>(offset));
        if (!in.read(head.data(), head.size())) return false;
        if (head == signature) return true;
    }
    return false;
}

struct Hdf5Reader::Impl {
    std::string path;
    std::uint64_t fileSize = 0;
    std::size_t maxBytes = 0;
    Hdf5Id file;
    int descriptor = -1;           // for reading plain contiguous data without HDF5
    mutable std::string slabName;  // declared after `file`: closed before it
    mutable Hdf5Id slabDataset;

    ~Impl() {
        if (descriptor >= 0) ::close(descriptor);
    }

    H5O_type_t objectType(const std::string& objectPath) const {
        const std::string full = absolute(objectPath);
        if (full == "/") return H5O_TYPE_GROUP;
        // H5Lexists fails when an intermediate group is missing, so check each step.
        for (std::size_t pos = full.find('/', 1);; pos = full.find('/', pos + 1)) {
            const std::string prefix = full.substr(0, pos);
            if (H5Lexists(file.get(), prefix.c_str(), H5P_DEFAULT) <= 0) return H5O_TYPE_UNKNOWN;
            if (pos == std::string::npos) break;
        }
        H5O_info_t info;
        if (H5Oget_info_by_name2(file.get(), full.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0) {
            H5Eclear2(H5E_DEFAULT);
            return H5O_TYPE_UNKNOWN;
        }
        return info.type;
    }

    Hdf5Id openDataset(const std::string& datasetPath) const {
        if (objectType(datasetPath) != H5O_TYPE_DATASET) throw Error(path, "no dataset " + absolute(datasetPath));
        return openHdf5Dataset(file.get(), absolute(datasetPath), path);
    }

    Hdf5Id openObject(const std::string& objectPath) const {
        if (objectType(objectPath) == H5O_TYPE_UNKNOWN) throw Error(path, "no object " + absolute(objectPath));
        return {checkHdf5(H5Oopen(file.get(), absolute(objectPath).c_str(), H5P_DEFAULT), path,
                          "cannot open " + absolute(objectPath)),
                H5Oclose};
    }

    std::vector<std::size_t> shapeOf(hid_t space, const std::string& what) const {
        const int rank = H5Sget_simple_extent_ndims(space);
        if (rank < 0 || rank > H5S_MAX_RANK) throw Error(path, "cannot read the shape of " + what);
        std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
        if (rank > 0 && H5Sget_simple_extent_dims(space, dims.data(), nullptr) < 0)
            throw Error(path, "cannot read the shape of " + what);
        return {dims.begin(), dims.end()};
    }

    // Refuses reads whose size is absurd for this file before anything is allocated.
    void checkReadSize(hid_t dataset, const Hdf5DatasetInfo& info, std::size_t memoryBytes,
                       const std::string& name) const {
        if (memoryBytes > maxBytes)
            throw Error(path, "dataset " + name + " " + info.typeName + " " + shapeString(info.shape) + " needs " +
                                  std::to_string(memoryBytes) + " bytes, more than the limit of " +
                                  std::to_string(maxBytes));
        if (memoryBytes <= kAlwaysAllowedBytes) return;
        const std::uint64_t stored = H5Dget_storage_size(dataset);
        Hdf5Id type = datasetType(dataset, path);
        const std::size_t fileBytes = checkedProduct(info.shape, H5Tget_size(type.get()), path, "dataset " + name);
        const bool plausible =
            info.filtered ? fileBytes / kDeflateMaxRatio <= stored : fileBytes <= fileSize && stored <= fileSize;
        if (!plausible)
            throw Error(path, "dataset " + name + " claims " + std::to_string(fileBytes) +
                                  " bytes but the file holds " + std::to_string(stored) + " bytes of it (" +
                                  std::to_string(fileSize) + " bytes in all): the file is damaged");
    }

    static std::string shapeString(const std::vector<std::size_t>& shape) {
        std::string s = "(";
        for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
        return s + (shape.size() == 1 ? ",)" : ")");
    }

    // The file offset of an unfiltered, contiguous, allocated dataset stored in this file whose
    // bytes are exactly the memory layout of `memoryType`; empty otherwise.
    std::optional<std::uint64_t> directOffset(hid_t dataset, const Hdf5DatasetInfo& info, DType memoryType) const {
        if (info.filtered || descriptor < 0) return std::nullopt;
        Hdf5Id plist{H5Dget_create_plist(dataset), H5Pclose};
        if (!plist.valid() || H5Pget_layout(plist.get()) != H5D_CONTIGUOUS || H5Pget_external_count(plist.get()) != 0) {
            H5Eclear2(H5E_DEFAULT);
            return std::nullopt;
        }
        Hdf5Id type = datasetType(dataset, path);
        if (H5Tequal(type.get(), nativeHdf5Type(memoryType)) <= 0) return std::nullopt;
        const haddr_t offset = H5Dget_offset(dataset);
        if (offset == HADDR_UNDEF) {
            H5Eclear2(H5E_DEFAULT);
            return std::nullopt;
        }
        return static_cast<std::uint64_t>(offset);
    }

    void preadAll(void* out, std::size_t bytes, std::uint64_t offset, const std::string& name) const {
        auto* cursor = static_cast<char*>(out);
        while (bytes > 0) {
            const ssize_t got = ::pread(descriptor, cursor, std::min<std::size_t>(bytes, std::size_t(1) << 30),
                                        static_cast<off_t>(offset));
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0)
                throw Error(path, "cannot read dataset " + name + ": " +
                                      (got < 0 ? std::string(std::strerror(errno)) : "unexpected end of file"));
            cursor += got;
            offset += static_cast<std::uint64_t>(got);
            bytes -= static_cast<std::size_t>(got);
        }
    }

    // Chunk cache size that holds every chunk a block touches (HDF5's default is 1 MiB, too
    // small for 0.25° chunks spanning several levels, which would then be inflated once per level).
    std::size_t chunkCacheBytes(hid_t dataset, const std::vector<std::size_t>& start,
                                const std::vector<std::size_t>& count) const {
        Hdf5Id plist{H5Dget_create_plist(dataset), H5Pclose};
        if (!plist.valid() || H5Pget_layout(plist.get()) != H5D_CHUNKED) return 0;
        const int rank = H5Pget_chunk(plist.get(), 0, nullptr);
        if (rank <= 0 || std::size_t(rank) != start.size()) return 0;
        std::vector<hsize_t> chunk(static_cast<std::size_t>(rank));
        H5Pget_chunk(plist.get(), rank, chunk.data());
        Hdf5Id type = datasetType(dataset, path);
        std::size_t chunkBytes = H5Tget_size(type.get()), touched = 1;
        for (std::size_t i = 0; i < chunk.size(); ++i) {
            if (chunk[i] == 0) return 0;
            chunkBytes *= chunk[i];
            const std::size_t last = count[i] ? start[i] + count[i] - 1 : start[i];
            touched *= last / chunk[i] - start[i] / chunk[i] + 1;
            if (chunkBytes > kMaxChunkCacheBytes || touched > kMaxChunkCacheBytes) return kMaxChunkCacheBytes;
        }
        return std::min(kMaxChunkCacheBytes, (touched + 1) * chunkBytes);
    }

    // Keeps the dataset of the last block read open, with its chunk cache, for the next block.
    const Hdf5Id& slabDatasetFor(const std::string& name, const std::vector<std::size_t>& start,
                                 const std::vector<std::size_t>& count) const {
        if (slabName == name && slabDataset.valid()) return slabDataset;
        slabDataset = Hdf5Id();
        slabName.clear();
        Hdf5Id dataset = openDataset(name);
        if (start.size() == count.size()) {
            if (const std::size_t bytes = chunkCacheBytes(dataset.get(), start, count);
                bytes > (std::size_t(1) << 20)) {
                Hdf5Id dapl{checkHdf5(H5Pcreate(H5P_DATASET_ACCESS), path, "cannot create dataset access properties"),
                            H5Pclose};
                checkHdf5Status(H5Pset_chunk_cache(dapl.get(), 10007, bytes, 0.75), path, "cannot set a chunk cache");
                dataset.reset();  // an open handle would share its 1 MiB cache with the reopened one
                dataset = {
                    checkHdf5(H5Dopen2(file.get(), name.c_str(), dapl.get()), path, "cannot open dataset " + name),
                    H5Dclose};
            }
        }
        slabDataset = std::move(dataset);
        slabName = name;
        return slabDataset;
    }

    Hdf5DatasetInfo info(hid_t dataset, const std::string& name) const {
        Hdf5DatasetInfo result;
        Hdf5Id type = datasetType(dataset, path);
        DType dtype;
        if (dtypeFromHdf5(type.get(), dtype)) result.dtype = dtype;
        result.typeName = describeHdf5Type(type.get());
        Hdf5Id space = datasetSpace(dataset, path);
        result.shape = shapeOf(space.get(), "dataset " + name);
        Hdf5Id plist{checkHdf5(H5Dget_create_plist(dataset), path, "cannot read the layout of " + name), H5Pclose};
        const int filters = H5Pget_nfilters(plist.get());
        result.filtered = filters > 0;
        return result;
    }
};

Hdf5Reader::Hdf5Reader(const std::string& path, std::size_t maxDatasetBytes, bool preflight)
    : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    impl_->maxBytes = maxDatasetBytes;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw Error(path, "file not found");
    if (!std::filesystem::is_regular_file(path, ec)) throw Error(path, "not a regular file");
    impl_->fileSize = std::filesystem::file_size(path, ec);
    if (ec) throw Error(path, "cannot read the file size: " + ec.message());
    if (!isHdf5File(path)) throw Error(path, "not an HDF5 file (no HDF5 signature)");
    if (preflight) preflightHdf5(path);

    impl_->descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    auto lock = lockHdf5();
    const ReadingStep reading(path, "opening it with the HDF5 library");
    Hdf5Id fapl{checkHdf5(H5Pcreate(H5P_FILE_ACCESS), path, "cannot create file access properties"), H5Pclose};
    // Read-only use needs no lock; locks fail on some network file systems.
    H5Pset_file_locking(fapl.get(), false, true);
    impl_->file = {checkHdf5(H5Fopen(path.c_str(), H5F_ACC_RDONLY, fapl.get()), path,
                             "cannot open as HDF5 (damaged or truncated?)"),
                   H5Fclose};
}

Hdf5Reader::~Hdf5Reader() = default;

const std::string& Hdf5Reader::path() const { return impl_->path; }
std::uint64_t Hdf5Reader::fileSize() const { return impl_->fileSize; }

bool Hdf5Reader::isGroup(const std::string& objectPath) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "looking up HDF5 object " + absolute(objectPath));
    return impl_->objectType(objectPath) == H5O_TYPE_GROUP;
}

bool Hdf5Reader::isDataset(const std::string& objectPath) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "looking up HDF5 object " + absolute(objectPath));
    return impl_->objectType(objectPath) == H5O_TYPE_DATASET;
}

std::vector<std::string> Hdf5Reader::members(const std::string& groupPath) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "listing HDF5 group " + absolute(groupPath));
    if (impl_->objectType(groupPath) != H5O_TYPE_GROUP) throw Error(impl_->path, "no group " + absolute(groupPath));
    Hdf5Id group = openHdf5Group(impl_->file.get(), absolute(groupPath), impl_->path);
    std::vector<std::string> names;
    auto collect = [](hid_t, const char* name, const H5L_info_t*, void* data) -> herr_t {
        static_cast<std::vector<std::string>*>(data)->emplace_back(name);
        return 0;
    };
    hsize_t index = 0;
    if (H5Literate(group.get(), H5_INDEX_CRT_ORDER, H5_ITER_INC, &index, collect, &names) < 0) {
        H5Eclear2(H5E_DEFAULT);
        names.clear();
        index = 0;
        checkHdf5Status(H5Literate(group.get(), H5_INDEX_NAME, H5_ITER_INC, &index, collect, &names), impl_->path,
                        "cannot list group " + absolute(groupPath));
    }
    return names;
}

Hdf5DatasetInfo Hdf5Reader::datasetInfo(const std::string& datasetPath) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "reading the description of HDF5 dataset " + absolute(datasetPath));
    Hdf5Id dataset = impl_->openDataset(datasetPath);
    return impl_->info(dataset.get(), absolute(datasetPath));
}

std::size_t Hdf5Reader::checkReadSize(const std::string& datasetPath, DType memoryType) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "reading the description of HDF5 dataset " + absolute(datasetPath));
    const std::string name = absolute(datasetPath);
    Hdf5Id dataset = impl_->openDataset(name);
    const Hdf5DatasetInfo info = impl_->info(dataset.get(), name);
    const std::size_t bytes = checkedProduct(info.shape, dtypeSize(memoryType), impl_->path, "dataset " + name);
    impl_->checkReadSize(dataset.get(), info, bytes, name);
    return bytes;
}

NdArray Hdf5Reader::read(const std::string& datasetPath) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "reading HDF5 dataset " + absolute(datasetPath));
    const std::string name = absolute(datasetPath);
    Hdf5Id dataset = impl_->openDataset(name);
    const Hdf5DatasetInfo info = impl_->info(dataset.get(), name);
    if (!info.dtype) throw Error(impl_->path, "dataset " + name + " holds " + info.typeName + ", not numbers");
    NdArray array;
    array.dtype = *info.dtype;
    array.shape = info.shape;
    const std::size_t bytes = checkedProduct(info.shape, dtypeSize(array.dtype), impl_->path, "dataset " + name);
    impl_->checkReadSize(dataset.get(), info, bytes, name);
    array.bytes.resize(bytes);
    if (bytes > 0)
        checkHdf5Status(
            H5Dread(dataset.get(), nativeHdf5Type(array.dtype), H5S_ALL, H5S_ALL, H5P_DEFAULT, array.bytes.data()),
            impl_->path, "cannot read dataset " + name + " (damaged or truncated file?)");
    return array;
}

void Hdf5Reader::readInto(const std::string& datasetPath, DType memoryType, void* out, std::size_t count) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "reading HDF5 dataset " + absolute(datasetPath));
    const std::string name = absolute(datasetPath);
    Hdf5Id dataset = impl_->openDataset(name);
    const Hdf5DatasetInfo info = impl_->info(dataset.get(), name);
    if (!info.dtype) throw Error(impl_->path, "dataset " + name + " holds " + info.typeName + ", not numbers");
    if (info.elementCount() != count)
        throw Error(impl_->path, "dataset " + name + " has " + std::to_string(info.elementCount()) +
                                     " elements, expected " + std::to_string(count));
    const std::size_t bytes = count * dtypeSize(memoryType);
    impl_->checkReadSize(dataset.get(), info, bytes, name);
    if (count == 0) return;
    if (const auto offset = impl_->directOffset(dataset.get(), info, memoryType)) {
        // Plain bytes at a known place: read them without holding the HDF5 lock, so that other
        // threads can use HDF5 (or read other files) meanwhile.
        if (*offset > impl_->fileSize || bytes > impl_->fileSize - *offset)
            throw Error(impl_->path, "dataset " + name + " lies beyond the end of the file (truncated?)");
        dataset.reset();
        lock.unlock();
        impl_->preadAll(out, bytes, *offset, name);
        return;
    }
    checkHdf5Status(H5Dread(dataset.get(), nativeHdf5Type(memoryType), H5S_ALL, H5S_ALL, H5P_DEFAULT, out), impl_->path,
                    "cannot read dataset " + name + " (damaged or truncated file?)");
}

std::optional<std::uint64_t> Hdf5Reader::plainDataOffset(const std::string& datasetPath, DType memoryType) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "reading the layout of HDF5 dataset " + absolute(datasetPath));
    const std::string name = absolute(datasetPath);
    Hdf5Id dataset = impl_->openDataset(name);
    const Hdf5DatasetInfo info = impl_->info(dataset.get(), name);
    const auto offset = impl_->directOffset(dataset.get(), info, memoryType);
    if (!offset) return std::nullopt;
    const std::size_t bytes = checkedProduct(info.shape, dtypeSize(memoryType), impl_->path, "dataset " + name);
    if (*offset > impl_->fileSize || bytes > impl_->fileSize - *offset) return std::nullopt;
    return offset;
}

void Hdf5Reader::readSlabInto(const std::string& datasetPath, const std::vector<std::size_t>& start,
                              const std::vector<std::size_t>& count, DType memoryType, void* out) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "reading HDF5 dataset " + absolute(datasetPath));
    const std::string name = absolute(datasetPath);
    const Hdf5Id& dataset = impl_->slabDatasetFor(name, start, count);
    const Hdf5DatasetInfo info = impl_->info(dataset.get(), name);
    if (!info.dtype) throw Error(impl_->path, "dataset " + name + " holds " + info.typeName + ", not numbers");
    if (start.size() != info.shape.size() || count.size() != info.shape.size())
        throw Error(impl_->path, "dataset " + name + " has " + std::to_string(info.shape.size()) + " dimensions");
    for (std::size_t i = 0; i < info.shape.size(); ++i)
        if (start[i] > info.shape[i] || count[i] > info.shape[i] - start[i])
            throw Error(impl_->path, "block outside dataset " + name + " " + Impl::shapeString(info.shape));
    const std::size_t bytes = checkedProduct(count, dtypeSize(memoryType), impl_->path, "block of " + name);
    if (bytes > impl_->maxBytes) throw Error(impl_->path, "block of dataset " + name + " is too large");
    if (bytes == 0) return;
    Hdf5Id fileSpace = datasetSpace(dataset.get(), impl_->path);
    const std::vector<hsize_t> hstart(start.begin(), start.end()), hcount(count.begin(), count.end());
    if (!hstart.empty())
        checkHdf5Status(
            H5Sselect_hyperslab(fileSpace.get(), H5S_SELECT_SET, hstart.data(), nullptr, hcount.data(), nullptr),
            impl_->path, "cannot select a block of " + name);
    Hdf5Id memSpace{
        checkHdf5(hcount.empty() ? H5Screate(H5S_SCALAR)
                                 : H5Screate_simple(static_cast<int>(hcount.size()), hcount.data(), nullptr),
                  impl_->path, "cannot create a memory space"),
        H5Sclose};
    checkHdf5Status(
        H5Dread(dataset.get(), nativeHdf5Type(memoryType), memSpace.get(), fileSpace.get(), H5P_DEFAULT, out),
        impl_->path, "cannot read dataset " + name + " (damaged or truncated file?)");
}

std::vector<std::string> Hdf5Reader::attributeNames(const std::string& objectPath) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "listing the HDF5 attributes of " + absolute(objectPath));
    Hdf5Id object = impl_->openObject(objectPath);
    std::vector<std::string> names;
    hsize_t index = 0;
    checkHdf5Status(H5Aiterate2(
                        object.get(), H5_INDEX_NAME, H5_ITER_INC, &index,
                        [](hid_t, const char* name, const H5A_info_t*, void* data) -> herr_t {
                            static_cast<std::vector<std::string>*>(data)->emplace_back(name);
                            return 0;
                        },
                        &names),
                    impl_->path, "cannot list the attributes of " + absolute(objectPath));
    return names;
}

bool Hdf5Reader::hasAttribute(const std::string& objectPath, const std::string& name) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "looking for HDF5 attribute " + name + " of " + absolute(objectPath));
    if (impl_->objectType(objectPath) == H5O_TYPE_UNKNOWN) return false;
    const htri_t exists = H5Aexists_by_name(impl_->file.get(), absolute(objectPath).c_str(), name.c_str(), H5P_DEFAULT);
    if (exists < 0) H5Eclear2(H5E_DEFAULT);
    return exists > 0;
}

std::optional<std::string> Hdf5Reader::stringAttribute(const std::string& objectPath, const std::string& name) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "reading HDF5 attribute " + name + " of " + absolute(objectPath));
    if (!hasAttribute(objectPath, name)) return std::nullopt;
    Hdf5Id object = impl_->openObject(objectPath);
    Hdf5Id attr = openHdf5Attribute(object.get(), name, impl_->path);
    Hdf5Id type{checkHdf5(H5Aget_type(attr.get()), impl_->path, "cannot read the type of attribute " + name), H5Tclose};
    if (H5Tget_class(type.get()) != H5T_STRING) return std::nullopt;
    Hdf5Id space{checkHdf5(H5Aget_space(attr.get()), impl_->path, "cannot read attribute " + name), H5Sclose};
    const hssize_t points = H5Sget_simple_extent_npoints(space.get());
    if (points <= 0) return std::string();
    const std::string what = "cannot read attribute " + name + " of " + absolute(objectPath);
    Hdf5Id memType{checkHdf5(H5Tcopy(H5T_C_S1), impl_->path, what), H5Tclose};
    H5Tset_cset(memType.get(), H5Tget_cset(type.get()));
    if (H5Tis_variable_str(type.get()) > 0) {
        if (points > (1 << 16))  // metadata strings come one or a few to an attribute
            throw Error(impl_->path, "attribute " + name + " of " + absolute(objectPath) + " holds too many strings");
        H5Tset_size(memType.get(), H5T_VARIABLE);
        std::vector<char*> strings(static_cast<std::size_t>(points), nullptr);
        checkHdf5Status(H5Aread(attr.get(), memType.get(), strings.data()), impl_->path, what);
        std::string value = strings[0] ? strings[0] : "";
        H5Dvlen_reclaim(memType.get(), space.get(), H5P_DEFAULT, strings.data());
        return value;
    }
    const std::size_t size = H5Tget_size(type.get());
    if (size == 0 || size > (std::size_t(64) << 20) / static_cast<std::size_t>(points))
        throw Error(impl_->path, "attribute " + name + " of " + absolute(objectPath) + " is too large");
    H5Tset_size(memType.get(), size);
    const H5T_str_t pad = H5Tget_strpad(type.get());
    H5Tset_strpad(memType.get(), pad == H5T_STR_ERROR ? H5T_STR_NULLPAD : pad);  // keep every byte
    std::vector<char> buffer(size * static_cast<std::size_t>(points), '\0');
    checkHdf5Status(H5Aread(attr.get(), memType.get(), buffer.data()), impl_->path, what);
    std::string value(buffer.data(), size);
    if (const auto nul = value.find('\0'); nul != std::string::npos) value.resize(nul);
    if (pad == H5T_STR_SPACEPAD) value.erase(value.find_last_not_of(' ') + 1);
    return value;
}

std::optional<std::vector<double>> Hdf5Reader::numericAttribute(const std::string& objectPath,
                                                                const std::string& name) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "reading HDF5 attribute " + name + " of " + absolute(objectPath));
    if (!hasAttribute(objectPath, name)) return std::nullopt;
    Hdf5Id object = impl_->openObject(objectPath);
    Hdf5Id attr = openHdf5Attribute(object.get(), name, impl_->path);
    Hdf5Id type{checkHdf5(H5Aget_type(attr.get()), impl_->path, "cannot read the type of attribute " + name), H5Tclose};
    const H5T_class_t cls = H5Tget_class(type.get());
    if (cls != H5T_INTEGER && cls != H5T_FLOAT) return std::nullopt;
    Hdf5Id space{checkHdf5(H5Aget_space(attr.get()), impl_->path, "cannot read attribute " + name), H5Sclose};
    const hssize_t points = H5Sget_simple_extent_npoints(space.get());
    if (points < 0 || points > (1 << 24)) throw Error(impl_->path, "attribute " + name + " is too large");
    std::vector<double> values(static_cast<std::size_t>(points));
    if (points > 0)
        checkHdf5Status(H5Aread(attr.get(), H5T_NATIVE_DOUBLE, values.data()), impl_->path,
                        "cannot read attribute " + name + " of " + absolute(objectPath));
    return values;
}

std::optional<DType> Hdf5Reader::attributeDType(const std::string& objectPath, const std::string& name) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path,
                              "reading the type of HDF5 attribute " + name + " of " + absolute(objectPath));
    if (!hasAttribute(objectPath, name)) return std::nullopt;
    Hdf5Id object = impl_->openObject(objectPath);
    Hdf5Id attr = openHdf5Attribute(object.get(), name, impl_->path);
    Hdf5Id type{checkHdf5(H5Aget_type(attr.get()), impl_->path, "cannot read the type of attribute " + name), H5Tclose};
    DType dtype;
    if (!dtypeFromHdf5(type.get(), dtype)) return std::nullopt;
    return dtype;
}

std::vector<std::string> Hdf5Reader::dimensionScales(const std::string& datasetPath) const {
    auto lock = lockHdf5();
    const ReadingStep reading(impl_->path, "reading the dimension scales of HDF5 dataset " + absolute(datasetPath));
    const std::string name = absolute(datasetPath);
    Hdf5Id dataset = impl_->openDataset(name);
    Hdf5Id space = datasetSpace(dataset.get(), impl_->path);
    const std::size_t rank = impl_->shapeOf(space.get(), "dataset " + name).size();
    std::vector<std::string> scales(rank);
    if (rank == 0 || !hasAttribute(name, "DIMENSION_LIST")) return scales;

    const std::string what = "cannot read the dimension list of " + name;
    Hdf5Id attr = openHdf5Attribute(dataset.get(), "DIMENSION_LIST", impl_->path);
    Hdf5Id attrType{checkHdf5(H5Aget_type(attr.get()), impl_->path, what), H5Tclose};
    Hdf5Id attrSpace{checkHdf5(H5Aget_space(attr.get()), impl_->path, what), H5Sclose};
    if (H5Tget_class(attrType.get()) != H5T_VLEN || H5Sget_simple_extent_npoints(attrSpace.get()) != hssize_t(rank))
        throw Error(impl_->path, "dataset " + name + " has a malformed DIMENSION_LIST attribute");
    Hdf5Id memType{checkHdf5(H5Tvlen_create(H5T_STD_REF_OBJ), impl_->path, what), H5Tclose};
    std::vector<hvl_t> lists(rank);
    checkHdf5Status(H5Aread(attr.get(), memType.get(), lists.data()), impl_->path, what);
    for (std::size_t i = 0; i < rank; ++i) {
        if (lists[i].len == 0 || !lists[i].p) continue;
        const auto* refs = static_cast<const hobj_ref_t*>(lists[i].p);
        const hid_t scale = H5Rdereference2(dataset.get(), H5P_DEFAULT, H5R_OBJECT, &refs[0]);
        if (scale < 0) {
            H5Eclear2(H5E_DEFAULT);
            continue;
        }
        Hdf5Id scaleId{scale, H5Oclose};
        const ssize_t length = H5Iget_name(scale, nullptr, 0);
        if (length <= 0) continue;
        std::string scaleName(static_cast<std::size_t>(length) + 1, '\0');
        H5Iget_name(scale, scaleName.data(), scaleName.size());
        scaleName.resize(static_cast<std::size_t>(length));
        scales[i] = scaleName;
    }
    H5Dvlen_reclaim(memType.get(), attrSpace.get(), H5P_DEFAULT, lists.data());
    return scales;
}

}  // namespace meshdiff
