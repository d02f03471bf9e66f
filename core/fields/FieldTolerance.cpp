#include "fields/FieldTolerance.h"

#include <cmath>
#include <cstdio>

#include "common/Error.h"

namespace meshdiff {
namespace {

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

}  // namespace

double FieldTolerance::absoluteFor(const std::string& fieldName) const {
    if (auto it = absoluteByName.find(fieldName); it != absoluteByName.end()) return it->second;
    const auto at = fieldName.find('@');
    if (at != std::string::npos) {
        if (auto it = absoluteByName.find(fieldName.substr(0, at)); it != absoluteByName.end()) return it->second;
    }
    return absoluteForAll.value_or(0.0);
}

std::string FieldTolerance::text() const {
    std::string t = "rel RMS ≤ " + number(relative);
    if (absoluteForAll) t += ", max |A−B| ≤ " + number(*absoluteForAll);
    for (const auto& [name, value] : absoluteByName) t += ", max |A−B| ≤ " + number(value) + " (" + name + ")";
    return t;
}

bool judgeField(FieldMetrics& m, const FieldTolerance& tolerance) {
    const bool withinRelative = m.relRmsDefined() && m.relRms <= tolerance.relative;
    const bool withinAbsolute = m.maxAbs <= tolerance.absoluteFor(m.name);
    m.withinTolerance = m.comparedPoints > 0 && m.nanMasksEqual && (withinRelative || withinAbsolute);
    return m.withinTolerance;
}

void addAbsoluteTolerance(FieldTolerance& tolerance, const std::string& spec) {
    const auto equals = spec.rfind('=');
    const std::string name = equals == std::string::npos ? "" : spec.substr(0, equals);
    const std::string value = equals == std::string::npos ? spec : spec.substr(equals + 1);
    std::size_t used = 0;
    double v = -1;
    try {
        v = std::stod(value, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != value.size() || !(v >= 0) || !std::isfinite(v) ||
        (equals != std::string::npos && name.empty()))
        throw Error("", "--abs-tolerance \"" + spec + "\": expected VALUE or FIELD=VALUE with a number ≥ 0");
    if (name.empty()) {
        tolerance.absoluteForAll = v;
    } else {
        tolerance.absoluteByName[name] = v;
    }
}

}  // namespace meshdiff
