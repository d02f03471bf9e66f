#include <gtest/gtest.h>

#include <QDir>
#include <QTemporaryDir>
#include <fstream>

#include "common/Error.h"
#include "rerun/RunLedger.h"

using namespace meshdiff;
using namespace meshdiff::rerun;

TEST(Ledger, AddsAndReplacesRecordsById) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    RunLedger ledger(dir.path().toStdString() + "/runs");
    EXPECT_TRUE(ledger.records().empty());
    ledger.upsert({{"id", "1"}, {"status", "running"}});
    ledger.upsert({{"id", "2"}, {"status", "running"}});
    ledger.upsert({{"id", "1"}, {"status", "succeeded"}, {"exit_code", 0}});
    const auto records = ledger.records();
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(ledger.find("1")["status"], "succeeded");
    EXPECT_EQ(ledger.find("2")["status"], "running");
    EXPECT_TRUE(ledger.find("3").is_null());
    std::ifstream in(ledger.path());
    EXPECT_EQ(nlohmann::json::parse(in)["runs"].size(), 2u);
}

TEST(Ledger, RefusesToOverwriteSomethingThatIsNotALedger) {
    QTemporaryDir dir;
    RunLedger ledger(dir.path().toStdString());
    std::ofstream(ledger.path()) << "[1, 2, 3]";
    EXPECT_THROW(ledger.upsert({{"id", "1"}}), Error);
    std::ifstream in(ledger.path());
    std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_EQ(text, "[1, 2, 3]");
}
