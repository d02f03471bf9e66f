#pragma once
#include <QString>

#include <string>

namespace meshdiff::rerun {

// UTF-8 text of the engine as a QString (Qt's process and settings calls take QStrings).
inline QString q(const std::string& text) { return QString::fromStdString(text); }

}  // namespace meshdiff::rerun
