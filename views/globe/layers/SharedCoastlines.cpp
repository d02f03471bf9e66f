#include "globe/layers/SharedCoastlines.h"

#include <exception>

namespace meshdiff::views {

const Coastlines* sharedCoastlines() {
    static const Coastlines* lines = [] {
        const auto path = findGshhgFile('l');
        if (!path) return static_cast<Coastlines*>(nullptr);
        try {
            return new Coastlines(readGshhgCoastlines(*path));
        } catch (const std::exception&) {
            return static_cast<Coastlines*>(nullptr);
        }
    }();
    return lines;
}

}  // namespace meshdiff::views
