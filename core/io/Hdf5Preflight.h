#pragma once
#include <string>

namespace meshdiff {

// libhdf5 trusts a file's internal structure: some damaged files make it crash (e.g. a corrupt
// global heap behind a variable-length attribute) or loop. Before a file is opened for real, a
// forked child opens it and reads every group, dataset description and attribute (the metadata
// Hdf5Reader reads later); if the child dies or takes longer than 10 s, this throws
// meshdiff::Error. The verdict is kept (and repeated) while the file's size and time stay the same.
// Must be called without holding the HDF5 lock in another frame of this thread.
void preflightHdf5(const std::string& path);

// For a process whose crash or hang is already caught by a watching parent (the command line's
// isolated run, app/cli/IsolatedRun.h): from now on preflightHdf5 does nothing.
void disableHdf5Preflight();

}  // namespace meshdiff
