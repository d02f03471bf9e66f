#pragma once
#include <string>

#include "rerun/Job.h"

namespace meshdiff::rerun {

// What {A.*} / {B.*} stand for, from a run folder or a single file (found by content).
// Throws meshdiff::Error when the path holds nothing meshdiff reads.
RunRef runRefFromPath(const std::string& path);

}  // namespace meshdiff::rerun
