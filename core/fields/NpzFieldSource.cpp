#include "fields/NpzFieldSource.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>
#include <unordered_set>
#include <variant>

#include "common/Error.h"
#include "io/NpzArchive.h"

namespace meshdiff {

namespace {

struct FieldEntry {
    std::string key;
    NpyHeader header;
    std::size_t elementOffset = 0;  // first element of the [lat, lon] slice within the array
    // Rollouts: the first leading dimension longer than 1 is the lead axis, the second the member
    // axis (unless options.leadingIndex fixes them, or the array is [batch=1, time, level, lat,
    // lon]); `restOffset` places the slice along the others.
    std::size_t restOffset = 0;
    std::size_t leadCount = 1, leadStride = 0, memberCount = 0, memberStride = 0;
};

// 1-D arrays that give the hours of each lead, first found wins.
const char* const kLeadHoursKeys[] = {"lead_hours", "lead_time", "lead_times", "step_hours"};

std::string shapeText(std::size_t nlat, std::size_t nlon) {
    return "(" + std::to_string(nlat) + ", " + std::to_string(nlon) + ")";
}

// Field values as the Field keeps them: float64 stays double, everything else becomes float.
decltype(Field::values) toFieldValues(const NdArray& slice) {
    if (slice.dtype == DType::Float64) return slice.toFloat64();
    return slice.toFloat32();
}

class NpzFieldSource final : public FieldSource {
public:
    NpzFieldSource(const std::string& path, const FieldSourceOptions& options)
        : archive_(path), pinned_(options.leadingIndex) {
        if (options.mapStoredMembers) archive_.mapFile();  // a failed mapping leaves read() in place
        const std::vector<std::string> keys = archive_.keys();
        const std::pair<std::string, std::string> coordinateKeys = findCoordinates();
        for (const std::string& key : keys) {
            if (key == coordinateKeys.first || key == coordinateKeys.second) continue;
            NpyHeader header = archive_.header(key);
            if (header.shape.size() < 2) continue;  // scalars and 1-D arrays are not fields
            addField(key, std::move(header), options);
        }
        if (fields_.empty()) throw Error(path, "holds no fields: no 2-D (lat, lon) arrays");
        if (!coordinateKeys.first.empty()) {
            grid_.lat = readAxis(coordinateKeys.first, nlat_);
            grid_.lon = readAxis(coordinateKeys.second, nlon_);
        } else {
            std::optional<LatLonGrid> inferred = inferGlobalGrid(nlat_, nlon_, options.assumeLatAscending);
            if (!inferred)
                throw Error(path, "cannot infer a lat/lon grid from shape " + shapeText(nlat_, nlon_) +
                                      "; store 1-D 'lat' and 'lon' arrays beside the fields");
            grid_ = std::move(*inferred);
        }
        requireUsableCoordinates(grid_, path);
        findLeads(keys);
    }

    const std::string& path() const override { return archive_.path(); }

    std::vector<std::string> fieldNames() const override {
        std::vector<std::string> names;
        names.reserve(fields_.size());
        for (const FieldEntry& f : fields_) names.push_back(f.key);
        return names;
    }

    const LatLonGrid& grid() const override { return grid_; }

    Field load(const std::string& name) const override {
        const FieldEntry& entry = entryNamed(name);
        return readField(entry, entry.elementOffset);
    }

    std::vector<LeadTime> leads() const override { return leads_; }
    std::vector<int> members() const override {
        const std::size_t count = pinned_.size() >= 2 ? 0 : memberCount_;
        std::vector<int> numbers(count);
        for (std::size_t k = 0; k < count; ++k) numbers[k] = static_cast<int>(k);
        return numbers;
    }

    // A field without a lead (or member) axis is the same at every lead (member).
    Field loadAt(const std::string& name, std::size_t lead, std::size_t member) const override {
        Field field;
        loadInto(name, lead, member, field);
        return field;
    }

