#include "globe/LineTextureCache.h"

#include <cstring>
#include <mutex>

namespace meshdiff::views {
namespace {

// FNV-1a over the bytes of the arrays the texture is drawn from.
template <typename T>
void mix(std::uint64_t& hash, const std::vector<T>& values) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
    for (std::size_t i = 0, n = values.size() * sizeof(T); i < n; ++i) hash = (hash ^ bytes[i]) * 0x100000001b3ULL;
    hash = (hash ^ values.size()) * 0x100000001b3ULL;
}

}  // namespace

std::uint64_t meshFingerprint(const MeshGraph& graph) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    mix(hash, graph.meshLat);
    mix(hash, graph.meshLon);
    mix(hash, graph.meshFaces);
    return hash == 0 ? 1 : hash;
}

LineTextureLevels cachedLineTexture(const LineTextureKey& key, const std::function<LineTextureLevels()>& draw) {
    // Held weakly: a texture lives as long as a renderer shows it (~90 MB each), and the next
    // scene is built while the one before is still on screen.
    struct Entry {
        LineTextureKey key;
        std::vector<std::weak_ptr<const LineRaster>> levels;
    };
    static std::mutex mutex;
    static std::vector<Entry> entries;
    const std::lock_guard lock(mutex);
    std::erase_if(entries, [](const Entry& e) { return e.levels.empty() || e.levels.front().expired(); });
    for (const Entry& entry : entries) {
        if (!(entry.key == key)) continue;
        LineTextureLevels levels;
        for (const auto& level : entry.levels)
            if (auto alive = level.lock()) levels.push_back(std::move(alive));
        if (levels.size() == entry.levels.size()) return levels;
    }
    LineTextureLevels levels = draw();
    entries.push_back({key, {levels.begin(), levels.end()}});
    // The coastlines alone are the same in every window and for every fields-only pair: drawn once.
    static LineTextureLevels coastlinesOnly;
    if (key.meshContent == 0 && key.coastlines) coastlinesOnly = levels;
    return levels;
}

void holdLineTexture(LineTextureLevels levels) {
    static std::mutex mutex;
    static LineTextureLevels held;
    const std::lock_guard lock(mutex);
    std::swap(held, levels);  // the previous ones are freed outside the lock, on return
}

}  // namespace meshdiff::views
