#pragma once
#include <string>

namespace meshdiff::rerun {

// `text` without the spaces, tabs and line ends around it.
inline std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    const auto last = text.find_last_not_of(" \t\r\n");
    return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

}  // namespace meshdiff::rerun
