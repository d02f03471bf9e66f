#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "common/Error.h"
#include "common/LibraryOnDemand.h"
#include "core/TestHelpers.h"

namespace meshdiff {
namespace {

TEST(LibraryOnDemand, CallsTheLibrarysOwnFunction) {
    LibraryOnDemand libm("libm.so.6", "for this test");
    const auto realCos = libm.function<double (*)(double)>("cos");
    ASSERT_NE(realCos, nullptr);
    EXPECT_EQ(realCos(0.5), std::cos(0.5));
    EXPECT_EQ(libm.symbol("cos"), reinterpret_cast<void*>(realCos));  // NOLINT: comparing addresses
}

TEST(LibraryOnDemand, AMissingLibraryIsAnErrorNamingItAndWhatItIsFor) {
    LibraryOnDemand missing("libmeshdiff-no-such-library.so.7", "to read imaginary files");
    const Error e = test::errorOf([&] { missing.symbol("anything"); });
    EXPECT_EQ(e.file(), "libmeshdiff-no-such-library.so.7");
    EXPECT_NE(e.problem().find("cannot be loaded"), std::string::npos) << e.problem();
    EXPECT_NE(e.problem().find("to read imaginary files"), std::string::npos) << e.problem();
    // Asked again, it tries again and fails the same way.
    EXPECT_THROW(missing.symbol("anything"), Error);
}

TEST(LibraryOnDemand, AMissingFunctionIsAnErrorNamingIt) {
    LibraryOnDemand libm("libm.so.6", "for this test");
    const Error e = test::errorOf([&] { libm.symbol("meshdiff_no_such_function"); });
    EXPECT_EQ(e.file(), "libm.so.6");
    EXPECT_NE(e.problem().find("'meshdiff_no_such_function'"), std::string::npos) << e.problem();
}

}  // namespace
}  // namespace meshdiff
