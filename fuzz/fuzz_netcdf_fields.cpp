// The NetCDF-4 (HDF5) field reader: discovery of variables, grid and levels, then a few fields.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <variant>

#include "FuzzInput.h"
#include "common/Error.h"
#include "fields/NetcdfFieldSource.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = meshdiff::fuzz::writeScratch(data, size, "fields.nc");
    try {
        const auto source = meshdiff::openNetcdfFieldSource(path);
        int loaded = 0;
        for (const std::string& name : source->fieldNames()) {
            if (++loaded > 4) break;
            try {
                const meshdiff::Field f = source->load(name);
                const std::size_t n = std::visit([](const auto& v) { return v.size(); }, f.values);
                if (n != source->grid().size()) std::abort();
            } catch (const meshdiff::Error&) {}
        }
    } catch (const meshdiff::Error&) {}
    return 0;
}
