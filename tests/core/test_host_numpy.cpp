#include <gtest/gtest.h>

#include <fstream>

#include "TestPaths.h"
#include "builder/HostNumpy.h"
#include "common/Error.h"

using namespace meshdiff;

TEST(HostNumpy, ARealNumPy2SidecarNamesNumPy2AndNoBlas) {
    const auto file = test::dataDir() / "graphs-numpy2" / "wn2_graph_np2_1p0deg_default.json";
    std::ifstream in(file);
    const HostNumpy host = hostNumpyOf(nlohmann::json::parse(in), file.string());
    EXPECT_EQ(host.major, 2);
    EXPECT_FALSE(host.blas.has_value());
    ASSERT_EQ(host.notes.size(), 2u);
    EXPECT_EQ(host.notes[0], "NumPy 2.5.2 (numpy_version)");
}

TEST(HostNumpy, ReadsTheVendorsTheProbeAndTheRerunMetadataWrite) {
    const auto vendor = [](const char* name) {
        return hostNumpyOf({{"numpy_version", "1.24.2"}, {"numpy_blas", {{"vendor", name}}}}, "run.json");
    };
    EXPECT_EQ(vendor("OpenBLAS").blas, BlasSum::OpenBlas);
    EXPECT_EQ(vendor("reference BLAS/LAPACK (Netlib)").blas, BlasSum::Reference);
    const HostNumpy mkl = vendor("Intel MKL");
    EXPECT_FALSE(mkl.blas.has_value());
    EXPECT_EQ(mkl.notes.back(), "Intel MKL (numpy_blas.vendor), a BLAS the builder does not emulate");
    EXPECT_EQ(vendor("OpenBLAS").major, 1);
}

TEST(HostNumpy, SaysWhatIsMissingAndRefusesUnknownVersions) {
    const HostNumpy none = hostNumpyOf(nlohmann::json::object(), "run.json");
    EXPECT_FALSE(none.major.has_value());
    EXPECT_FALSE(none.blas.has_value());
    EXPECT_EQ(none.notes.front(), "the metadata names no numpy_version");
    try {
        hostNumpyOf({{"numpy_version", "3.0.0"}}, "runs/c/run.json");
        FAIL() << "no error for NumPy 3";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("runs/c/run.json"), std::string::npos);
    }
}
