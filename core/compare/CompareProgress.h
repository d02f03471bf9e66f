#pragma once
#include <atomic>
#include <cstddef>
#include <functional>
#include <stdexcept>

namespace meshdiff {

// Where a field comparison stands: `done` of `total` steps (one field × lead × member each).
struct CompareProgress {
    std::size_t lead = 0, leads = 0;    // the lead being read (0-based) of the leads lined up
    std::size_t field = 0, fields = 0;  // the field being read (0-based) of the fields both hold
    std::size_t done = 0, total = 0;
};
// Called from the reading thread (not the caller's) after each step is read; keep it short.
using CompareProgressCallback = std::function<void(const CompareProgress&)>;

// Thrown by compareRuns when its cancel flag is set; nothing partial is returned.
class CompareCancelled : public std::runtime_error {
public:
    CompareCancelled() : std::runtime_error("cancelled") {}
};

// Set from any thread (or a signal handler: it is lock-free) to stop a comparison at the next step.
using CancelFlag = std::atomic<bool>;

}  // namespace meshdiff
