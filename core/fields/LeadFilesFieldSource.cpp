#include "fields/LeadFilesFieldSource.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "common/Error.h"
#include "io/FileKind.h"
#include "io/LeadFileNames.h"

namespace fs = std::filesystem;

namespace meshdiff {
namespace {

std::string nameOf(const std::string& file) { return fs::path(file).filename().string(); }

std::string listText(const std::vector<std::string>& names) {
    std::string text;
    for (std::size_t k = 0; k < names.size() && k < 4; ++k) text += (k ? ", " : "") + names[k];
    return names.size() > 4 ? text + ", …" : text;
}

class LeadFilesFieldSource final : public FieldSource {
public:
    LeadFilesFieldSource(std::string folder, const std::vector<std::string>& files, const FieldSourceOptions& options)
        : folder_(std::move(folder)), options_(options) {
        if (files.empty()) throw Error(folder_, "holds no fields files");
        struct Entry {
            std::string file;
            double hours;
        };
        std::vector<Entry> entries;
        for (const std::string& file : files) {
            const std::unique_ptr<FieldSource> source = openFieldSource(file, options_);
            if (entries.empty()) {
                names_ = source->fieldNames();
                grid_ = source->grid();
                members_ = source->members();
            } else {
                requireSameContent(*source, entries.front().file);
            }
            const std::vector<LeadTime> leads = source->leads();
            if (leads.size() != 1)
                throw Error(file, "holds " + std::to_string(leads.size()) +
                                      " leads; a folder with one file per lead needs exactly one lead in each file");
            std::optional<double> hours = leads.front().hours;
            if (!hours) {
                const std::optional<LeadFileName> name = parseLeadFileName(file);
                if (!name) throw Error(file, "gives no lead: neither a lead axis with hours nor a lead in its name");
                hours = name->hours;
            }
            entries.push_back({file, *hours});
        }
        std::stable_sort(entries.begin(), entries.end(),
                         [](const Entry& x, const Entry& y) { return x.hours < y.hours; });
        for (std::size_t k = 0; k < entries.size(); ++k) {
            if (k > 0 && std::abs(entries[k].hours - entries[k - 1].hours) < 1e-6)
                throw Error(entries[k].file, "holds the same lead as " + nameOf(entries[k - 1].file) + " (" +
                                                 hoursText(entries[k].hours) + ")");
            files_.push_back(entries[k].file);
            leads_.push_back({k, entries[k].hours});
        }
    }

    const std::string& path() const override { return folder_; }
    std::vector<std::string> fieldNames() const override { return names_; }
    const LatLonGrid& grid() const override { return grid_; }
    Field load(const std::string& name) const override { return loadAt(name, 0, 0); }
    std::vector<LeadTime> leads() const override { return leads_; }
    std::vector<int> members() const override { return members_; }

    Field loadAt(const std::string& name, std::size_t lead, std::size_t member) const override {
        return loadThroughBuffer(name, lead, member);
    }

    void loadInto(const std::string& name, std::size_t lead, std::size_t member, Field& into) const override {
        leadFile(lead, member).loadInto(name, 0, member, into);
    }

    Field loadPointAt(const std::string& name, std::size_t lead, std::size_t member, std::size_t row,
                      std::size_t column) const override {
        return leadFile(lead, member).loadPointAt(name, 0, member, row, column);
    }

private:
    const FieldSource& leadFile(std::size_t lead, std::size_t member) const {
        checkPosition(lead, member, "the folder");
        if (openLead_ != lead || !open_) {
            open_.reset();  // one file open at a time
            open_ = openFieldSource(files_[lead], options_);
            openLead_ = lead;
        }
        return *open_;
    }

    static std::string hoursText(double hours) {
        char text[32];
        std::snprintf(text, sizeof text, "%g h", hours);
        return text;
    }

    void requireSameContent(const FieldSource& source, const std::string& first) const {
        const std::vector<std::string> names = source.fieldNames();
        if (names != names_)
            throw Error(source.path(), "holds other fields than " + nameOf(first) + " (" + listText(names) +
                                           " against " + listText(names_) +
                                           "); every file of a lead-per-file rollout must hold the same fields");
        const LatLonGrid& grid = source.grid();
        if (grid.lat != grid_.lat || grid.lon != grid_.lon)
            throw Error(source.path(), "has another grid than " + nameOf(first) + " (" + std::to_string(grid.nlat()) +
                                           "×" + std::to_string(grid.nlon()) + " against " +
                                           std::to_string(grid_.nlat()) + "×" + std::to_string(grid_.nlon()) + ")");
        if (source.members() != members_)
            throw Error(source.path(), "has other members than " + nameOf(first) + " (" +
                                           std::to_string(source.members().size()) + " against " +
                                           std::to_string(members_.size()) + ")");
    }

    std::string folder_;
    FieldSourceOptions options_;
    std::vector<std::string> files_;  // lead order
    std::vector<std::string> names_;
    LatLonGrid grid_;
    std::vector<int> members_;
    std::vector<LeadTime> leads_;
    mutable std::unique_ptr<FieldSource> open_;
    mutable std::size_t openLead_ = 0;
};

}  // namespace

std::unique_ptr<FieldSource> openLeadFilesFieldSource(const std::string& folder, const std::vector<std::string>& files,
                                                      const FieldSourceOptions& options) {
    return std::make_unique<LeadFilesFieldSource>(folder, files, options);
}

std::vector<std::string> leadFilesIn(const std::string& folder) {
    std::vector<std::string> fields;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        if (entry.path().filename().string().front() == '.' || !entry.is_regular_file(ec)) continue;
        const FileKind kind = sniffFileKind(entry.path().string());
        if (kind == FileKind::FieldsNpz || kind == FileKind::FieldsNetcdf || kind == FileKind::Grib)
            fields.push_back(entry.path().string());
    }
    if (ec) throw Error(folder, "cannot list the folder: " + ec.message());
    if (fields.size() < 2) return fields;
    std::sort(fields.begin(), fields.end());
    const LeadFileMatch match = matchLeadFiles(fields);
    if (!match.set)
        throw Error(folder, "its fields files are not one rollout with one file per lead: " + match.problem);
    return match.set->files;
}

}  // namespace meshdiff
