#pragma once
#include <string>
#include <utility>
#include <vector>

namespace meshdiff::rerun {

// One POSIX shell word that stands for `text` literally: '…' with ' written as '\''.
std::string shellQuote(const std::string& text);

// "export NAME='value'" lines (names must be valid) and "exec 'arg0' 'arg1' …", for a remote
// shell or a batch script. Every value is quoted, so no value can become shell code.
std::string shellExports(const std::vector<std::pair<std::string, std::string>>& env);
std::string shellExec(const std::vector<std::string>& argv);

}  // namespace meshdiff::rerun
