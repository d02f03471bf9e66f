#pragma once
#include "geo/Coastlines.h"

namespace meshdiff::views {

// The low-resolution GSHHG coastlines, read once per process; null when they are not installed.
const Coastlines* sharedCoastlines();

}  // namespace meshdiff::views
