#pragma once
#include <cstdio>
#include <string>

namespace meshdiff::cli {

// One number through a printf format ("%.3g") as text.
inline std::string format(const char* fmt, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, fmt, value);
    return buffer;
}

}  // namespace meshdiff::cli
