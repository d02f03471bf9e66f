#pragma once
#include <filesystem>
#include <string>

namespace meshdiff::test {

inline std::filesystem::path fixtureDir() { return MESHDIFF_FIXTURE_DIR; }
inline std::filesystem::path fixture(const std::string& name) { return fixtureDir() / name; }
// ../shared beside the project; tests that read it skip when it is absent.
inline std::filesystem::path sharedDir() { return MESHDIFF_SHARED_DIR; }
inline bool haveShared() { return std::filesystem::exists(sharedDir() / "fixtures/graphs"); }
inline std::filesystem::path sharedGraph(const std::string& name) { return sharedDir() / "fixtures/graphs" / name; }

}  // namespace meshdiff::test
