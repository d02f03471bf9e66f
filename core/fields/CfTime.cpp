#include "fields/CfTime.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>

namespace meshdiff {
namespace {

// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
long long daysFromCivil(long long y, unsigned m, unsigned d) {
    y -= m <= 2;
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<long long>(doe) - 719468;
}

std::optional<double> epochHoursOf(const std::string& date) {
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, consumed = 0;
    double second = 0;
    if (std::sscanf(date.c_str(), "%d-%d-%d%n", &year, &month, &day, &consumed) != 3) return std::nullopt;
    if (month < 1 || month > 12 || day < 1 || day > 31) return std::nullopt;
    std::string rest = date.substr(static_cast<std::size_t>(consumed));
    if (!rest.empty() && (rest[0] == 'T' || rest[0] == 't' || rest[0] == ' ')) {
        if (std::sscanf(rest.c_str() + 1, "%d:%d:%lf", &hour, &minute, &second) < 1) hour = 0;
    }
    return double(daysFromCivil(year, unsigned(month), unsigned(day))) * 24 + hour + minute / 60.0 + second / 3600.0;
}

}  // namespace

std::optional<CfTimeUnits> parseCfTimeUnits(const std::string& text) {
    static const std::map<std::string, double> kHours{{"hours", 1},
                                                      {"hour", 1},
                                                      {"hr", 1},
                                                      {"hrs", 1},
                                                      {"h", 1},
                                                      {"days", 24},
                                                      {"day", 24},
                                                      {"d", 24},
                                                      {"minutes", 1 / 60.0},
                                                      {"minute", 1 / 60.0},
                                                      {"min", 1 / 60.0},
                                                      {"mins", 1 / 60.0},
                                                      {"seconds", 1 / 3600.0},
                                                      {"second", 1 / 3600.0},
                                                      {"sec", 1 / 3600.0},
                                                      {"secs", 1 / 3600.0},
                                                      {"s", 1 / 3600.0},
                                                      {"milliseconds", 1 / 3.6e6},
                                                      {"ms", 1 / 3.6e6},
                                                      {"microseconds", 1 / 3.6e9},
                                                      {"us", 1 / 3.6e9},
                                                      {"nanoseconds", 1 / 3.6e12},
                                                      {"ns", 1 / 3.6e12}};
    std::string units = text;
    std::transform(units.begin(), units.end(), units.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    const auto first = units.find_first_not_of(' ');
    if (first == std::string::npos) return std::nullopt;
    units = units.substr(first);
    const auto space = units.find(' ');
    const auto unit = kHours.find(units.substr(0, space));
    if (unit == kHours.end()) return std::nullopt;
    CfTimeUnits result;
    result.hoursPerUnit = unit->second;
    if (space == std::string::npos) return result;
    const std::string rest = units.substr(space + 1);
    if (rest.rfind("since ", 0) != 0) return std::nullopt;
    result.epochHours = epochHoursOf(rest.substr(6));
    if (!result.epochHours) return std::nullopt;
    return result;
}

}  // namespace meshdiff
