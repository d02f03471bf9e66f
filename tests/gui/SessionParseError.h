#pragma once
#include <QByteArray>
#include <QString>

#include <string>

#include "common/Error.h"
#include "gui/session/SessionFile.h"

namespace meshdiff::test {

// What parseSession says of `json` read from `fileName`: its error, or "no error".
inline std::string sessionParseError(const QByteArray& json, const QString& fileName) {
    try {
        gui::parseSession(json, fileName);
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace meshdiff::test
