#include "geo/Coastlines.h"

#include <hdf5.h>

#include <cstdlib>
#include <filesystem>

#include "common/Error.h"
#include "io/Hdf5Lock.h"

namespace meshdiff {
namespace {

constexpr double kMaxDelta = 65535.0;  // bin-relative coordinates are 1/65535 of the bin size

class H5File {
public:
    explicit H5File(const std::string& path) : path_(path) {
        id_ = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
        if (id_ < 0) throw Error(path, "cannot be opened as a NetCDF-4/HDF5 file");
    }
    ~H5File() { H5Fclose(id_); }
    H5File(const H5File&) = delete;
    H5File& operator=(const H5File&) = delete;

    template <typename T>
    std::vector<T> read(const char* name, hid_t memType) const {
        const hid_t dataset = H5Dopen2(id_, name, H5P_DEFAULT);
        if (dataset < 0) throw Error(path_, std::string("has no variable ") + name + " (not a binned GSHHG file?)");
        const hid_t space = H5Dget_space(dataset);
        hssize_t count = space < 0 ? -1 : H5Sget_simple_extent_npoints(space);
        std::vector<T> values(count > 0 ? static_cast<std::size_t>(count) : 0);
        herr_t status = count < 0 ? -1 : 0;
        if (count > 0) status = H5Dread(dataset, memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data());
        if (space >= 0) H5Sclose(space);
        H5Dclose(dataset);
        if (status < 0) throw Error(path_, std::string("cannot read variable ") + name);
        return values;
    }
    int scalar(const char* name) const {
        auto values = read<int>(name, H5T_NATIVE_INT);
        if (values.size() != 1) throw Error(path_, std::string(name) + " is not a scalar");
        return values[0];
    }

private:
    std::string path_;
    hid_t id_ = H5I_INVALID_HID;
};

bool keepLevel(int level, int maxLevel) {
    if (level >= 5) return true;  // Antarctica: ice front (5) and grounding line (6)
    return level >= 1 && level <= maxLevel;
}

}  // namespace

Coastlines readGshhgCoastlines(const std::string& path, int maxLevel) {
    std::vector<int> firstSegment, segmentInfo, firstPoint;
    std::vector<short> segmentsInBin, dx, dy;
    int binMinutes = 0, binsPerRow = 0;
    {
        auto lock = lockHdf5();
        const H5File file(path);
        binMinutes = file.scalar("Bin_size_in_minutes");
        binsPerRow = file.scalar("N_bins_in_360_longitude_range");
        firstSegment = file.read<int>("Id_of_first_segment_in_a_bin", H5T_NATIVE_INT);
        segmentsInBin = file.read<short>("N_segments_in_a_bin", H5T_NATIVE_SHORT);
        segmentInfo = file.read<int>("Embedded_npts_levels_exit_entry_for_a_segment", H5T_NATIVE_INT);
        firstPoint = file.read<int>("Id_of_first_point_in_a_segment", H5T_NATIVE_INT);
        dx = file.read<short>("Relative_longitude_from_SW_corner_of_bin", H5T_NATIVE_SHORT);
        dy = file.read<short>("Relative_latitude_from_SW_corner_of_bin", H5T_NATIVE_SHORT);
    }
    if (binMinutes <= 0 || binsPerRow <= 0 || binsPerRow * binMinutes != 360 * 60)
        throw Error(path, "inconsistent bin size and bin count");
    if (firstSegment.size() != segmentsInBin.size() || segmentInfo.size() != firstPoint.size() ||
        dx.size() != dy.size())
        throw Error(path, "bin, segment or point arrays have inconsistent lengths");

    const double binDegrees = binMinutes / 60.0;
    const double scale = binDegrees / kMaxDelta;
    Coastlines lines;
    lines.start.push_back(0);
    for (std::size_t bin = 0; bin < firstSegment.size(); ++bin) {
        const double lonSW = static_cast<double>(bin % binsPerRow) * binDegrees;
        const std::size_t rowFromNorth = bin / binsPerRow;
        const double latSW = 90.0 - static_cast<double>(rowFromNorth + 1) * binDegrees;
        const long first = firstSegment[bin];
        const long n = segmentsInBin[bin];
        if (n < 0 || first < 0 || first + n > static_cast<long>(segmentInfo.size()))
            throw Error(path, "bin " + std::to_string(bin) + " refers to segments outside the file");
        for (long s = first; s < first + n; ++s) {
            const unsigned info = static_cast<unsigned>(segmentInfo[s]);
            const long points = static_cast<long>(info >> 9);
            const int level = static_cast<int>((info >> 6) & 7u);
            const bool closedInBin = ((info >> 3) & 7u) == 4;  // entry side 4: polygon lies inside the bin
            const long p0 = firstPoint[s];
            if (p0 < 0 || points < 0 || p0 + points > static_cast<long>(dx.size()))
                throw Error(path, "segment " + std::to_string(s) + " refers to points outside the file");
            if (!keepLevel(level, maxLevel) || points < 2) continue;
            for (long p = p0; p < p0 + points + (closedInBin ? 1 : 0); ++p) {
                const long q = p < p0 + points ? p : p0;
                lines.lon.push_back(static_cast<float>(lonSW + static_cast<unsigned short>(dx[q]) * scale));
                lines.lat.push_back(static_cast<float>(latSW + static_cast<unsigned short>(dy[q]) * scale));
            }
            lines.start.push_back(static_cast<std::uint32_t>(lines.lat.size()));
        }
    }
    return lines;
}

std::optional<std::string> findGshhgFile(char resolution) {
    const std::string name = std::string("binned_GSHHS_") + resolution + ".nc";
    std::vector<std::filesystem::path> dirs;
    if (const char* dir = std::getenv("MESHDIFF_GSHHG_DIR")) dirs.emplace_back(dir);
    dirs.emplace_back("/usr/share/gmt-gshhg");
    dirs.emplace_back("/usr/share/gshhg-gmt-nc4");
    for (const auto& dir : dirs) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(dir / name, ec)) return (dir / name).string();
    }
    return std::nullopt;
}

}  // namespace meshdiff
