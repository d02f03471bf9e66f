#pragma once
#include <fstream>
#include <iterator>
#include <string>
#include <utility>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "common/Error.h"
#include "core/TestPaths.h"

namespace meshdiff::test {

// The meshdiff::Error that `f` throws; a test failure when it throws none.
template <class F>
Error errorOf(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return e;
    }
    ADD_FAILURE() << "no meshdiff::Error thrown";
    return Error("", "");
}

// The message ("file: problem") of the meshdiff::Error that `f` throws; a test failure when it
// throws none.
template <class F>
std::string problemOf(F&& f) {
    return errorOf(std::forward<F>(f)).what();
}

inline std::string fileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// tests/fixtures/make_npy_fixtures.py: the files numpy wrote and what it wrote into them.
inline std::string npyFixture(const std::string& name) { return (fixture("npy") / name).string(); }
inline nlohmann::json npyManifest() {
    std::ifstream in(fixture("npy") / "manifest.json");
    return nlohmann::json::parse(in);
}

}  // namespace meshdiff::test
