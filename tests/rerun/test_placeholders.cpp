#include <gtest/gtest.h>

#include "common/Error.h"
#include "rerun/Placeholders.h"

using namespace meshdiff;
using namespace meshdiff::rerun;

namespace {

std::optional<std::string> values(const std::string& name) {
    if (name == "out") return "/runs/1/out";
    if (name == "A.label") return "{out} $(touch /tmp/x) `id`";
    if (name == "empty") return "";
    return std::nullopt;
}

}  // namespace

TEST(Placeholders, ReplacesNamesInsideOneWord) {
    EXPECT_EQ(substitutePlaceholders("{out}/run.json", values), "/runs/1/out/run.json");
    EXPECT_EQ(substitutePlaceholders("a{empty}b", values), "ab");
    EXPECT_EQ(substitutePlaceholders("no placeholders", values), "no placeholders");
}

TEST(Placeholders, SubstitutedValuesAreNeverScannedAgain) {
    EXPECT_EQ(substitutePlaceholders("--label={A.label}", values), "--label={out} $(touch /tmp/x) `id`");
}

TEST(Placeholders, DoubledBracesAreLiteral) {
    EXPECT_EQ(substitutePlaceholders("{{out}} {{", values), "{out} {");
    EXPECT_EQ(substitutePlaceholders("x}}", values), "x}");
}

TEST(Placeholders, UnknownOrMalformedPlaceholdersThrow) {
    EXPECT_THROW(substitutePlaceholders("{nope}", values), Error);
    EXPECT_THROW(substitutePlaceholders("{out", values), Error);
    EXPECT_THROW(substitutePlaceholders("{}", values), Error);
    EXPECT_THROW(substitutePlaceholders("a}b", values), Error);
    EXPECT_THROW(substitutePlaceholders("{a b}", values), Error);
    try {
        substitutePlaceholders("--x {nope}", values, "my recipe");
        FAIL();
    } catch (const Error& error) {
        EXPECT_EQ(error.file(), "my recipe");
        EXPECT_NE(error.problem().find("{nope}"), std::string::npos);
    }
}
