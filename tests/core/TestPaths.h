#pragma once
#include <filesystem>
#include <string>

namespace meshdiff::test {

inline std::filesystem::path fixtureDir() { return MESHDIFF_FIXTURE_DIR; }
inline std::filesystem::path fixture(const std::string& name) { return fixtureDir() / name; }
// Data kept in the repository (tests/data): the official 1° graph pairs of tests/data/graphs.
inline std::filesystem::path dataDir() { return MESHDIFF_DATA_DIR; }
inline std::filesystem::path officialGraph(const std::string& name) { return dataDir() / "graphs" / name; }

}  // namespace meshdiff::test
