#include "rerun/RunLedger.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>

#include "common/Error.h"

namespace meshdiff::rerun {
namespace {

nlohmann::json readRuns(const QString& path) {
    QFile file(path);
    if (!file.exists()) return nlohmann::json::array();
    if (!file.open(QIODevice::ReadOnly)) throw Error(path.toStdString(), "cannot read the run ledger");
    const QByteArray bytes = file.readAll();
    auto parsed = nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object() || !parsed.contains("runs") || !parsed["runs"].is_array())
        throw Error(path.toStdString(), "the run ledger is not a {\"runs\": [...]} JSON file");
    return parsed["runs"];
}

}  // namespace

RunLedger::RunLedger(std::string runsDir) : path_(std::move(runsDir) + "/ledger.json") {}

void RunLedger::upsert(const nlohmann::json& record) const {
    const QString path = QString::fromStdString(path_);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QLockFile lock(path + ".lock");
    if (!lock.tryLock(10000)) throw Error(path_, "the run ledger stays locked by another meshdiff");
    nlohmann::json runs = readRuns(path);
    bool replaced = false;
    for (auto& existing : runs)
        if (existing.value("id", "") == record.value("id", "")) {
            existing = record;
            replaced = true;
        }
    if (!replaced) runs.push_back(record);
    QSaveFile file(path);
    const std::string text = nlohmann::json{{"runs", runs}}.dump(2) + "\n";
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) < 0 ||
        !file.commit())
        throw Error(path_, "cannot write the run ledger");
}

nlohmann::json RunLedger::records() const { return readRuns(QString::fromStdString(path_)); }

nlohmann::json RunLedger::find(const std::string& id) const {
    for (const auto& record : records())
        if (record.value("id", "") == id) return record;
    return nullptr;
}

}  // namespace meshdiff::rerun