    // Reuses `into`'s float buffer: a compare reads field after field into the buffers of fields
    // already compared, without zero-filling 4 MB per 0.25° field first.
    void loadInto(const std::string& name, std::size_t lead, std::size_t member, Field& into) const override {
        const FieldEntry& entry = entryNamed(name);
        readFieldInto(entry, sliceOffset(entry, lead, member), into);
    }

    // A member in native C order: one value read at its place (a stored member straight from the
    // file, a compressed one inflated up to it); any other layout: the whole slice.
    Field loadPointAt(const std::string& name, std::size_t lead, std::size_t member, std::size_t row,
                      std::size_t column) const override {
        const FieldEntry& entry = entryNamed(name);
        const DType dtype = entry.header.dtype;
        if (!entry.header.isNativeCOrder() || (dtype != DType::Float32 && dtype != DType::Float64) || row >= nlat_ ||
            column >= nlon_)
            return FieldSource::loadPointAt(name, lead, member, row, column);
        const std::size_t item = dtypeSize(dtype);
        const std::size_t offset =
            entry.header.dataOffset + (sliceOffset(entry, lead, member) + row * nlon_ + column) * item;
        Field point;
        point.name = entry.key;
        point.nlat = point.nlon = 1;
        if (dtype == DType::Float32) readInto<float>(entry, offset, 1, point);
        else readInto<double>(entry, offset, 1, point);
        return point;
    }

private:
    // The first element of a lead's and member's [lat, lon] slice within the array; throws
    // meshdiff::Error when the file has no such lead or member.
    std::size_t sliceOffset(const FieldEntry& entry, std::size_t lead, std::size_t member) const {
        if (lead >= leads_.size())
            throw Error(path(), "lead " + std::to_string(lead) + " asked for, but the file has " +
                                    std::to_string(leads_.size()) + " lead(s)");
        const std::size_t members = this->members().size();
        if (member > 0 && member >= members)
            throw Error(path(), "member " + std::to_string(member) + " asked for, but the file has " +
                                    std::to_string(members) + " member(s)");
        const std::size_t fileLead = leads_[lead].index, fileMember = pinned_.size() >= 2 ? pinned_[1] : member;
        return entry.restOffset + (entry.leadCount > 1 ? fileLead * entry.leadStride : 0) +
               (entry.memberCount > 0 ? fileMember * entry.memberStride : 0);
    }

    const FieldEntry& entryNamed(const std::string& name) const {
        const auto it = byName_.find(name);
        if (it == byName_.end()) throw Error(path(), "no field named '" + name + "'");
        return fields_[it->second];
    }

    Field readField(const FieldEntry& entry, std::size_t elementOffset) const {
        Field field;
        readFieldInto(entry, elementOffset, field);
        return field;
    }

    void readFieldInto(const FieldEntry& entry, std::size_t elementOffset, Field& field) const {
        field.name = entry.key;
        field.units.clear();
        field.longName.clear();
        field.nlat = nlat_;
        field.nlon = nlon_;
        const std::size_t count = nlat_ * nlon_;
        const std::size_t item = dtypeSize(entry.header.dtype);
        const std::size_t offset = entry.header.dataOffset + elementOffset * item;
        // Compressed members too are read slice by slice (inflated as a stream, once for all leads).
        const bool direct = entry.header.isNativeCOrder();
        if (direct && entry.header.dtype == DType::Float32) {
            readInto<float>(entry, offset, count, field);
        } else if (direct && entry.header.dtype == DType::Float64) {
            readInto<double>(entry, offset, count, field);
        } else {
            field.values = toFieldValues(readSlice(entry, elementOffset, entry.header.isCOrder()));
        }
    }

