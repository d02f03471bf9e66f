// Field pairs whose rel RMS is undefined or whose differences hide from it (constant fields, masks,
// NaN and ±inf, ±0, denormals): compare must never call them the same unless they are equal.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <random>

#include "TestHelpers.h"
#include "compare/Comparison.h"
#include "fields/FieldTolerance.h"
#include "io/NpzArchive.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kLat = 19, kLon = 36;  // a 10° grid, inferred from the shape
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
using Values = std::vector<float>;
using Fields = std::map<std::string, Values>;

Values constant(float value) { return Values(kLat * kLon, value); }

Values noisy(float base, float amplitude, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> noise(-amplitude, amplitude);
    Values v(kLat * kLon);
    for (float& x : v) x = base + noise(rng);
    return v;
}

Values with(Values v, std::size_t point, float value) {
    v.at(point) = value;
    return v;
}

class DegenerateFields : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("meshdiff_degenerate_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string write(const std::string& name, const Fields& fields, std::size_t leads = 1) const {
        const std::string path = (dir_ / (name + ".npz")).string();
        NpzWriter npz(path, false);
        for (const auto& [key, values] : fields) {
            NdArray array;
            array.dtype = DType::Float32;
            array.shape =
                leads == 1 ? std::vector<std::size_t>{kLat, kLon} : std::vector<std::size_t>{leads, kLat, kLon};
            array.bytes.resize(values.size() * sizeof(float));
            std::memcpy(array.bytes.data(), values.data(), array.bytes.size());
            npz.add(key, array);
        }
        npz.close();
        return path;
    }

    Comparison compare(const Fields& a, const Fields& b, const FieldTolerance& tolerance = {}) const {
        CompareOptions options;
        options.tolerance = tolerance;
        return compareRuns(write("a", a), write("b", b), options);
    }

    const FieldMetrics& only(const Comparison& c) const {
        EXPECT_TRUE(c.fields && c.fields->perField.size() == 1);
        return c.fields->perField.at(0);
    }

    fs::path dir_;
};

}  // namespace

TEST_F(DegenerateFields, AConstantFieldThatChangesValueDiffers) {
    const Comparison c = compare({{"x", constant(1)}}, {{"x", constant(2)}});
    EXPECT_FALSE(c.identical());
    const FieldMetrics& m = only(c);
    EXPECT_TRUE(std::isnan(m.relRms));
    EXPECT_TRUE(std::isnan(m.corr));
    EXPECT_EQ(m.maxAbs, 1.0);
    EXPECT_FALSE(m.withinTolerance);
    EXPECT_NE(m.note.find("std(A) = 0"), std::string::npos) << m.note;
    const nlohmann::json j = comparisonToJson(c);
    const auto& field = j["fields"]["per_field"][0];
    EXPECT_TRUE(field["rel_rms"].is_null());
    EXPECT_TRUE(field["corr"].is_null());
    EXPECT_EQ(field["within_tolerance"], false);
    EXPECT_EQ(field["note"], m.note);
    EXPECT_EQ(j["identical"], false);
    ASSERT_EQ(c.differences().size(), 1u);
    EXPECT_NE(c.differences()[0].find("x"), std::string::npos) << c.differences()[0];
}

TEST_F(DegenerateFields, ZerosAgainstZerosWithOneSpikeDiffer) {
    const Comparison c = compare({{"sea_ice", constant(0)}}, {{"sea_ice", with(constant(0), 100, 5)}});
    EXPECT_FALSE(c.identical());
    EXPECT_EQ(only(c).maxAbs, 5.0);
}

TEST_F(DegenerateFields, AConstantAgainstTheSameConstantWithTinyNoiseDiffers) {
    const Comparison c = compare({{"t", constant(280)}}, {{"t", noisy(280, 1e-3f, 1)}});
    EXPECT_FALSE(c.identical());
    EXPECT_GT(only(c).maxAbs, 0);
}

TEST_F(DegenerateFields, AFlippedLandSeaMaskBesideAnIdenticalTemperatureDiffers) {
    const Values t = noisy(280, 20, 2);
    const Comparison c =
        compare({{"land_sea_mask", constant(0)}, {"t", t}}, {{"land_sea_mask", constant(1)}, {"t", t}});
    EXPECT_FALSE(c.identical());
    ASSERT_EQ(c.fields->perField.size(), 2u);
    for (const FieldMetrics& m : c.fields->perField) EXPECT_EQ(m.withinTolerance, m.name == "t") << m.name;
    EXPECT_EQ(c.fields->beyondTolerance, 1u);
    EXPECT_EQ(c.fields->undefinedRelRms, 1u);
    ASSERT_FALSE(c.fields->worst.empty());
    EXPECT_EQ(c.fields->worst.front(), "land_sea_mask");
    // The temperature is the only defined rel RMS: 0, though the result is DIFFERENT.
    EXPECT_EQ(c.fields->maxRelRms, 0.0);
    ASSERT_TRUE(c.diagnosis);
    EXPECT_NE(c.diagnosis->cause, Cause::None) << c.diagnosis->explanation;
}

