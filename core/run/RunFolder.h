#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace meshdiff {

// What a run folder (or a single file given in its place) holds, found by content.
struct RunInputs {
    std::string path;   // as given
    std::string label;  // metadata "label", else the folder or file name
    std::optional<std::string> graphFile;
    std::optional<std::string> fieldsFile;
    std::optional<std::string> metadataFile;
    nlohmann::json metadata = nlohmann::json::object();  // merged JSON metadata, {} if none
    std::vector<std::string> notes;  // "graph: graph.npz (npz graph layout)", "ignored: x.txt (unknown)"
};

// Throws meshdiff::Error when the path does not exist, holds nothing meshdiff reads, or holds
// two candidates of one kind that cannot be told apart.
RunInputs discoverRun(const std::string& path);

}  // namespace meshdiff
