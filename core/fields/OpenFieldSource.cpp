#include <cmath>
#include <filesystem>

#include "common/Error.h"
#include "fields/FieldSource.h"
#include "fields/GribFieldSource.h"
#include "fields/LeadFilesFieldSource.h"
#include "fields/LeadHoursFieldSource.h"
#include "fields/NetcdfFieldSource.h"
#include "fields/NpzFieldSource.h"
#include "io/FileKind.h"

namespace meshdiff {

std::unique_ptr<FieldSource> openFieldSource(const std::string& path, const FieldSourceOptions& options) {
    if (options.leadStepHours) {
        if (!(*options.leadStepHours > 0) || !std::isfinite(*options.leadStepHours))
            throw Error(path, "the lead step in hours must be a positive number");
        FieldSourceOptions without = options;
        without.leadStepHours.reset();
        return withLeadHours(openFieldSource(path, without), *options.leadStepHours);
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        const std::vector<std::string> files = leadFilesIn(path);
        if (files.empty()) throw Error(path, "holds no fields file (.npz, NetCDF-4/HDF5, GRIB)");
        if (files.size() == 1) return openFieldSource(files.front(), options);
        return openLeadFilesFieldSource(path, files, options);
    }
    switch (sniffFileKind(path)) {
        case FileKind::FieldsNpz: return openNpzFieldSource(path, options);
        case FileKind::FieldsNetcdf: return openNetcdfFieldSource(path, options);
        case FileKind::GraphNpz:
        case FileKind::GraphHdf5: throw Error(path, "holds a graph, not fields");
        case FileKind::MetadataJson: throw Error(path, "is run metadata (JSON), not fields");
        case FileKind::Grib: return openGribFieldSource(path, options);
        case FileKind::Unknown: break;
    }
    throw Error(path, "is neither an .npz, a NetCDF-4/HDF5 nor a GRIB file: " + unrecognisedContentProblem(path));
}

}  // namespace meshdiff
