#include "fields/GribFieldSource.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <unordered_map>

#include "common/Error.h"
#include "fields/GribGrid.h"
#include "fields/GribMessage.h"
#include "fields/GribNames.h"

namespace meshdiff {
namespace {

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
// A damaged message may claim a grid far larger than its bytes: above 64 MiB of decoded values,
// it must hold at least one byte per 1100 points (deflate's best ratio, the NetCDF reader's rule).
constexpr std::size_t kPointsAlwaysAllowed = std::size_t(1) << 23;
constexpr std::size_t kMaxPackingRatio = 1100;

// Hours per unit of ecCodes' stepUnits (WMO code table 4.4; 254 is GRIB 1's second).
std::optional<double> hoursPerStepUnit(long unit) {
    switch (unit) {
        case 0: return 1.0 / 60;
        case 1: return 1.0;
        case 2: return 24.0;
        case 10: return 3.0;
        case 11: return 6.0;
        case 12: return 12.0;
        case 13:
        case 254: return 1.0 / 3600;
        default: return std::nullopt;
    }
}

// dataDate (YYYYMMDD) and dataTime (HHMM) as hours since 1970.
double referenceHours(long date, long time) {
    using namespace std::chrono;
    const year_month_day day{year{int(date / 10000)}, month{unsigned(date / 100 % 100)},
                             std::chrono::day{unsigned(date % 100)}};
    const long wholeHours = time / 100, minutes = time % 100;
    return double(sys_days(day).time_since_epoch().count()) * 24.0 + double(wholeHours) + double(minutes) / 60.0;
}

std::string hoursText(double hours) {
    char text[32];
    std::snprintf(text, sizeof text, "%g h", hours);
    return text;
}

struct MessagePlace {
    long long offset = 0;
    std::size_t length = 0;
};

struct FieldInfo {
    std::string name, units, longName;
    std::string levelUnits;  // gribLevelUnits
    bool asDouble = false;   // packed with more bits than a float holds
};

// What the index pass keeps of one message before leads and members are numbered.
struct Seen {
    MessagePlace place;
    std::size_t field = 0;
    double leadHours = 0;
    long number = 0;
};

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

class GribFieldSource final : public FieldSource {
public:
    GribFieldSource(const std::string& path, const FieldSourceOptions& options) : path_(path), options_(options) {
        file_.reset(std::fopen(path.c_str(), "rb"));
        if (!file_) throw Error(path, "cannot open the file for reading");
        index();
    }

    const std::string& path() const override { return path_; }
    const LatLonGrid& grid() const override { return grid_; }
    std::vector<LeadTime> leads() const override { return leads_; }
    std::vector<int> members() const override { return members_; }

    std::vector<std::string> fieldNames() const override {
        std::vector<std::string> names;
        for (const FieldInfo& f : fields_) names.push_back(f.name);
        return names;
    }

    std::string levelUnits(const std::string& name) const override {
        const auto it = byName_.find(name);
        return it == byName_.end() ? std::string{} : fields_[it->second].levelUnits;
    }

    Field load(const std::string& name) const override {
        const std::vector<std::size_t>& chosen = options_.leadingIndex;
        if (!chosen.empty()) return loadAt(name, chosen[0], chosen.size() > 1 ? chosen[1] : 0);
        const std::size_t field = fieldIndex(name);
        for (std::size_t lead = 0; lead < leads_.size(); ++lead)
            if (slot(field, lead, 0) != kNone) return loadAt(name, lead, 0);
        return loadAt(name, 0, 0);
    }

    Field loadAt(const std::string& name, std::size_t lead, std::size_t member) const override {
        const std::size_t field = fieldIndex(name);
        checkPosition(lead, member);
        const std::size_t message = slot(field, lead, member);
        if (message == kNone)
            throw Error(path_, "has no GRIB message for " + name + " at lead " + hoursText(*leads_[lead].hours) +
                                   (members_.empty() ? "" : ", member " + std::to_string(members_[member])));
        const MessagePlace& place = places_[message];
        const std::vector<double> scanned =
            GribMessage::whole(file_.get(), path_, message + 1, place.offset, place.length).values(gribGrid_.size());
        const FieldInfo& info = fields_[field];
        Field out;
        out.name = name;
        out.units = info.units;
        out.longName = info.longName;
        out.nlat = grid_.nlat();
        out.nlon = grid_.nlon();
        if (info.asDouble) {
            std::vector<double> values;
            reorderGribValues(gribGrid_, scanned, values);
            out.values = std::move(values);
        } else {
            std::vector<float> values;
            reorderGribValues(gribGrid_, scanned, values);
            out.values = std::move(values);
        }
        return out;
    }

private:
    std::size_t memberCount() const { return std::max<std::size_t>(members_.size(), 1); }
    std::size_t slot(std::size_t field, std::size_t lead, std::size_t member) const {
        return slots_[(field * leads_.size() + lead) * memberCount() + member];
    }

    std::size_t fieldIndex(const std::string& name) const {
        const auto it = byName_.find(name);
        if (it == byName_.end()) throw Error(path_, "no field named " + name);
        return it->second;
    }

