#pragma once
#include <CLI/CLI.hpp>
#include <sstream>

namespace meshdiff::cli {

// meshdiff's --help: lists each sub-command by its name only. A sub-command's aliases are old
// names kept working (`diagnose` for `experiments`), not names to learn; CLI11 would print them
// beside the name.
class HelpFormatter : public CLI::Formatter {
public:
    std::string make_subcommand(const CLI::App* sub) const override {
        std::stringstream out;
        CLI::detail::format_help(out, sub->get_name(), sub->get_description(), column_width_);
        return out.str();
    }
};

}  // namespace meshdiff::cli
