#pragma once
#include <atomic>
#include <chrono>
#include <functional>

namespace meshdiff::cli {

// Runs `work` (a sub-command reading untrusted files) in a forked child process and returns its
// exit status. The HDF5 library crashes or loops forever on some damaged files (docs/robustness.md);
// then the child is the one that dies, or is stopped once its readers (io/ReadProgress.h) have made
// no progress for `stallLimit` (0: never), and this reports a clean error naming the file and the
// step being read, and returns kExitError. A read that keeps making progress is never stopped,
// however long it takes. The child skips the per-file HDF5 pre-flight fork (Hdf5Preflight.h): when it
// crashes, `work` runs once more in a new child with the pre-flight on, which names the damaged file
// (or, if libhdf5 crashes past the metadata, ends with a general "crashed" error). Call it before
// any thread is started. Exceptions from `work` are reported as "meshdiff: error: ..." with
// kExitError, as main() does.
int runIsolated(const std::function<int()>& work, std::chrono::seconds stallLimit);

// Ctrl-C (SIGINT) or SIGTERM during runIsolated: the parent passes it on to the child as SIGINT,
// where it sets this flag; work that checks it stops early and returns kExitCancelled. Work that does
// not is ended 5 s later. Either way runIsolated returns kExitCancelled and prints "cancelled".
const std::atomic<bool>& interruptRequested();

// The standard error the user sees. In the child its own standard error is captured until the run is
// known to be the only one (then replayed), so a live progress line writes here.
int liveStderr();

// How long the reading child may make no progress before it is stopped: 30 s, or the
// MESHDIFF_TIME_LIMIT environment variable in seconds (0: no limit).
std::chrono::seconds readStallLimit();

}  // namespace meshdiff::cli
