#include <gtest/gtest.h>

#include "globe/LineTextureCache.h"

namespace meshdiff::views {
namespace {

MeshGraph triangleMesh(float lat) {
    MeshGraph g;
    g.meshLat = {lat, 10, -10};
    g.meshLon = {0, 120, 240};
    g.meshFaces = {0, 1, 2};
    return g;
}

LineTextureLevels drawCounting(int& draws) {
    ++draws;
    return {std::make_shared<const LineRaster>(8, 4), std::make_shared<const LineRaster>(4, 2)};
}

TEST(LineTextureCache, ReusesATextureWhileSomeoneShowsItAndDrawsAgainOnceNoOneDoes) {
    const LineTextureKey key{meshFingerprint(triangleMesh(50)), 6, true};
    int draws = 0;
    auto shown = cachedLineTexture(key, [&] { return drawCounting(draws); });
    auto again = cachedLineTexture(key, [&] { return drawCounting(draws); });
    EXPECT_EQ(draws, 1);
    ASSERT_EQ(again.size(), 2u);
    EXPECT_EQ(again[0], shown[0]);  // the same texels, not a copy

    LineTextureKey otherLevel = key;
    otherLevel.meshLevel = 5;
    cachedLineTexture(otherLevel, [&] { return drawCounting(draws); });
    LineTextureKey noCoastlines = key;
    noCoastlines.coastlines = false;
    cachedLineTexture(noCoastlines, [&] { return drawCounting(draws); });
    EXPECT_EQ(draws, 3);

    shown.clear();
    again.clear();
    cachedLineTexture(key, [&] { return drawCounting(draws); });
    EXPECT_EQ(draws, 4) << "a texture no renderer holds is not kept";
}

TEST(LineTextureCache, KeepsTheCoastlinesAloneForTheProcess) {
    const LineTextureKey coastlinesOnly{0, -1, true};
    int draws = 0;
    const LineRaster* drawn = cachedLineTexture(coastlinesOnly, [&] { return drawCounting(draws); })[0].get();
    // No renderer holds it any more, and it is not drawn again.
    const auto again = cachedLineTexture(coastlinesOnly, [&] { return drawCounting(draws); });
    EXPECT_LE(draws, 1);  // 0 when an earlier test in this process drew them
    ASSERT_FALSE(again.empty());
    EXPECT_EQ(again[0].get(), drawn);

    const LineTextureKey meshAlone{meshFingerprint(triangleMesh(40)), 6, false};
    int meshDraws = 0;
    cachedLineTexture(meshAlone, [&] { return drawCounting(meshDraws); });
    cachedLineTexture(meshAlone, [&] { return drawCounting(meshDraws); });
    EXPECT_EQ(meshDraws, 2) << "only the coastlines alone are kept";
}

TEST(LineTextureCache, MeshFingerprintFollowsTheContentNotTheAddress) {
    const MeshGraph a = triangleMesh(50), sameAsA = triangleMesh(50), moved = triangleMesh(50.0001f);
    EXPECT_EQ(meshFingerprint(a), meshFingerprint(sameAsA));
    EXPECT_NE(meshFingerprint(a), meshFingerprint(moved));
    MeshGraph otherFaces = a;
    otherFaces.meshFaces = {0, 2, 1};
    EXPECT_NE(meshFingerprint(a), meshFingerprint(otherFaces));
}

}  // namespace
}  // namespace meshdiff::views
