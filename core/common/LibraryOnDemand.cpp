#include "common/LibraryOnDemand.h"

#include <dlfcn.h>

#include "common/Error.h"

namespace meshdiff {

void* LibraryOnDemand::handle() {
    const std::lock_guard<std::mutex> lock(opening_);
    if (handle_) return handle_;
    // RTLD_LOCAL: its symbols stay its own, whatever else the process has loaded.
    handle_ = ::dlopen(soname_, RTLD_NOW | RTLD_LOCAL);
    if (!handle_) {
        const char* why = ::dlerror();
        throw Error(soname_, std::string("cannot be loaded (") + (why ? why : "unknown reason") +
                                 "); meshdiff needs it " + neededFor_);
    }
    return handle_;
}

void* LibraryOnDemand::symbol(const char* name) {
    void* library = handle();
    ::dlerror();
    void* found = ::dlsym(library, name);
    if (!found) throw Error(soname_, std::string("has no function or variable '") + name + "'");
    return found;
}

}  // namespace meshdiff
