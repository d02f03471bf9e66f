#include "rerun/ProgressParser.h"

#include <algorithm>

namespace meshdiff::rerun {

ProgressParser::ProgressParser(const QString& pattern)
    : pattern_(pattern.isEmpty() ? QStringLiteral("(\\d+(?:\\.\\d+)?)\\s*%") : pattern) {}

std::optional<double> ProgressParser::feed(const QString& text) {
    partial_ += text;
    std::optional<double> newest;
    qsizetype start = 0;
    for (qsizetype i = 0; i < partial_.size(); ++i) {
        if (partial_[i] != '\n' && partial_[i] != '\r') continue;
        if (auto value = parseLine(partial_.mid(start, i - start))) newest = value;
        start = i + 1;
    }
    partial_.remove(0, start);
    if (partial_.size() > 65536) partial_.clear();  // a line that never ends carries no progress
    return newest;
}

std::optional<double> ProgressParser::parseLine(const QString& line) const {
    std::optional<double> found;
    auto matches = pattern_.globalMatch(line);
    while (matches.hasNext()) {
        const auto match = matches.next();
        bool ok = false, okTotal = true;
        double value = match.captured(1).toDouble(&ok);
        if (match.lastCapturedIndex() >= 2) {
            const double total = match.captured(2).toDouble(&okTotal);
            value = total > 0 ? value / total : -1;
        } else {
            value /= 100.0;
        }
        if (ok && okTotal && value >= 0) found = std::clamp(value, 0.0, 1.0);
    }
    return found;
}

}  // namespace meshdiff::rerun
