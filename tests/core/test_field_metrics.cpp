#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "fields/FieldMetrics.h"

using namespace meshdiff;

namespace {

Field makeField(const std::vector<double>& v, std::size_t nlat, std::size_t nlon) {
    Field f;
    f.name = "t";
    f.nlat = nlat;
    f.nlon = nlon;
    f.values = v;
    return f;
}

GridAlignment identity(std::size_t nlat, std::size_t nlon) {
    LatLonGrid g;
    for (std::size_t i = 0; i < nlat; ++i) g.lat.push_back(double(i));
    for (std::size_t j = 0; j < nlon; ++j) g.lon.push_back(double(j));
    return alignGrids(g, g, "a", "b");
}

// The definition, written out the slow way.
void reference(const std::vector<double>& a, const std::vector<double>& b, double& relRms, double& corr,
               double& maxAbs) {
    double n = 0, ma = 0, mb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::isfinite(a[i]) && std::isfinite(b[i])) n += 1, ma += a[i], mb += b[i];
    }
    ma /= n, mb /= n;
    double va = 0, vb = 0, cov = 0, sdd = 0;
    maxAbs = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!(std::isfinite(a[i]) && std::isfinite(b[i]))) continue;
        va += (a[i] - ma) * (a[i] - ma), vb += (b[i] - mb) * (b[i] - mb), cov += (a[i] - ma) * (b[i] - mb);
        sdd += (a[i] - b[i]) * (a[i] - b[i]);
        maxAbs = std::max(maxAbs, std::abs(a[i] - b[i]));
    }
    relRms = std::sqrt(sdd / n) / std::sqrt(va / n);
    corr = cov / std::sqrt(va * vb);
}

}  // namespace

