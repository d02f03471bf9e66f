// The GRIB field reader (ecCodes underneath): indexing every message, then a few fields at every lead.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <variant>

#include "FuzzInput.h"
#include "common/Error.h"
#include "fields/GribFieldSource.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = meshdiff::fuzz::writeScratch(data, size, "fields.grib2");
    try {
        const auto source = meshdiff::openGribFieldSource(path);
        int loaded = 0;
        for (const std::string& name : source->fieldNames()) {
            for (std::size_t lead = 0; lead < source->leads().size(); ++lead) {
                if (++loaded > 6) break;
                try {
                    const meshdiff::Field f = source->loadAt(name, lead, 0);
                    const std::size_t n = std::visit([](const auto& v) { return v.size(); }, f.values);
                    if (n != source->grid().size()) std::abort();
                } catch (const meshdiff::Error&) {}
            }
        }
    } catch (const meshdiff::Error&) {}
    return 0;
}