    // One pass over the messages' keys: names, leads, members, grid, where each message lies.
    void index() {
        std::vector<Seen> seen;
        std::vector<double> referenceOf;
        double earliest = std::numeric_limits<double>::infinity();
        for (std::size_t n = 1;; ++n) {
            const std::optional<GribMessage> message = GribMessage::next(file_.get(), path_, n);
            if (!message) break;
            const GribGrid grid = readGribGrid(*message, path_, n);
            if (n == 1) {
                gribGrid_ = grid;
            } else if (!(grid == gribGrid_)) {
                throw Error(path_, "GRIB message " + std::to_string(n) + " is on a grid of " + grid.describe() +
                                       ", message 1 on " + gribGrid_.describe() +
                                       "; meshdiff reads files whose messages share one grid");
            }
            Seen s;
            s.place = {message->offset(), message->length()};
            if (grid.size() > kPointsAlwaysAllowed && grid.size() / kMaxPackingRatio > s.place.length)
                throw Error(path_, "GRIB message " + std::to_string(n) + " claims " + std::to_string(grid.size()) +
                                       " points in " + std::to_string(s.place.length) +
                                       " bytes, which cannot be right");
            s.field = fieldOf(*message, n);
            const long unit = message->longKey("stepUnits");
            const std::optional<double> perUnit = hoursPerStepUnit(unit);
            if (!perUnit)
                throw Error(path_, "GRIB message " + std::to_string(n) + " counts its step in unit " +
                                       std::to_string(unit) + " (months or years), which meshdiff does not read");
            const double reference = referenceHours(message->optionalLong("dataDate").value_or(19700101),
                                                    message->optionalLong("dataTime").value_or(0));
            earliest = std::min(earliest, reference);
            referenceOf.push_back(reference);
            s.leadHours = double(message->longKey("endStep")) * *perUnit;
            s.number = message->optionalLong("number").value_or(0);
            seen.push_back(s);
        }
        if (seen.empty()) throw Error(path_, "holds no GRIB messages");
        for (std::size_t k = 0; k < seen.size(); ++k) seen[k].leadHours += referenceOf[k] - earliest;
        numberLeadsAndMembers(seen);
        grid_ = latLonGridOf(gribGrid_);
        requireUsableCoordinates(grid_, path_);
    }

    std::size_t fieldOf(const GribMessage& message, std::size_t n) {
        GribFieldKey key;
        key.shortName = message.stringKey("shortName");
        key.typeOfLevel = message.optionalString("typeOfLevel").value_or("");
        key.level = double(message.optionalLong("level").value_or(0));
        if (message.optionalString("stepType").value_or("instant") == "accum") {
            const std::optional<double> perUnit = hoursPerStepUnit(message.longKey("stepUnits"));
            key.accumHours = double(message.longKey("endStep") - message.longKey("startStep")) * perUnit.value_or(1.0);
        }
        if (key.shortName.empty() || key.shortName == "unknown") {
            key.shortName = "param" + message.optionalString("paramId").value_or(std::to_string(n));
        }
        const std::string name = gribFieldName(key);
        const auto [it, added] = byName_.emplace(name, fields_.size());
        if (added) {
            FieldInfo info;
            info.name = name;
            info.units = message.optionalString("units").value_or("");
            info.longName = message.optionalString("name").value_or("");
            info.levelUnits = gribLevelUnits(key);
            info.asDouble = message.optionalLong("bitsPerValue").value_or(0) > 24;
            fields_.push_back(std::move(info));
        }
        return it->second;
    }

    void numberLeadsAndMembers(const std::vector<Seen>& seen) {
        std::vector<double> hours;
        hours.reserve(seen.size());
        for (const Seen& s : seen) hours.push_back(s.leadHours);
        std::sort(hours.begin(), hours.end());
        hours.erase(std::unique(hours.begin(), hours.end()), hours.end());
        for (std::size_t k = 0; k < hours.size(); ++k) leads_.push_back(LeadTime{k, hours[k]});

        const bool ensemble = std::any_of(seen.begin(), seen.end(), [](const Seen& s) { return s.number != 0; });
        std::map<long, std::size_t> memberOf;
        if (ensemble) {
            for (const Seen& s : seen) {
                if (memberOf.emplace(s.number, members_.size()).second) members_.push_back(int(s.number));
            }
        }
        slots_.assign(fields_.size() * leads_.size() * memberCount(), kNone);
        for (std::size_t k = 0; k < seen.size(); ++k) {
            const Seen& s = seen[k];
            const std::size_t lead =
                std::size_t(std::lower_bound(hours.begin(), hours.end(), s.leadHours) - hours.begin());
            const std::size_t member = ensemble ? memberOf.at(s.number) : 0;
            std::size_t& cell = slots_[(s.field * leads_.size() + lead) * memberCount() + member];
            if (cell != kNone)
                throw Error(path_, "holds two GRIB messages for " + fields_[s.field].name + " at lead " +
                                       hoursText(s.leadHours) +
                                       (ensemble ? ", member " + std::to_string(s.number) : "") + " (messages " +
                                       std::to_string(cell + 1) + " and " + std::to_string(k + 1) + ")");
            cell = k;
            places_.push_back(s.place);
        }
    }

    std::string path_;
    FieldSourceOptions options_;
    std::unique_ptr<std::FILE, FileCloser> file_;
    GribGrid gribGrid_;
    LatLonGrid grid_;
    std::vector<FieldInfo> fields_;
    std::unordered_map<std::string, std::size_t> byName_;
    std::vector<LeadTime> leads_;
    std::vector<int> members_;
    std::vector<std::size_t> slots_;  // [field][lead][member] → message (index into places_), kNone when absent
    std::vector<MessagePlace> places_;
};

}  // namespace

std::unique_ptr<FieldSource> openGribFieldSource(const std::string& path, const FieldSourceOptions& options) {
    return std::make_unique<GribFieldSource>(path, options);
}

}  // namespace meshdiff
