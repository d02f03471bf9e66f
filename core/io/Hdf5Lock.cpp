#include "io/Hdf5Lock.h"

#include <hdf5.h>

#include <new>

namespace meshdiff {

namespace {

std::recursive_mutex& hdf5Mutex() {
    static std::recursive_mutex mutex;
    return mutex;
}

}  // namespace

Hdf5Lock lockHdf5() {
    Hdf5Lock lock(hdf5Mutex());
    static const bool opened = [] { return H5open() >= 0; }();
    // The thread-safe libhdf5 keeps error printing per thread: silence every thread that calls it.
    thread_local const bool silenced = [] { return H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr) >= 0; }();
    (void)opened;
    (void)silenced;
    return lock;
}

void resetHdf5LockInForkedChild() {
    // The parent's thread held the lock when it forked; the child's only thread has another id,
    // so it would wait forever on the inherited (locked) mutex. Start from a fresh one instead.
    new (&hdf5Mutex()) std::recursive_mutex();
}

}  // namespace meshdiff
