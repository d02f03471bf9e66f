#pragma once
#include <mutex>

namespace meshdiff {

// Debian's serial HDF5 library is not thread-safe: every HDF5 call in the process must hold this
// lock. It is recursive, so helpers may call each other. Taking it the first time also turns off
// HDF5's automatic error printing (failures become meshdiff::Error instead).
using Hdf5Lock = std::unique_lock<std::recursive_mutex>;
Hdf5Lock lockHdf5();

// Only for a child process forked while the lock was held (Hdf5Preflight.cpp).
void resetHdf5LockInForkedChild();

}  // namespace meshdiff