    // Into the field's own buffer when it holds values of type T (resize keeps them: nothing is
    // zero-filled when the size is the same), else into a new one.
    template <class T>
    void readInto(const FieldEntry& entry, std::size_t offset, std::size_t count, Field& field) const {
        if (!std::holds_alternative<std::vector<T>>(field.values)) field.values = std::vector<T>();
        auto& values = std::get<std::vector<T>>(field.values);
        values.resize(count);
        archive_.readRangeInOrder(entry.key, offset, reinterpret_cast<std::byte*>(values.data()), count * sizeof(T));
    }

    // lat/lon or latitude/longitude as 1-D arrays; empty strings when the archive has neither name.
    // Half a pair or coordinates of another rank would leave the grid to a guess: refused.
    std::pair<std::string, std::string> findCoordinates() const {
        for (const auto& [lat, lon] : {std::pair<std::string, std::string>{"lat", "lon"}, {"latitude", "longitude"}}) {
            const bool hasLat = archive_.contains(lat), hasLon = archive_.contains(lon);
            if (!hasLat && !hasLon) continue;
            if (!hasLat || !hasLon)
                throw Error(path(), "has '" + (hasLat ? lat : lon) + "' but no '" + (hasLat ? lon : lat) +
                                        "': store both 1-D coordinate arrays or neither");
            for (const std::string& axis : {lat, lon}) {
                const NpyHeader h = archive_.header(axis);
                if (h.shape.size() != 1)
                    throw Error(path() + "[" + axis + "]",
                                "coordinates must be 1-D, got shape " + NdArray{h.dtype, h.shape, {}}.shapeString());
            }
            return {lat, lon};
        }
        return {};
    }

    void addField(const std::string& key, NpyHeader header, const FieldSourceOptions& options) {
        const std::string where = path() + "[" + key + "]";
        const std::vector<std::size_t>& shape = header.shape;
        const std::size_t ndim = shape.size();
        // With no zero dimension, the element count is bounded by the member's size: no overflow below.
        if (header.elementCount() == 0 || std::count(shape.begin(), shape.end(), std::size_t{0}) > 0)
            throw Error(where, "empty array of shape " + NdArray{header.dtype, shape, {}}.shapeString());
        const std::size_t nlat = shape[ndim - 2], nlon = shape[ndim - 1];
        // Leading dimensions of size 1 are squeezed; the others take options.leadingIndex in turn.
        // GraphCast's [batch=1, time, level, lat, lon]: the dimension after time is a level, not members.
        const bool batchLayout = ndim >= 5 && shape[0] == 1;
        FieldEntry entry{key, {}, 0};
        std::size_t offset = 0, stride = nlat * nlon, used = 0;
        std::vector<std::size_t> strides(ndim - 2);
        for (std::size_t k = ndim - 2; k-- > 0;) {
            strides[k] = stride;
            stride *= shape[k];
        }
        for (std::size_t k = 0; k + 2 < ndim; ++k) {
            if (shape[k] == 1) continue;
            const std::size_t index = used < options.leadingIndex.size() ? options.leadingIndex[used] : 0;
            ++used;
            if (index >= shape[k])
                throw Error(where, "index " + std::to_string(index) + " is out of range for leading dimension " +
                                       std::to_string(k) + " of shape " +
                                       NdArray{header.dtype, shape, {}}.shapeString());
            offset += index * strides[k];
            if (used == 1) {
                entry.leadCount = shape[k], entry.leadStride = strides[k];
            } else if (used == 2 && !batchLayout) {
                entry.memberCount = shape[k], entry.memberStride = strides[k];
            } else {
                entry.restOffset += index * strides[k];
            }
        }
        if (fields_.empty()) {
            nlat_ = nlat;
            nlon_ = nlon;
        } else if (nlat != nlat_ || nlon != nlon_) {
            throw Error(where, "grid shape " + shapeText(nlat, nlon) + " differs from " + shapeText(nlat_, nlon_) +
                                   " of '" + fields_.front().key + "'");
        }
        byName_.emplace(key, fields_.size());
        entry.header = std::move(header);
        entry.elementOffset = offset;
        fields_.push_back(std::move(entry));
    }

