#include "cli/BackendOptions.h"

#include <CLI/CLI.hpp>
#include <QDir>

#include "rerun/RerunController.h"
#include "rerun/ResourceDirectory.h"
#include "rerun/RunsDirectory.h"

namespace meshdiff::cli {

void BackendOptions::addTo(CLI::App& command) {
    command.add_option("--backend", backend, "local, ssh:HOST or slurm")->capture_default_str();
    command.add_option("--runs-dir", runsDir,
                       "Where runs and ledger.json go (default $MESHDIFF_RUNS_DIR or ~/.local/share/meshdiff/reruns)");
    command.add_option("--remote-dir", remoteDir, "SSH: remote working directory (default meshdiff-runs)");
    command.add_option("--ssh-config", sshConfig, "SSH: use this ssh config file (ssh -F)");
    command.add_option("--remote-meshdiff", remoteMeshdiff, "SSH: {meshdiff} on the remote host");
    command.add_option("--sbatch-arg", sbatchArgs, "Slurm: extra sbatch argument (repeatable)");
}

void BackendOptions::applyTo(rerun::RerunRequest& request, const std::string& self) const {
    request.backend = rerun::parseBackend(backend);
    if (!remoteDir.empty()) request.backend.remoteDir = remoteDir;
    if (!sshConfig.empty()) request.backend.sshConfig = sshConfig;
    if (!remoteMeshdiff.empty()) request.backend.remoteMeshdiff = remoteMeshdiff;
    request.backend.slurmArgs = sbatchArgs;
    request.runsDir = QDir(QString::fromStdString(runsDir.empty() ? rerun::defaultRunsDirectory() : runsDir))
                          .absolutePath()
                          .toStdString();
    request.meshdiffPath = self;
    request.resourcesDir = rerun::resourceDirectory();
}

}  // namespace meshdiff::cli
