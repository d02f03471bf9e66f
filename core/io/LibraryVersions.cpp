#include "io/LibraryVersions.h"

#include <hdf5.h>
#include <oneapi/tbb/version.h>
#include <openssl/crypto.h>
#include <zip.h>
#include <zlib.h>

#include "io/Hdf5Lock.h"

namespace meshdiff {

std::vector<std::pair<std::string, std::string>> coreLibraryVersions() {
    unsigned major = 0, minor = 0, release = 0;
    {
        auto lock = lockHdf5();
        H5get_libversion(&major, &minor, &release);
    }
    return {
        {"HDF5", std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(release)},
        {"libzip", zip_libzip_version()},
        {"zlib", zlibVersion()},
        {"oneTBB", TBB_runtime_version()},
        {"OpenSSL", OpenSSL_version(OPENSSL_VERSION_STRING)},
    };
}

}  // namespace meshdiff
