#include <gtest/gtest.h>

#include <cmath>

#include "common/Error.h"
#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "fields/NpzFieldSource.h"

using namespace meshdiff;
using test::errorOf;

namespace {

std::string fieldsFixture(const std::string& name) { return (test::fixture("npy") / name).string(); }

// Every value v[i][j] of a float field equals formula(i, j).
template <class T, class Formula>
void expectValues(const Field& field, Formula formula) {
    ASSERT_TRUE(std::holds_alternative<std::vector<T>>(field.values)) << field.name;
    const std::vector<T>& v = std::get<std::vector<T>>(field.values);
    ASSERT_EQ(v.size(), field.size());
    for (std::size_t i = 0; i < field.nlat; ++i)
        for (std::size_t j = 0; j < field.nlon; ++j)
            ASSERT_EQ(v[i * field.nlon + j], static_cast<T>(formula(double(i), double(j))))
                << field.name << " at " << i << ", " << j;
}

double base(double i, double j) { return i * 1000 + j; }

}  // namespace

class NpzFieldsBothKinds : public ::testing::TestWithParam<std::string> {};

namespace {

void expectFixtureFields(const std::string& path, const FieldSourceOptions& options) {
    const auto source = openNpzFieldSource(path, options);
    EXPECT_EQ(source->path(), path);
    EXPECT_EQ(source->fieldNames(), (std::vector<std::string>{"2m_temperature", "geopotential@500", "temperature@850",
                                                              "samples", "double", "half", "big_endian", "fortran"}));
    const LatLonGrid& grid = source->grid();
    EXPECT_EQ(grid.nlat(), 181u);
    EXPECT_EQ(grid.nlon(), 360u);
    EXPECT_TRUE(grid.inferred());

    const Field t2m = source->load("2m_temperature");
    EXPECT_EQ(t2m.name, "2m_temperature");
    EXPECT_EQ(t2m.nlat, 181u);
    EXPECT_EQ(t2m.nlon, 360u);
    expectValues<float>(t2m, base);
    expectValues<float>(source->load("geopotential@500"), [](double i, double j) { return base(i, j) + 0.5; });
    expectValues<float>(source->load("temperature@850"), [](double i, double j) { return base(i, j) + 1; });
    expectValues<float>(source->load("samples"), base);  // leading index 0 by default
    expectValues<double>(source->load("double"), [](double i, double j) { return base(i, j) * 0.001; });
    expectValues<float>(source->load("half"),
                        [](double i, double j) { return std::fmod(i, 8) + 0.25 * std::fmod(j, 4); });
    expectValues<float>(source->load("big_endian"), [](double i, double j) { return base(i, j) + 2; });
    expectValues<float>(source->load("fortran"), [](double i, double j) { return base(i, j) + 3; });
    EXPECT_THROW(source->load("time"), Error);  // 0-d: not a field
}

}  // namespace

TEST_P(NpzFieldsBothKinds, LoadsEveryFieldAsNumpyWroteIt) { expectFixtureFields(fieldsFixture(GetParam()), {}); }

// Stored members copied from a mapping of the file (compare's reading child) give the same fields.
TEST_P(NpzFieldsBothKinds, LoadsTheSameFieldsFromAMappedFile) {
    FieldSourceOptions options;
    options.mapStoredMembers = true;
    expectFixtureFields(fieldsFixture(GetParam()), options);
}

INSTANTIATE_TEST_SUITE_P(NpzFields, NpzFieldsBothKinds,
                         ::testing::Values("fields_stored.npz", "fields_compressed.npz"));

TEST(NpzFieldSource, LeadingIndexPicksTheSample) {
    for (const std::string name : {"fields_stored.npz", "fields_compressed.npz"}) {
        FieldSourceOptions options;
        options.leadingIndex = {2};
        const auto source = openNpzFieldSource(fieldsFixture(name), options);
        expectValues<float>(source->load("samples"), [](double i, double j) { return base(i, j) + 2'000'000; });
        // size-1 leading dimensions are squeezed, not indexed
        expectValues<float>(source->load("temperature@850"), [](double i, double j) { return base(i, j) + 1; });

        options.leadingIndex = {3};
        const Error e = errorOf([&] { openNpzFieldSource(fieldsFixture(name), options); });
        EXPECT_EQ(e.file(), fieldsFixture(name) + "[samples]");
    }
}

TEST(NpzFieldSource, CoordinatesFromTheFileAreNotFields) {
    const auto source = openNpzFieldSource(fieldsFixture("fields_coords.npz"), {});
    EXPECT_EQ(source->fieldNames(), std::vector<std::string>{"x"});
    const LatLonGrid& grid = source->grid();
    EXPECT_FALSE(grid.inferred());
    EXPECT_EQ(grid.lat, (std::vector<double>{-40, -20, 0, 20, 40}));
    EXPECT_EQ(grid.lon, (std::vector<double>{0, 10, 20, 30, 40, 50, 60}));
    expectValues<float>(source->load("x"), [](double i, double j) { return i * 7 + j; });
}

TEST(NpzFieldSource, ShapeWithoutAGridIsAnError) {
    const std::string path = fieldsFixture("fields_no_grid.npz");
    const Error e = errorOf([&] { openNpzFieldSource(path, {}); });
    EXPECT_EQ(e.file(), path);
    EXPECT_NE(e.problem().find("cannot infer a lat/lon grid from shape (5, 7)"), std::string::npos) << e.what();
}

TEST(NpzFieldSource, FieldsOnDifferentGridsAreAnError) {
    const std::string path = fieldsFixture("fields_mismatch.npz");
    const Error e = errorOf([&] { openNpzFieldSource(path, {}); });
    EXPECT_EQ(e.file(), path + "[b]");
    EXPECT_NE(e.problem().find("(180, 360)"), std::string::npos) << e.what();
}

TEST(NpzFieldSource, EmptyFieldIsAnError) {
    const std::string path = fieldsFixture("fields_empty.npz");
    EXPECT_EQ(errorOf([&] { openNpzFieldSource(path, {}); }).file(), path + "[a]");
}

TEST(NpzFieldSource, GraphOrBrokenArchivesAreRefused) {
    EXPECT_THROW(openNpzFieldSource(fieldsFixture("not_a_zip.npz"), {}), Error);
    EXPECT_THROW(openNpzFieldSource(fieldsFixture("with_object.npz"), {}), Error);
}
