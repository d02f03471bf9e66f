#pragma once
#include <string>

namespace meshdiff {

// libhdf5 trusts a file's internal structure: some damaged files make it crash (e.g. a corrupt
// global heap behind a variable-length attribute) or loop. Before a file is opened for real, a
// forked child opens it and reads every group, dataset description and attribute (the metadata
// Hdf5Reader reads later); if the child dies or its reads (io/ReadProgress.h) make no progress for
// 10 s (MESHDIFF_TIME_LIMIT seconds when set), this throws meshdiff::Error. A child that sleeps on a lock it inherited
// from another thread (a sanitizer's allocator) is forked again; after three such the check is skipped. The verdict is
// kept (and repeated) while the file's size and time stay the same. Must be called without holding the HDF5 lock in
// another frame of this thread.
void preflightHdf5(const std::string& path);

// For a process whose crash or hang is already caught by a watching parent (the command line's
// isolated run, app/cli/IsolatedRun.h): from now on preflightHdf5 does nothing.
void disableHdf5Preflight();

// The check without the per-file verdicts: the problem, or "" when libhdf5 survived the file.
// The forked child calls childStart (when given) first: tests make it hang or wait on a lock.
std::string hdf5PreflightProblem(const std::string& path, void (*childStart)() = nullptr);

}  // namespace meshdiff
