// Compiled into every executable of a ThreadSanitizer build (core/common/CMakeLists.txt).
// libtbb is not instrumented, so TSan cannot see how TBB hands a task to a worker and its result
// back: every parallel_for would be reported as a race inside TBB's headers. Under TSan TBB runs
// on the calling thread; meshdiff's own threads (render thread, background pool, std::async, Qt)
// are still checked.
#if defined(__SANITIZE_THREAD__)
#include <tbb/global_control.h>

namespace {
const tbb::global_control serialTbb(tbb::global_control::max_allowed_parallelism, 1);
}
#endif
