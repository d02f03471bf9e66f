// Rollouts with one netCDF4-python file per lead (tests/fixtures/make_rollout_lead_files.py):
// run-folder discovery, the lead file names, leads from names or files, one source over the files,
// and the folders that are not one rollout. A's values follow
// code(t, m, k, i, j) = 1000 t + 10 k + i + 0.01 j + 5 cos(i/3) sin(j/4) + m sin(i+j).
#include <gtest/gtest.h>

#include <cmath>
#include <variant>

#include "common/Error.h"
#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "fields/FieldSource.h"
#include "io/LeadFileNames.h"
#include "run/RunFolder.h"

using namespace meshdiff;
using meshdiff::test::errorOf;

namespace {

std::string rollout(const std::string& name) { return test::fixture("rollouts/" + name).string(); }

double code(int t, int m, int k, int i, int j) {
    return 1000.0 * t + 10.0 * k + i + 0.01 * j + 5 * std::cos(i / 3.0) * std::sin(j / 4.0) + m * std::sin(i + j);
}

double worstError(const Field& f, int t, int m, int k) {
    const auto& values = std::get<std::vector<float>>(f.values);
    double worst = 0;
    for (std::size_t i = 0; i < f.nlat; ++i)
        for (std::size_t j = 0; j < f.nlon; ++j)
            worst = std::max(worst, std::abs(values[i * f.nlon + j] - code(t, m, k, int(i), int(j))));
    return worst;
}

std::vector<double> hoursOf(const FieldSource& s) {
    std::vector<double> hours;
    for (const LeadTime& lead : s.leads()) hours.push_back(lead.hours.value_or(-1));
    return hours;
}

bool mentions(const Error& e, const std::string& text) { return std::string(e.what()).find(text) != std::string::npos; }

}  // namespace

TEST(LeadFileNames, TakeTheLeadInHoursFromTheEndOfTheName) {
    for (const auto& [name, prefix, hours] :
         std::vector<std::tuple<std::string, std::string, double>>{{"run_006.nc", "run", 6},
                                                                   {"/x/y/run_12.nc", "run", 12},
                                                                   {"gc_f006.grib2", "gc", 6},
                                                                   {"gc.step18.npz", "gc", 18},
                                                                   {"gc-lead24.nc", "gc", 24},
                                                                   {"fc+006h.nc", "fc", 6},
                                                                   {"fc_2020_f036h.nc", "fc_2020", 36},
                                                                   {"graphcast_f240", "graphcast", 240}}) {
        const std::optional<LeadFileName> parsed = parseLeadFileName(name);
        ASSERT_TRUE(parsed) << name;
        EXPECT_EQ(parsed->prefix, prefix) << name;
        EXPECT_EQ(parsed->hours, hours) << name;
    }
    for (const std::string name : {"forecast.nc", "run006.nc", "_006.nc", "run_12345.nc", "run_006x.nc"})
        EXPECT_FALSE(parseLeadFileName(name)) << name;
}

TEST(LeadFileNames, MatchOneRolloutInLeadOrderOrSayWhyNot) {
    const LeadFileMatch match = matchLeadFiles({"d/a_024.nc", "d/a_006.nc", "d/a_12.nc"});
    ASSERT_TRUE(match.set) << match.problem;
    EXPECT_EQ(match.set->files, (std::vector<std::string>{"d/a_006.nc", "d/a_12.nc", "d/a_024.nc"}));
    EXPECT_EQ(match.set->hours, (std::vector<double>{6, 12, 24}));
    EXPECT_NE(matchLeadFiles({"a_006.nc", "b_012.nc"}).problem.find("not one rollout"), std::string::npos);
    EXPECT_NE(matchLeadFiles({"a_006.nc", "a_6.nc"}).problem.find("a_006.nc and a_6.nc name the same lead (6 h)"),
              std::string::npos);
    EXPECT_NE(matchLeadFiles({"a_006.nc", "fields.nc"}).problem.find("fields.nc has no lead in its name"),
              std::string::npos);
}

