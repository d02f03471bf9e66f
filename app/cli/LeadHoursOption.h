#pragma once
#include <CLI/CLI.hpp>
#include <optional>

namespace meshdiff::cli {

// --lead-hours H, the same for every command that reads rollouts (compare, report, the window).
inline void addLeadHoursOption(CLI::App& command, std::optional<double>& hours) {
    command
        .add_option("--lead-hours", hours,
                    "Hours between leads, for files that do not give them (e.g. .npz rollouts): the lead at\n"
                    "index i is (i + 1) x H hours. Leads whose hours a file gives keep them")
        ->check(CLI::PositiveNumber);
}

}  // namespace meshdiff::cli
