#pragma once
#include <cstdio>
#include <string>

namespace meshdiff::cli {

// Progress of a long command on stderr: on a terminal one line that updates in place
// ("meshdiff report: 42% Comparing the fields"), elsewhere (logs, CI) one line per step, never
// one per percent.
class ProgressLine {
public:
    ProgressLine(std::string prefix, std::FILE* stream = stderr);
    ~ProgressLine();  // ends the updating line
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    void update(int percent, const std::string& step);
    bool terminal() const { return terminal_; }
    void finish();

private:
    std::string prefix_, lastStep_;
    std::FILE* stream_;
    bool terminal_;
    bool open_ = false;  // an updating line is on the terminal
    int lastPercent_ = -1;
};

}  // namespace meshdiff::cli
