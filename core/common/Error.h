#pragma once
#include <stdexcept>
#include <string>

namespace meshdiff {

// Every failure meshdiff reports to a user: which file, and what is wrong with it.
class Error : public std::runtime_error {
public:
    Error(std::string file, std::string problem)
        : std::runtime_error(file.empty() ? problem : file + ": " + problem),
          file_(std::move(file)),
          problem_(std::move(problem)) {}

    const std::string& file() const { return file_; }
    const std::string& problem() const { return problem_; }

private:
    std::string file_;
    std::string problem_;
};

}  // namespace meshdiff