TEST_F(DegenerateFields, NoRelativeToleranceAcceptsAChangedConstant) {
    const Comparison c = compare({{"x", constant(1)}}, {{"x", constant(2)}}, FieldTolerance(1e9));
    EXPECT_FALSE(c.identical());
}

TEST_F(DegenerateFields, AnAbsoluteToleranceAcceptsItKnowingly) {
    FieldTolerance loose(0);
    addAbsoluteTolerance(loose, "x=1");
    EXPECT_TRUE(compare({{"x", constant(1)}}, {{"x", constant(2)}}, loose).identical());
    FieldTolerance tight(0);
    addAbsoluteTolerance(tight, "x=0.5");
    EXPECT_FALSE(compare({{"x", constant(1)}}, {{"x", constant(2)}}, tight).identical());
    FieldTolerance forAll(0);
    addAbsoluteTolerance(forAll, "1");
    const Comparison c = compare({{"x", constant(1)}}, {{"x", constant(2)}}, forAll);
    EXPECT_TRUE(c.identical());
    ASSERT_TRUE(c.diagnosis);
    EXPECT_EQ(c.diagnosis->cause, Cause::None);
    EXPECT_EQ(comparisonToJson(c)["fields"]["abs_tolerance"]["all"], 1.0);
}

TEST_F(DegenerateFields, AnAbsoluteToleranceForAVariableCoversEveryLevel) {
    FieldTolerance t(0);
    addAbsoluteTolerance(t, "temperature=0.5");
    EXPECT_EQ(t.absoluteFor("temperature@850"), 0.5);
    EXPECT_EQ(t.absoluteFor("temperature"), 0.5);
    EXPECT_EQ(t.absoluteFor("temperature_2m"), 0.0);
    addAbsoluteTolerance(t, "temperature@850=0.25");
    EXPECT_EQ(t.absoluteFor("temperature@850"), 0.25);
    EXPECT_EQ(t.absoluteFor("temperature@500"), 0.5);
}

TEST_F(DegenerateFields, AMalformedAbsoluteToleranceIsAnErrorNamingTheOption) {
    for (const char* spec : {"", "x=", "=1", "x=-1", "abc", "x=1e999", "x=nan", "1.5k"}) {
        FieldTolerance t;
        const std::string problem = test::problemOf([&] { addAbsoluteTolerance(t, spec); });
        EXPECT_NE(problem.find("--abs-tolerance"), std::string::npos) << spec << ": " << problem;
    }
}

TEST_F(DegenerateFields, BothConstantAndEqualAreTheSame) {
    const Comparison c = compare({{"orography", constant(1500)}}, {{"orography", constant(1500)}});
    EXPECT_TRUE(c.identical());
    EXPECT_TRUE(std::isnan(only(c).relRms));
    EXPECT_TRUE(only(c).withinTolerance);
    ASSERT_TRUE(c.diagnosis);
    EXPECT_EQ(c.diagnosis->cause, Cause::None);
}

TEST_F(DegenerateFields, AllNaNOnOneSideDiffers) {
    const Comparison c = compare({{"x", noisy(1, 1, 3)}}, {{"x", constant(kNaN)}});
    EXPECT_FALSE(c.identical());
    EXPECT_EQ(only(c).comparedPoints, 0u);
    EXPECT_FALSE(only(c).nanMasksEqual);
    EXPECT_NE(only(c).note.find("no point is finite"), std::string::npos) << only(c).note;
}

TEST_F(DegenerateFields, AFieldComparedAtNoPointIsNeverWithinTolerance) {
    FieldTolerance generous(1e9);
    addAbsoluteTolerance(generous, "1e9");
    const Comparison c = compare({{"x", constant(kNaN)}}, {{"x", constant(kNaN)}}, generous);
    EXPECT_FALSE(c.identical());
    EXPECT_TRUE(only(c).nanMasksEqual);
    EXPECT_FALSE(only(c).withinTolerance);
}

TEST_F(DegenerateFields, OneNaNDiffersWhateverTheTolerance) {
    const Values a = noisy(280, 20, 4);
    const Comparison c = compare({{"x", a}}, {{"x", with(a, 7, kNaN)}}, FieldTolerance(1e9));
    EXPECT_FALSE(c.identical());
    EXPECT_FALSE(only(c).nanMasksEqual);
    EXPECT_EQ(only(c).relRms, 0.0);
}

