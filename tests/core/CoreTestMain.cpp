#include <gtest/gtest.h>

#include "io/Hdf5Preflight.h"

// As the window's main() does: this program is also the HDF5 pre-flight child that
// test_hdf5_preflight.cpp spawns.
int main(int argc, char** argv) {
    meshdiff::runHdf5PreflightChildIfAsked(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
