#pragma once
#include <QRegularExpression>
#include <QString>
#include <optional>

namespace meshdiff::rerun {

// Finds progress in a job's output as it arrives. The pattern has one group (a percentage) or
// two (done, total); by default the last "NN%" or "NN.N%" on a line counts. Lines end with \n
// or \r (progress bars redraw with \r).
class ProgressParser {
public:
    explicit ProgressParser(const QString& pattern = {});

    // Feeds output; returns the newest progress (0…1) seen in the complete lines, if any.
    std::optional<double> feed(const QString& text);

private:
    std::optional<double> parseLine(const QString& line) const;

    QRegularExpression pattern_;
    QString partial_;
};

}  // namespace meshdiff::rerun
