#include "rerun/Backend.h"

#include "common/Error.h"
#include "rerun/LocalBackend.h"
#include "rerun/SlurmBackend.h"
#include "rerun/SshBackend.h"

namespace meshdiff::rerun {

std::string BackendSettings::describe() const { return kind == "ssh" ? "ssh:" + host : kind; }

BackendSettings parseBackend(const std::string& text) {
    BackendSettings settings;
    if (text == "local" || text == "slurm") {
        settings.kind = text;
        return settings;
    }
    if (text.rfind("ssh:", 0) == 0) {
        settings.kind = "ssh";
        settings.host = text.substr(4);
        if (settings.host.empty() || settings.host.front() == '-' ||
            settings.host.find_first_of(" \t\n\r'\"\\;&|$`") != std::string::npos)
            throw Error("--backend", "\"" + settings.host + "\" is not a host name (use ssh:HOST or ssh:USER@HOST)");
        return settings;
    }
    throw Error("--backend", "\"" + text + "\" is not a back-end: use local, ssh:HOST or slurm");
}

std::unique_ptr<Backend> makeBackend(const BackendSettings& settings) {
    if (settings.kind == "ssh") return std::make_unique<SshBackend>(settings);
    if (settings.kind == "slurm") return std::make_unique<SlurmBackend>(settings);
    return std::make_unique<LocalBackend>(settings);
}

Backend::Backend(BackendSettings settings, QObject* parent) : QObject(parent), settings_(std::move(settings)) {}

void Backend::start(const Recipe& recipe, const JobContext& base, const RunPaths& paths) {
    recipe_ = recipe;
    base_ = base;
    paths_ = paths;
    launch();
}

bool Backend::resolve(const JobContext& context) {
    try {
        job_ = resolveJob(recipe_, context);
    } catch (const Error& error) {
        finish({RunStatus::Failed, -1, error.what()});
        return false;
    }
    emit resolved(job_);
    return true;
}

JobContext Backend::localContext() const {
    JobContext context = base_;
    context.outDir = paths_.outDir;
    return context;
}

void Backend::finish(const RunOutcome& outcome) {
    if (done_) return;
    done_ = true;
    emit finished(outcome);
}

}  // namespace meshdiff::rerun
