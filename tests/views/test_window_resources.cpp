#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "rerun/ResourceDirectory.h"
#include "rerun/RunsDirectory.h"

namespace meshdiff::rerun {
namespace {

namespace fs = std::filesystem;

TEST(ResourceDirectory, InstalledLayoutBesideTheExecutableWins) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const fs::path prefix = fs::path(dir.path().toStdString()) / "usr";
    fs::create_directories(prefix / "bin");
    fs::create_directories(prefix / "share" / "meshdiff" / "recipes");
    std::ofstream(prefix / "bin" / "meshdiff") << "#!/bin/sh\n";
    const std::string found = resolveResourceDirectory("", prefix / "bin" / "meshdiff", "/compiled/in");
    EXPECT_TRUE(fs::equivalent(found, prefix / "share" / "meshdiff")) << found;
    EXPECT_EQ(fs::path(found).lexically_normal(), fs::path(found));  // no "bin/.." left in it
}

TEST(ResourceDirectory, TheWindowExecutableInLibexecFindsTheInstalledResources) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const fs::path prefix = fs::path(dir.path().toStdString()) / "usr";
    fs::create_directories(prefix / "libexec" / "meshdiff");
    fs::create_directories(prefix / "share" / "meshdiff" / "recipes");
    const std::string found =
        resolveResourceDirectory("", prefix / "libexec" / "meshdiff" / "meshdiff-gui", "/compiled/in");
    EXPECT_TRUE(fs::equivalent(found, prefix / "share" / "meshdiff")) << found;
}

TEST(ResourceDirectory, WithoutAnInstalledLayoutTheSourceTreeIsUsed) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const fs::path bin = fs::path(dir.path().toStdString()) / "build" / "app";
    fs::create_directories(bin);
    EXPECT_EQ(resolveResourceDirectory("", bin / "meshdiff", "/compiled/in"), "/compiled/in");
    EXPECT_EQ(resolveResourceDirectory("", fs::path(), "/compiled/in"), "/compiled/in");
    // A file (not a folder) named share/meshdiff does not count.
    fs::create_directories(bin.parent_path() / "share");
    std::ofstream(bin.parent_path() / "share" / "meshdiff") << "x";
    EXPECT_EQ(resolveResourceDirectory("", bin / "meshdiff", "/compiled/in"), "/compiled/in");
}

TEST(ResourceDirectory, EnvironmentOverridesEverything) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const fs::path prefix = fs::path(dir.path().toStdString());
    fs::create_directories(prefix / "bin");
    fs::create_directories(prefix / "share" / "meshdiff");
    EXPECT_EQ(resolveResourceDirectory("/my/resources", prefix / "bin" / "meshdiff", "/compiled/in"), "/my/resources");

    const char* old = std::getenv("MESHDIFF_RESOURCE_DIR");
    const std::string saved = old ? old : "";
    setenv("MESHDIFF_RESOURCE_DIR", dir.path().toLocal8Bit().constData(), 1);
    EXPECT_EQ(resourceDirectory(), dir.path().toStdString());
    EXPECT_EQ(presetRecipeDirectory(), dir.path().toStdString() + "/recipes");
    if (old) setenv("MESHDIFF_RESOURCE_DIR", saved.c_str(), 1);
    else unsetenv("MESHDIFF_RESOURCE_DIR");
}

TEST(ResourceDirectory, TheTestBinaryFindsTheShippedRecipes) {
    // Built in the build tree (no share/meshdiff beside it): the source tree's resources/.
    const char* old = std::getenv("MESHDIFF_RESOURCE_DIR");
    const std::string saved = old ? old : "";
    unsetenv("MESHDIFF_RESOURCE_DIR");
    EXPECT_TRUE(fs::is_directory(presetRecipeDirectory())) << presetRecipeDirectory();
    EXPECT_FALSE(fs::is_empty(presetRecipeDirectory()));
    if (old) setenv("MESHDIFF_RESOURCE_DIR", saved.c_str(), 1);
}

}  // namespace
}  // namespace meshdiff::rerun
