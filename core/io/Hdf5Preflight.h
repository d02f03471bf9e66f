#pragma once
#include <string>

namespace meshdiff {

// libhdf5 trusts a file's internal structure: some damaged files make it crash (e.g. a corrupt
// global heap behind a variable-length attribute) or loop. Before a file is opened for real, a
// child process opens it and reads every group, dataset description and attribute (the metadata
// Hdf5Reader reads later); if the child dies or its reads (io/ReadProgress.h) make no progress for
// 10 s (MESHDIFF_TIME_LIMIT seconds when set), this throws meshdiff::Error. A child that sleeps
// without using the CPU (on a lock it inherited from another thread, such as a sanitizer
// allocator's) is started again; after three such the check is skipped. The verdict is kept (and
// repeated) while the file's size and time stay the same. Must be called without holding the HDF5
// lock in another frame of this thread.
void preflightHdf5(const std::string& path);

// For a process whose crash or hang is already caught by a watching parent (the command line's
// isolated run, app/cli/IsolatedRun.h): from now on preflightHdf5 does nothing.
void disableHdf5Preflight();

// A process with many threads and a large address space (the window) should not fork: copying its
// page tables and the copy-on-write faults that follow (each with a TLB shootdown on every core
// its threads run on) stall all of its threads. From now on the child is `executable` started
// anew (posix_spawn), whose main() calls runHdf5PreflightChildIfAsked first; empty: a fork again.
void spawnHdf5PreflightChildren(std::string executable);
// The program a process that spawns its children should start, when set: the command line sets
// it to itself before it hands over to the window's executable (a tenth of the start-up cost).
inline constexpr const char* kHdf5PreflightProgramVariable = "MESHDIFF_PREFLIGHT_PROGRAM";
// First thing in main(): when this process was started as a pre-flight child, it does the check
// and exits; otherwise returns at once.
void runHdf5PreflightChildIfAsked(int argc, char** argv);

// The check without the per-file verdicts: the problem, or "" when libhdf5 survived the file.
// The child calls childStart (when given) first: tests make it hang or wait on a lock; such a
// child is always forked.
std::string hdf5PreflightProblem(const std::string& path, void (*childStart)() = nullptr);

}  // namespace meshdiff
