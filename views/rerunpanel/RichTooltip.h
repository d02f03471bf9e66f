#pragma once
#include <QString>

namespace meshdiff::views {

// Plain text as a rich-text tooltip, which Qt wraps at its width instead of one long line.
inline QString wrappedTip(const QString& text) { return text.isEmpty() ? text : "<p>" + text.toHtmlEscaped() + "</p>"; }

}  // namespace meshdiff::views
