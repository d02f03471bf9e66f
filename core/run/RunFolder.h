#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace meshdiff {

// A file in a run folder whose name or content says meshdiff reads it, but which cannot be read.
struct DamagedFile {
    std::string path;
    std::string problem;
};

// What a run folder (or a single file given in its place) holds, found by content.
struct RunInputs {
    std::string path;   // as given
    std::string label;  // metadata "label", else the folder or file name
    std::optional<std::string> graphFile;
    // The fields file; the folder itself when it holds one file per lead (leadFiles, lead order).
    std::optional<std::string> fieldsFile;
    std::vector<std::string> leadFiles;
    std::optional<std::string> metadataFile;
    nlohmann::json metadata = nlohmann::json::object();  // merged JSON metadata, {} if none
    std::vector<std::string> notes;    // "graph: graph.npz (npz graph layout)", "ignored: x.txt (unknown)"
    std::vector<DamagedFile> damaged;  // only with DamagedFiles::Record
};

// Throw: a damaged file in a run folder is an error (the command line: never compare half a run).
// Record: it is listed in RunInputs::damaged and the rest of the folder is found (the window shows
// the graphs of a folder whose fields file is damaged, then reports the damage).
enum class DamagedFiles { Throw, Record };

// Throws meshdiff::Error when the path does not exist, holds nothing meshdiff reads, or holds
// two candidates of one kind that cannot be told apart.
RunInputs discoverRun(const std::string& path, DamagedFiles damaged = DamagedFiles::Throw);

}  // namespace meshdiff