    // Every array with a lead (member) axis must have the same number of leads (members).
    void findLeads(const std::vector<std::string>& keys) {
        std::size_t leadCount = 1;
        const FieldEntry* first = nullptr;
        for (const FieldEntry& f : fields_) {
            if (f.leadCount > 1 && leadCount > 1 && f.leadCount != leadCount)
                throw Error(path() + "[" + f.key + "]", "has " + std::to_string(f.leadCount) + " leads but '" +
                                                            first->key + "' has " + std::to_string(leadCount));
            if (f.memberCount > 0 && memberCount_ > 0 && f.memberCount != memberCount_)
                throw Error(path() + "[" + f.key + "]", "has " + std::to_string(f.memberCount) +
                                                            " members but another array has " +
                                                            std::to_string(memberCount_));
            if (f.leadCount > 1 && leadCount == 1) leadCount = f.leadCount, first = &f;
            if (f.memberCount > 0) memberCount_ = f.memberCount;
        }
        std::vector<double> hours;
        for (const char* name : kLeadHoursKeys) {
            if (std::find(keys.begin(), keys.end(), name) == keys.end()) continue;
            const NpyHeader h = archive_.header(name);
            if (h.shape.size() != 1) continue;
            hours = readAxis(name, leadCount, "leads");
            break;
        }
        for (std::size_t k = 0; k < leadCount; ++k) {
            LeadTime lead{k, std::nullopt};
            if (k < hours.size() && std::isfinite(hours[k])) lead.hours = hours[k];
            // --index pins the lead axis: that one lead only
            if (pinned_.empty() || leadCount == 1 || k == pinned_[0]) leads_.push_back(lead);
        }
    }

    std::vector<double> readAxis(const std::string& key, std::size_t expected, const char* what = "along it") const {
        const NdArray axis = archive_.read(key);
        if (axis.size() != expected)
            throw Error(path() + "[" + key + "]", "has " + std::to_string(axis.size()) +
                                                      " values but the fields have " + std::to_string(expected) + " " +
                                                      what);
        return axis.toFloat64();
    }

    // The [lat, lon] slice as an array of the file's dtype, native order. `direct`: read just the
    // slice (a member in C order); otherwise (Fortran order) the whole member is read and decoded.
    NdArray readSlice(const FieldEntry& entry, std::size_t elementOffset, bool direct) const {
        const std::size_t item = dtypeSize(entry.header.dtype);
        const std::size_t bytes = nlat_ * nlon_ * item;
        NdArray slice;
        slice.dtype = entry.header.dtype;
        slice.shape = {nlat_, nlon_};
        slice.bytes.resize(bytes);
        if (direct) {
            archive_.readRangeInOrder(entry.key, entry.header.dataOffset + elementOffset * item, slice.bytes.data(),
                                      bytes);
            NpyHeader sliceLayout = entry.header;
            sliceLayout.shape = slice.shape;
            sliceLayout.fortranOrder = false;
            toNativeCOrder(sliceLayout, slice.bytes);  // byte order only
        } else {
            archive_.visitMany({entry.key}, [&](std::size_t, const NpyHeader&, const std::byte* data) {
                std::memcpy(slice.bytes.data(), data + elementOffset * item, bytes);
            });
        }
        return slice;
    }

    NpzArchive archive_;
    LatLonGrid grid_;
    std::vector<FieldEntry> fields_;
    std::unordered_map<std::string, std::size_t> byName_;
    std::size_t nlat_ = 0, nlon_ = 0;
    std::vector<LeadTime> leads_;  // index: position along the arrays' lead axis
    std::size_t memberCount_ = 0;
    std::vector<std::size_t> pinned_;  // options.leadingIndex: fixes the lead (and member) axis
};

}  // namespace

std::unique_ptr<FieldSource> openNpzFieldSource(const std::string& path, const FieldSourceOptions& options) {
    return std::make_unique<NpzFieldSource>(path, options);
}

}  // namespace meshdiff
