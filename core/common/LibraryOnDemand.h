#pragma once
#include <mutex>
#include <string>

namespace meshdiff {

// A shared library opened the first time one of its functions is called rather than when meshdiff
// starts. HDF5 and ecCodes, with all they link (curl, GnuTLS, Kerberos, OpenJPEG, …), took 8 of the
// 15 ms every command spent starting, also when it read neither an HDF5 nor a GRIB file
// (docs/benchmarks.md). Thread-safe. Throws meshdiff::Error naming the library when it cannot be
// opened or lacks a function.
class LibraryOnDemand {
public:
    LibraryOnDemand(const char* soname, const char* neededFor) : soname_(soname), neededFor_(neededFor) {}
    LibraryOnDemand(const LibraryOnDemand&) = delete;
    LibraryOnDemand& operator=(const LibraryOnDemand&) = delete;

    void* symbol(const char* name);
    template <class Function>
    Function function(const char* name) {
        return reinterpret_cast<Function>(symbol(name));  // NOLINT: dlsym's result is the function
    }
    const char* soname() const { return soname_; }

private:
    void* handle();

    const char* soname_;
    const char* neededFor_;
    // A mutex, not std::call_once: libstdc++ runs that through pthread_once, which under ThreadSanitizer
    // hangs on the call after one that threw (GCC bug 66146); a missing library must stay an error each
    // time. Each stub looks its function up once, so the lock is taken a handful of times per process.
    std::mutex opening_;
    void* handle_ = nullptr;
};

}  // namespace meshdiff

// Defines the C function `name` (declared by the library's own header) to call the library's
// definition, opening the library on the first call: MESHDIFF_ON_DEMAND(lib, int, f, (int x), (x)).
#define MESHDIFF_ON_DEMAND(library, returns, name, params, args)               \
    extern "C" returns name params {                                           \
        static const auto real = (library).function<decltype(&(name))>(#name); \
        return real args;                                                      \
    }
