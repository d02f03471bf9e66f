#include "common/LibraryOnDemand.h"

#include <dlfcn.h>

#include "common/Error.h"

namespace meshdiff {

void* LibraryOnDemand::handle() {
    if (void* opened = handle_.load(std::memory_order_acquire)) return opened;
    const std::lock_guard<std::mutex> lock(opening_);
    if (void* opened = handle_.load(std::memory_order_relaxed)) return opened;
    // RTLD_LOCAL: its symbols stay its own, whatever else the process has loaded.
    void* opened = ::dlopen(soname_, RTLD_NOW | RTLD_LOCAL);
    if (!opened) {
        const char* why = ::dlerror();
        throw Error(soname_, std::string("cannot be loaded (") + (why ? why : "unknown reason") +
                                 "); meshdiff needs it " + neededFor_);
    }
    handle_.store(opened, std::memory_order_release);
    return opened;
}

void* LibraryOnDemand::symbol(const char* name) {
    void* library = handle();
    ::dlerror();
    void* found = ::dlsym(library, name);
    if (!found) throw Error(soname_, std::string("has no function or variable '") + name + "'");
    return found;
}

}  // namespace meshdiff
