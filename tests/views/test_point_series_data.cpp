// The point series without a widget: A and B at the common grid point nearest a place, lead after
// lead, as the fixture's formula and B's file give them.
#include <algorithm>
#include <cmath>
#include <mutex>
#include <variant>

#include <gtest/gtest.h>

#include "RolloutFixtureValues.h"
#include "common/Error.h"
#include "core/TestPaths.h"
#include "fields/Field.h"
#include "fields/FieldSource.h"
#include "pointseries/PointSeriesData.h"

namespace meshdiff::views {
namespace {

double valueAt(const Field& field, std::size_t index) {
    return std::visit([index](const auto& values) { return double(values[index]); }, field.values);
}

class PointSeriesData : public ::testing::Test {
protected:
    std::unique_ptr<FieldSource> a = openFieldSource((test::fixture("rollouts") / "a.nc").string());
    std::unique_ptr<FieldSource> b = openFieldSource((test::fixture("rollouts") / "b.nc").string());
    GridAlignment alignment = alignGrids(a->grid(), b->grid(), a->path(), b->path());
    std::vector<PointSeriesLead> leads{{0, 0}, {1, 1}, {2, 2}, {3, 3}};
};

TEST_F(PointSeriesData, ReadsEachLeadAtTheNearestGridPoint) {
    // 41.2° N, 68.7° E: nearest grid point 40° N (i = 13), 70° E (j = 7); member 1.
    std::mutex sourcesLock;
    const PointSeries series =
        readPointSeries(*a, *b, alignment, "temperature@850", 1, leads, 41.2, 68.7, &sourcesLock);
    EXPECT_TRUE(sourcesLock.try_lock()) << "the sources' lock is released";
    sourcesLock.unlock();
    EXPECT_EQ(series.lat, 40.0);
    EXPECT_EQ(series.lon, 70.0);
    EXPECT_EQ(series.units, a->loadAt("temperature@850", 0, 1).units);
    EXPECT_TRUE(series.hoursKnown);
    EXPECT_EQ(series.hours, (std::vector<double>{6, 12, 18, 24}));
    ASSERT_EQ(series.a.size(), 4u);
    ASSERT_EQ(series.b.size(), 4u);
    const auto latRow =
        std::size_t(std::find(b->grid().lat.begin(), b->grid().lat.end(), 40.0) - b->grid().lat.begin());
    for (std::size_t t = 0; t < 4; ++t) {
        EXPECT_NEAR(series.a[t], test::rolloutFixtureA(t, 1, 13, 7), 1e-3) << t;
        EXPECT_EQ(series.b[t], valueAt(b->loadAt("temperature@850", t, 1), latRow * 36 + 7)) << t;
    }
}

TEST_F(PointSeriesData, LongitudesWrapAroundTheDateLine) {
    const PointSeries series = readPointSeries(*a, *b, alignment, "temperature@850", 0, leads, -88, -6);
    EXPECT_EQ(series.lat, -90.0);
    EXPECT_EQ(series.lon, 350.0) << "-6° is 354°, nearer 350° than 0°";
    EXPECT_NEAR(series.a[2], test::rolloutFixtureA(2, 0, 0, 35), 1e-3);
}

TEST_F(PointSeriesData, AnUnknownFieldIsAnErrorNamingTheFile) {
    try {
        readPointSeries(*a, *b, alignment, "no_such_field", 0, leads, 0, 0);
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("a.nc"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace meshdiff::views