TEST(LeadFilesFieldSource, ARunFolderWithOneFilePerLeadIsOneRollout) {
    const RunInputs run = discoverRun(rollout("lead_files_a"));
    ASSERT_TRUE(run.fieldsFile);
    EXPECT_EQ(*run.fieldsFile, rollout("lead_files_a"));
    ASSERT_EQ(run.leadFiles.size(), 4u);
    EXPECT_EQ(run.leadFiles.front(), rollout("lead_files_a/a_006.nc"));
    EXPECT_EQ(run.notes.front(), "fields: 4 files, one per lead (a_006.nc … a_024.nc)");

    const auto source = openFieldSource(*run.fieldsFile);
    EXPECT_EQ(source->path(), rollout("lead_files_a"));
    EXPECT_EQ(hoursOf(*source), (std::vector<double>{6, 12, 18, 24}));  // from the names: no time axis
    EXPECT_EQ(source->members(), (std::vector<int>{3, 7}));
    EXPECT_EQ(source->fieldNames(), (std::vector<std::string>{"2m_temperature", "temperature@850", "temperature@500"}));
    EXPECT_EQ(source->grid().nlat(), 19u);
    for (int t : {3, 0, 2}) {  // out of order: files are reopened as needed
        for (int m = 0; m < 2; ++m) {
            EXPECT_LT(worstError(source->loadAt("2m_temperature", std::size_t(t), std::size_t(m)), t, m, 0), 1e-3);
            EXPECT_LT(worstError(source->loadAt("temperature@500", std::size_t(t), std::size_t(m)), t, m, 2), 1e-3);
        }
    }
}

TEST(LeadFilesFieldSource, TakesLeadHoursFromTheFileWhenItHasALeadAxis) {
    const auto named = openFieldSource(rollout("lead_files_b"));
    EXPECT_EQ(hoursOf(*named), (std::vector<double>{6, 12, 18, 24}));
    const auto numbered = openFieldSource(rollout("lead_files_b_time"));  // b+1.nc … b+4.nc hold 6 … 24 h
    EXPECT_EQ(hoursOf(*numbered), (std::vector<double>{6, 12, 18, 24}));
    EXPECT_EQ(discoverRun(rollout("lead_files_b")).label, "B per lead");
}

TEST(LeadFilesFieldSource, NamesTheFileThatDoesNotBelong) {
    const Error duplicate = errorOf([] { openFieldSource(rollout("lead_files_duplicate")); });
    EXPECT_EQ(duplicate.file(), rollout("lead_files_duplicate/a_030.nc"));
    EXPECT_TRUE(mentions(duplicate, "holds the same lead as a_012.nc (12 h)")) << duplicate.what();

    const Error grid = errorOf([] { openFieldSource(rollout("lead_files_other_grid")); });
    EXPECT_EQ(grid.file(), rollout("lead_files_other_grid/a_018.nc"));
    EXPECT_TRUE(mentions(grid, "has another grid than a_006.nc")) << grid.what();

    const Error fields = errorOf([] { openFieldSource(rollout("lead_files_other_fields")); });
    EXPECT_EQ(fields.file(), rollout("lead_files_other_fields/a_012.nc"));
    EXPECT_TRUE(mentions(fields, "holds other fields than a_006.nc")) << fields.what();

    const Error damaged = errorOf([] { discoverRun(rollout("lead_files_damaged")); });
    EXPECT_EQ(damaged.file(), rollout("lead_files_damaged/a_018.nc"));

    const Error prefixes = errorOf([] { discoverRun(rollout("lead_files_two_prefixes")); });
    EXPECT_TRUE(mentions(prefixes, "holds two fields files (a_006.nc, c_012.nc) that are not one rollout"))
        << prefixes.what();
}
