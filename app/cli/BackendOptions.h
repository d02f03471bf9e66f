#pragma once
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace meshdiff::rerun {
struct RerunRequest;
}

namespace meshdiff::cli {

// Where `rerun` and `experiments` run their jobs: the back-end and its SSH/Slurm settings, and the
// runs directory with its ledger.
struct BackendOptions {
    std::string backend = "local", remoteDir, sshConfig, remoteMeshdiff, runsDir;
    std::vector<std::string> sbatchArgs;

    void addTo(CLI::App& command);
    // Sets the request's back-end, runs directory, {meshdiff} (`self`) and {resources}.
    void applyTo(rerun::RerunRequest& request, const std::string& self) const;
};

}  // namespace meshdiff::cli
