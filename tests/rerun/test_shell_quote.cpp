#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QProcess>
#include <filesystem>

#include "common/Error.h"
#include "rerun/ShellQuote.h"

using namespace meshdiff;
using namespace meshdiff::rerun;

namespace {

// What a real /bin/sh makes of a script: its standard output.
std::string runShell(const std::string& script) {
    QProcess shell;
    shell.start("/bin/sh", {"-c", QString::fromStdString(script)});
    EXPECT_TRUE(shell.waitForFinished(10000));
    return shell.readAllStandardOutput().toStdString();
}

const std::vector<std::string> kHostile = {
    "plain",
    "",
    "with space",
    "it's",
    "'",
    "''",
    "$(touch /tmp/meshdiff-pwned-quote)",
    "`id`",
    "; rm -rf /nonexistent",
    "a\nb",
    "\\",
    "\"double\"",
    "$HOME",
    "*",
    "~",
    "-n",
    "&& echo no",
    "| cat",
    "{out}",
    "ünï",
};

}  // namespace

TEST(ShellQuote, EveryValueReachesTheProgramLiterally) {
    for (const auto& value : kHostile) {
        const std::string script = shellExec({"printf", "%s|", value, value});
        const std::string once = value + "|";  // printf's format, applied to each of the two values
        EXPECT_EQ(runShell(script), once + once) << value;
    }
}

TEST(ShellQuote, ExportedValuesStayLiteral) {
    std::vector<std::pair<std::string, std::string>> env;
    env.reserve(kHostile.size());
    for (std::size_t i = 0; i < kHostile.size(); ++i) env.emplace_back("V" + std::to_string(i), kHostile[i]);
    std::string script = shellExports(env);
    for (std::size_t i = 0; i < kHostile.size(); ++i) script += "printf '%s|' \"$V" + std::to_string(i) + "\"\n";
    std::string expected;
    for (const auto& value : kHostile) expected += value + "|";
    EXPECT_EQ(runShell(script), expected);
    EXPECT_FALSE(std::filesystem::exists("/tmp/meshdiff-pwned-quote"));
}

TEST(ShellQuote, RefusesInvalidVariableNames) {
    EXPECT_THROW(shellExports({{"A;touch x", "1"}}), Error);
    EXPECT_THROW(shellExports({{"1A", "1"}}), Error);
    EXPECT_THROW(shellExports({{"", "1"}}), Error);
}