TEST_F(DegenerateFields, AFieldInOnlyOneRunDiffers) {
    const Values t = noisy(280, 20, 5);
    const Comparison c = compare({{"t", t}, {"u", t}}, {{"t", t}});
    EXPECT_FALSE(c.identical());
    EXPECT_EQ(c.fields->onlyInA, std::vector<std::string>{"u"});
}

TEST_F(DegenerateFields, PlusAndMinusZeroAreEqualNumbers) {
    const Values a = with(noisy(0, 1, 6), 3, 0.0f);
    EXPECT_TRUE(compare({{"x", constant(0.0f)}}, {{"x", constant(-0.0f)}}).identical());
    EXPECT_TRUE(compare({{"x", a}}, {{"x", with(a, 3, -0.0f)}}).identical());
}

TEST_F(DegenerateFields, ADenormalAgainstZeroDiffers) {
    const float denormal = std::numeric_limits<float>::denorm_min() * 3;
    ASSERT_EQ(std::fpclassify(denormal), FP_SUBNORMAL);
    const Comparison c = compare({{"x", constant(0)}}, {{"x", with(constant(0), 11, denormal)}});
    EXPECT_FALSE(c.identical());
    EXPECT_EQ(only(c).maxAbs, double(denormal));
    // Denormal noise has a defined rel RMS.
    Values tiny(kLat * kLon);
    for (std::size_t i = 0; i < tiny.size(); ++i) tiny[i] = denormal * float(i % 7);
    const Comparison d = compare({{"x", tiny}}, {{"x", with(tiny, 0, denormal * 9)}});
    EXPECT_FALSE(d.identical());
    EXPECT_GT(only(d).relRms, 0);
}

TEST_F(DegenerateFields, InfinitiesMatchOnlyTheSameInfinity) {
    const Values a = with(noisy(0, 1, 7), 5, kInf);
    EXPECT_TRUE(compare({{"x", a}}, {{"x", a}}).identical());
    EXPECT_FALSE(compare({{"x", a}}, {{"x", with(a, 5, -kInf)}}).identical());
    EXPECT_FALSE(compare({{"x", a}}, {{"x", with(a, 5, kNaN)}}).identical());
    EXPECT_FALSE(compare({{"x", a}}, {{"x", with(a, 6, kInf)}}).identical());
    // Vectorised rows (4 points at a time) and the scalar tail alike.
    const Values b = with(noisy(0, 1, 8), kLon - 1, -kInf);
    EXPECT_FALSE(compare({{"x", b}}, {{"x", with(b, kLon - 1, kInf)}}).identical());
}

TEST_F(DegenerateFields, ARolloutIdenticalAtTheFirstLeadButNotTheSecondDiffersAndSaysWhere) {
    const Values t = noisy(280, 20, 9);
    Values a = t, b = t;
    a.insert(a.end(), t.begin(), t.end());
    const Values later = with(t, 40, t[40] + 1);
    b.insert(b.end(), later.begin(), later.end());
    CompareOptions options;
    const Comparison c = compareRuns(write("a", {{"t", a}}, 2), write("b", {{"t", b}}, 2), options);
    EXPECT_FALSE(c.identical());
    ASSERT_EQ(c.fields->perLead.size(), 2u);
    EXPECT_EQ(c.fields->perLead[0].beyondTolerance, 0u);
    EXPECT_EQ(c.fields->perLead[1].beyondTolerance, 1u);
    ASSERT_TRUE(c.diagnosis);
    EXPECT_NE(c.diagnosis->cause, Cause::None) << c.diagnosis->explanation;
    EXPECT_EQ(c.diagnosis->explainedLead, 1u);
    EXPECT_NE(c.diagnosis->explanation.find("not at lead 1"), std::string::npos) << c.diagnosis->explanation;
}

TEST_F(DegenerateFields, ARolloutThatDiffersAtEveryLeadNamesTheFirstThreeAndCountsTheRest) {
    const Values t = noisy(280, 20, 10);
    Values a, b;
    for (int lead = 0; lead < 5; ++lead) {
        a.insert(a.end(), t.begin(), t.end());
        const Values changed = with(t, 40 + std::size_t(lead), t[40] + 1);
        b.insert(b.end(), changed.begin(), changed.end());
    }
    CompareOptions options;
    const Comparison c = compareRuns(write("a", {{"t", a}}, 5), write("b", {{"t", b}}, 5), options);
    const std::vector<std::string> lines = c.differences();
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_NE(lines[0].find("at lead 0: t"), std::string::npos) << lines[0];
    EXPECT_NE(lines[2].find("at lead 2: t"), std::string::npos) << lines[2];
    EXPECT_EQ(lines[3], "fields beyond tolerance at 2 more leads");
    EXPECT_FALSE(c.identical());
}
