#include "io/Hdf5Lock.h"

#include <hdf5.h>

namespace meshdiff {

Hdf5Lock lockHdf5() {
    static std::recursive_mutex mutex;
    Hdf5Lock lock(mutex);
    static const bool silenced = [] {
        H5open();
        H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
        return true;
    }();
    (void)silenced;
    return lock;
}

}  // namespace meshdiff
