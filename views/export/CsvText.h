#pragma once
#include <string>

namespace meshdiff::views {

// A CSV cell: quoted (RFC 4180) when it holds a comma, a quote or a line break.
std::string csvText(const std::string& text);

// A number as the shortest text that reads back to the same double; "nan" for NaN.
std::string csvRoundTrip(double v);

}  // namespace meshdiff::views