TEST(FieldMetrics, MatchesTheDefinitionOnGeopotentialLikeValues) {
    std::mt19937 rng(3);
    std::normal_distribution<double> base(55000, 3000), noise(0, 5);
    std::vector<double> a(40 * 80), b(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = base(rng), b[i] = a[i] + noise(rng);
    a[17] = NAN;
    b[17] = NAN;
    auto m = computeFieldMetrics(makeField(a, 40, 80), makeField(b, 40, 80), identity(40, 80));
    double rel, corr, maxAbs;
    reference(a, b, rel, corr, maxAbs);
    EXPECT_NEAR(m.relRms, rel, 1e-9 * rel);
    EXPECT_NEAR(m.corr, corr, 1e-9);
    EXPECT_DOUBLE_EQ(m.maxAbs, maxAbs);
    EXPECT_EQ(m.comparedPoints, a.size() - 1);
    EXPECT_TRUE(m.nanMasksEqual);
}

TEST(FieldMetrics, RelRmsAndCorrOfAConstantFieldAreUndefined) {
    std::vector<double> a(6 * 8, 4.0);
    auto m = computeFieldMetrics(makeField(a, 6, 8), makeField(a, 6, 8), identity(6, 8));
    EXPECT_TRUE(std::isnan(m.relRms));  // std(A) = 0
    EXPECT_FALSE(m.relRmsDefined());
    EXPECT_TRUE(std::isnan(m.corr));
    EXPECT_EQ(m.maxAbs, 0.0);
    EXPECT_EQ(m.rms, 0.0);
    EXPECT_NE(m.note.find("std(A) = 0"), std::string::npos) << m.note;
}

TEST(FieldMetrics, CorrIsUndefinedWhenOnlyBIsConstant) {
    std::vector<double> a{1, 2, 3, 4, 5, 6}, b(6, 3.0);
    auto m = computeFieldMetrics(makeField(a, 2, 3), makeField(b, 2, 3), identity(2, 3));
    EXPECT_TRUE(m.relRmsDefined());
    EXPECT_GT(m.relRms, 0);
    EXPECT_TRUE(std::isnan(m.corr));
    EXPECT_NE(m.note.find("std(B) = 0"), std::string::npos) << m.note;
}

TEST(FieldMetrics, NonFiniteValuesMatchOnlyTheSameValueInTheVectorisedRowsAndTheTail) {
    const double inf = std::numeric_limits<double>::infinity();
    // float32 rows take the vectorised path four points at a time; 7 points leave a tail of 3.
    for (std::size_t at : {0u, 5u}) {
        std::vector<float> a{1, 2, 3, 4, 5, 6, 7}, b = a;
        a[at] = float(inf), b[at] = float(inf);
        Field fa, fb;
        fa.name = fb.name = "x";
        fa.nlat = fb.nlat = 1;
        fa.nlon = fb.nlon = 7;
        fa.values = a;
        fb.values = b;
        EXPECT_TRUE(computeFieldMetrics(fa, fb, identity(1, 7)).nanMasksEqual) << at;
        b[at] = float(-inf);
        fb.values = b;
        EXPECT_FALSE(computeFieldMetrics(fa, fb, identity(1, 7)).nanMasksEqual) << at;
        b[at] = NAN;
        fb.values = b;
        EXPECT_FALSE(computeFieldMetrics(fa, fb, identity(1, 7)).nanMasksEqual) << at;
        a[at] = NAN;
        fa.values = a;
        EXPECT_TRUE(computeFieldMetrics(fa, fb, identity(1, 7)).nanMasksEqual) << at;
    }
}

TEST(FieldMetrics, DifferentNanMasksAreReportedAndSkipped) {
    std::vector<double> a{1, 2, 3, 4, 5, 6}, b{1, 2, NAN, 4, 5, 7};
    auto m = computeFieldMetrics(makeField(a, 2, 3), makeField(b, 2, 3), identity(2, 3));
    EXPECT_FALSE(m.nanMasksEqual);
    EXPECT_EQ(m.comparedPoints, 5u);
    EXPECT_EQ(m.nonFiniteB, 1u);
    EXPECT_DOUBLE_EQ(m.maxAbs, 1.0);
}

TEST(FieldMetrics, FloatAndDoubleInputsAndAMask) {
    Field a;
    a.nlat = 2, a.nlon = 2, a.values = std::vector<float>{1, 2, 3, 4};
    Field b = makeField({1, 2, 3, 8}, 2, 2);
    const auto al = identity(2, 2);
    auto all = computeFieldMetrics(a, b, al);
    EXPECT_DOUBLE_EQ(all.maxAbs, 4.0);
    std::vector<std::uint8_t> mask{1, 1, 1, 0};
    auto masked = computeFieldMetrics(a, b, al, &mask, 1);
    EXPECT_EQ(masked.comparedPoints, 3u);
    EXPECT_DOUBLE_EQ(masked.maxAbs, 0.0);
    auto rest = computeFieldMetrics(a, b, al, &mask, 0);
    EXPECT_EQ(rest.comparedPoints, 1u);
    EXPECT_DOUBLE_EQ(rest.maxAbs, 4.0);
}

TEST(FieldMetrics, ComparesOnTheCommonPointsOfASubsampledGrid) {
    LatLonGrid fine, coarse;
    for (int i = 0; i < 5; ++i) fine.lat.push_back(-90 + 45 * i);
    for (int j = 0; j < 8; ++j) fine.lon.push_back(45 * j);
    for (int i = 0; i < 5; i += 2) coarse.lat.push_back(fine.lat[std::size_t(i)]);
    for (int j = 0; j < 8; j += 2) coarse.lon.push_back(fine.lon[std::size_t(j)]);
    std::vector<double> fv(40), cv;
    for (int i = 0; i < 40; ++i) fv[std::size_t(i)] = i * i;
    for (int i = 0; i < 5; i += 2) {
        for (int j = 0; j < 8; j += 2) cv.push_back(fv[std::size_t(i) * 8 + std::size_t(j)]);
    }
    auto al = alignGrids(coarse, fine, "c", "f");
    auto m = computeFieldMetrics(makeField(cv, 3, 4), makeField(fv, 5, 8), al);
    EXPECT_EQ(m.comparedPoints, 12u);
    EXPECT_EQ(m.maxAbs, 0.0);
    cv[5] += 1;
    m = computeFieldMetrics(makeField(cv, 3, 4), makeField(fv, 5, 8), al);
    EXPECT_DOUBLE_EQ(m.maxAbs, 1.0);
}
