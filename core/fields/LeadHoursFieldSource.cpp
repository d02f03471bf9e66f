#include "fields/LeadHoursFieldSource.h"

namespace meshdiff {
namespace {

class LeadHoursFieldSource : public FieldSource {
public:
    LeadHoursFieldSource(std::unique_ptr<FieldSource> source, double stepHours)
        : source_(std::move(source)), stepHours_(stepHours) {}

    const std::string& path() const override { return source_->path(); }
    std::vector<std::string> fieldNames() const override { return source_->fieldNames(); }
    const LatLonGrid& grid() const override { return source_->grid(); }
    Field load(const std::string& name) const override { return source_->load(name); }
    std::vector<LeadTime> leads() const override {
        std::vector<LeadTime> leads = source_->leads();
        for (LeadTime& lead : leads)
            if (!lead.hours) lead.hours = double(lead.index + 1) * stepHours_;
        return leads;
    }
    std::vector<int> members() const override { return source_->members(); }
    std::string levelUnits(const std::string& field) const override { return source_->levelUnits(field); }
    Field loadAt(const std::string& name, std::size_t lead, std::size_t member) const override {
        return source_->loadAt(name, lead, member);
    }
    void loadInto(const std::string& name, std::size_t lead, std::size_t member, Field& into) const override {
        source_->loadInto(name, lead, member, into);
    }
    Field loadPointAt(const std::string& name, std::size_t lead, std::size_t member, std::size_t row,
                      std::size_t column) const override {
        return source_->loadPointAt(name, lead, member, row, column);
    }

private:
    std::unique_ptr<FieldSource> source_;
    double stepHours_;
};

}  // namespace

std::unique_ptr<FieldSource> withLeadHours(std::unique_ptr<FieldSource> source, double stepHours) {
    return std::make_unique<LeadHoursFieldSource>(std::move(source), stepHours);
}

}  // namespace meshdiff
