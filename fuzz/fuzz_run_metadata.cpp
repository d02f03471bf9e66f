// Run-folder metadata JSON: discoverRun on a folder holding the input as run.json.
#include <cstddef>
#include <cstdint>

#include "FuzzInput.h"
#include "common/Error.h"
#include "run/RunFolder.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::filesystem::path folder = [] {
        std::filesystem::path f = meshdiff::fuzz::scratchDir() / "run";
        std::filesystem::create_directories(f);
        return f;
    }();
    {
        std::ofstream out(folder / "run.json", std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    try {
        (void)meshdiff::discoverRun(folder.string());  // a folder without graph or fields: always throws after parsing
    } catch (const meshdiff::Error&) {}
    try {
        (void)meshdiff::discoverRun((folder / "run.json").string());
    } catch (const meshdiff::Error&) {}
    return 0;
}
