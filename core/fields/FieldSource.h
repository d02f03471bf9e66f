#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fields/Field.h"
#include "fields/LatLonGrid.h"

namespace meshdiff {

// One position along a rollout's lead-time axis.
struct LeadTime {
    std::size_t index = 0;        // position along the file's lead axis
    std::optional<double> hours;  // lead in hours; none when the file does not say
    friend bool operator==(const LeadTime&, const LeadTime&) = default;
};

// A set of fields in one file, read one field at a time so that memory stays bounded.
// One source must not be used from two threads at once; two sources may.
class FieldSource {
public:
    virtual ~FieldSource() = default;
    virtual const std::string& path() const = 0;
    virtual std::vector<std::string> fieldNames() const = 0;  // in file order
    virtual const LatLonGrid& grid() const = 0;
    // The field at the first lead and member (or the ones the options chose); throws meshdiff::Error.
    virtual Field load(const std::string& name) const = 0;

    // Rollouts and ensembles. A source without a lead axis has one lead (index 0, hours unknown);
    // one without members has none. loadAt(name, lead, member) takes positions in leads() and
    // members() (member 0 when there are none); the defaults describe a single 2-D slice.
    virtual std::vector<LeadTime> leads() const { return {LeadTime{}}; }
    virtual std::vector<int> members() const { return {}; }  // member numbers, in file order
    // The unit of the level in a "variable@level" name ("hPa"); empty without a level or when
    // the file does not say.
    virtual std::string levelUnits(const std::string& /*field*/) const { return {}; }
    virtual Field loadAt(const std::string& name, std::size_t lead, std::size_t member) const;
    // As loadAt, into `into`, whose buffer is reused when it fits: a rollout's thousands of fields
    // then need no fresh memory (zeroing new pages cost a sixth of a NetCDF rollout's time).
    virtual void loadInto(const std::string& name, std::size_t lead, std::size_t member, Field& into) const {
        into = loadAt(name, lead, member);
    }
    // The value of one grid point (row, column of grid()) as loadAt gives it, as a 1×1 field with
    // the field's name and units. NetCDF and native-order .npz read just that point (a compressed
    // .npz still inflates its member up to it); the default, GRIB's, reads the whole field.
    virtual Field loadPointAt(const std::string& name, std::size_t lead, std::size_t member, std::size_t row,
                              std::size_t column) const;

protected:
    // Throws meshdiff::Error naming path() when lead or member is past the source's counts.
    void checkPosition(std::size_t lead, std::size_t member, const char* holder = "the file") const;
    // loadAt for a source that overrides loadInto.
    Field loadThroughBuffer(const std::string& name, std::size_t lead, std::size_t member) const {
        Field field;
        loadInto(name, lead, member, field);
        return field;
    }
};

struct FieldSourceOptions {
    // Index taken along leading batch/time/sample dimensions (NetCDF); default: 0 for each.
    std::vector<std::size_t> leadingIndex;
    bool assumeLatAscending = true;  // for files without coordinates
    // Stored .npz members are copied from a read-only mapping of the file instead of read():
    // no system call and no kernel copy per field. A file shortened by another process while it
    // is read then raises SIGBUS, so only readers that run watched may set it. Where page faults
    // are dear (a paravirtualised VM: ~10 µs each), read() into a reused buffer is 2.4× faster
    // (docs/benchmarks.md, "Goals 1 and 2"), so `compare` reads.
    bool mapStoredMembers = false;
    // Hours between leads, for files that do not give their leads' hours (fields/LeadHoursFieldSource.h).
    std::optional<double> leadStepHours;
};

// Opens an .npz, NetCDF-4/HDF5 or GRIB 1/2 fields file (decided by content), or a folder of one
// fields file per lead (fields/LeadFilesFieldSource.h) as one rollout. Throws meshdiff::Error.
std::unique_ptr<FieldSource> openFieldSource(const std::string& path, const FieldSourceOptions& options = {});

}  // namespace meshdiff
