#include "run/RunFolder.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "common/Error.h"
#include "io/FileExtensions.h"
#include "io/FileKind.h"
#include "io/LeadFileNames.h"

namespace fs = std::filesystem;

namespace meshdiff {
namespace {

constexpr std::uintmax_t kMaxMetadataBytes = 16u << 20;

nlohmann::json readMetadata(const std::string& path) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) throw Error(path, "cannot read the metadata file: " + ec.message());
    if (size > kMaxMetadataBytes) throw Error(path, "metadata JSON is larger than 16 MiB");
    std::ifstream in(path, std::ios::binary);
    try {
        nlohmann::json j = nlohmann::json::parse(in);
        if (!j.is_object()) throw Error(path, "metadata JSON is not an object");
        return j;
    } catch (const nlohmann::json::exception& e) {
        throw Error(path, std::string("metadata is not valid JSON: ") + e.what());
    }
}

// run.json / metadata.json first, then the others in name order.
int metadataPreference(const fs::path& p) {
    const std::string name = p.filename().string();
    if (name == "run.json") return 0;
    if (name == "metadata.json" || name == "meta.json") return 1;
    return 2;
}

struct Candidates {
    std::vector<std::string> fields, metadata;
};

void assignFile(RunInputs& run, FileKind kind, const std::string& file, Candidates& candidates) {
    auto setOnce = [&](std::optional<std::string>& slot, const char* what) {
        if (slot) {
            throw Error(run.path, std::string("holds two ") + what + " files (" + fs::path(*slot).filename().string() +
                                      ", " + fs::path(file).filename().string() +
                                      "); pass the one to use instead of the folder");
        }
        slot = file;
    };
    switch (kind) {
        case FileKind::GraphNpz:
        case FileKind::GraphHdf5: setOnce(run.graphFile, "graph"); break;
        case FileKind::FieldsNpz:
        case FileKind::FieldsNetcdf:
        case FileKind::Grib: candidates.fields.push_back(file); break;
        case FileKind::MetadataJson: candidates.metadata.push_back(file); break;
        case FileKind::Unknown: break;
    }
}

// One fields file, or several that form one rollout with one file per lead (the folder then
// stands for them: openFieldSource reads it as one source).
void assignFields(RunInputs& run, const std::vector<std::string>& files) {
    if (files.size() == 1) run.fieldsFile = files.front();
    if (files.size() < 2) return;
    const LeadFileMatch match = matchLeadFiles(files);
    if (!match.set)
        throw Error(run.path, "holds " + (files.size() == 2 ? std::string("two") : std::to_string(files.size())) +
                                  " fields files (" + fs::path(files[0]).filename().string() + ", " +
                                  fs::path(files[1]).filename().string() + (files.size() > 2 ? ", …" : "") +
                                  ") that are not one rollout with one file per lead: " + match.problem +
                                  "; pass the file to use instead of the folder");
    run.fieldsFile = run.path;
    run.leadFiles = match.set->files;
}

// The kind of a file in a run folder; unknown files are noted as ignored. Content of a kind
// meshdiff reads but damaged is an error (sniffFileKind throws), and so is a name that claims such a
// kind over content that is none (empty, truncated, mislabelled).
FileKind kindInFolder(const fs::path& file, RunInputs& run) {
    const FileKind kind = sniffFileKind(file.string());
    const std::string name = file.filename().string();
    if (kind == FileKind::Unknown) {
        if (hasReadableExtension(name)) throw Error(file.string(), unrecognisedContentProblem(file.string()));
        run.notes.push_back("ignored: " + name + " (not a format meshdiff reads)");
    }
    return kind;
}

}  // namespace

RunInputs discoverRun(const std::string& path, DamagedFiles damaged) {
    RunInputs run;
    run.path = path;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) throw Error(path, "does not exist");

    Candidates candidates;
    if (fs::is_directory(status)) {
        std::vector<fs::path> entries;
        for (const auto& entry : fs::directory_iterator(path, ec)) {
            const std::string name = entry.path().filename().string();
            if (name.front() == '.') continue;
            std::error_code entryEc;
            if (entry.is_regular_file(entryEc)) {
                entries.push_back(entry.path());
            } else if (hasReadableExtension(name) && !entry.is_directory(entryEc)) {
                const Error broken(entry.path().string(), "cannot be read: not a regular file (a broken link?)");
                if (damaged == DamagedFiles::Throw) throw broken;
                run.damaged.push_back({broken.file(), broken.problem()});
            }
        }
        if (ec) throw Error(path, "cannot list the folder: " + ec.message());
        std::sort(entries.begin(), entries.end());
        for (const auto& entry : entries) {
            FileKind kind = FileKind::Unknown;
            try {
                kind = kindInFolder(entry, run);
            } catch (const Error& e) {
                if (damaged == DamagedFiles::Throw) throw;
                run.damaged.push_back({entry.string(), e.problem()});
                continue;
            }
            assignFile(run, kind, entry.string(), candidates);
        }
    } else {
        const FileKind kind = sniffFileKind(path);
        if (kind == FileKind::Unknown) throw Error(path, unrecognisedContentProblem(path));
        assignFile(run, kind, path, candidates);
    }
    assignFields(run, candidates.fields);
    std::vector<std::string>& metadataCandidates = candidates.metadata;

    std::stable_sort(
        metadataCandidates.begin(), metadataCandidates.end(),
        [](const std::string& x, const std::string& y) { return metadataPreference(x) < metadataPreference(y); });
    if (!metadataCandidates.empty()) {
        run.metadataFile = metadataCandidates.front();
        run.metadata = readMetadata(*run.metadataFile);
        for (std::size_t i = 1; i < metadataCandidates.size(); ++i) {
            readMetadata(metadataCandidates[i]);  // not used, but a damaged one is still an error
            run.notes.push_back("ignored: " + fs::path(metadataCandidates[i]).filename().string() +
                                " (second metadata JSON)");
        }
    }
    if (!run.graphFile && !run.fieldsFile) {
        if (!run.damaged.empty()) throw Error(run.damaged.front().path, run.damaged.front().problem);
        throw Error(path, "holds no graph file and no fields file (.npz, NetCDF-4/HDF5, GRIB)");
    }

    if (run.graphFile) run.notes.insert(run.notes.begin(), "graph: " + fs::path(*run.graphFile).filename().string());
    if (run.leadFiles.size() > 1) {
        run.notes.insert(run.notes.begin(), "fields: " + std::to_string(run.leadFiles.size()) +
                                                " files, one per lead (" +
                                                fs::path(run.leadFiles.front()).filename().string() + " … " +
                                                fs::path(run.leadFiles.back()).filename().string() + ")");
    } else if (run.fieldsFile) {
        run.notes.insert(run.notes.begin(), "fields: " + fs::path(*run.fieldsFile).filename().string());
    }
    if (run.metadataFile) run.notes.push_back("metadata: " + fs::path(*run.metadataFile).filename().string());

    const auto label = run.metadata.find("label");
    if (label != run.metadata.end() && label->is_string() && !label->get<std::string>().empty()) {
        run.label = label->get<std::string>();
    } else {
        const fs::path p = fs::path(path).lexically_normal();
        run.label = (p.has_filename() ? p.filename() : p.parent_path().filename()).string();
    }
    return run;
}

}  // namespace meshdiff
