#include "gui/session/SessionView.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <QJsonArray>
#include <QStringList>

#include "common/Error.h"
#include "fieldtable/FieldTableModel.h"
#include "gui/SettingsKeys.h"
#include "gui/session/SessionKeys.h"

namespace meshdiff::gui {
namespace {

using FieldColumn = views::FieldTableModel;

struct Named {
    const char* name;
    int number;  // the enum's value, as the settings store it
};

// Every key whose value is one of a few names; the numbers are views' enums (ErrorMapStyle).
struct NamedKey {
    const QString& key;
    std::vector<Named> names;
};

const std::vector<NamedKey>& namedKeys() {
    static const std::vector<NamedKey> keys{
        {settings::kMapMode, {{"A", 0}, {"B", 1}, {"A-B", 2}, {"side-by-side", 3}, {"|A-B|", 4}}},
        {settings::kMapScale, {{"auto", 0}, {"symlog", 1}, {"linear", 2}}},
        {settings::kMapLimits, {{"full", 0}, {"robust", 1}, {"manual", 2}}},
        {settings::kMapColorMap, {{"viridis", 1}, {"cividis", 2}, {"magma", 3}}},
        {settings::kMapDifferenceColorMap, {{"balance", 4}, {"RdBu", 0}}},
        {session::kFieldsSortColumn,
         {{"name", FieldColumn::Name},
          {"rel_rms", FieldColumn::RelRms},
          {"ratio_to_spread", FieldColumn::RatioToSpread},
          {"corr", FieldColumn::Corr},
          {"max_abs", FieldColumn::MaxAbs},
          {"nan_masks", FieldColumn::NanMasks},
          {"rel_rms_near", FieldColumn::RelRmsNear},
          {"rel_rms_elsewhere", FieldColumn::RelRmsElsewhere},
          {"variable", FieldColumn::Variable},
          {"level", FieldColumn::Level}}},
        {session::kFieldsSortOrder, {{"descending", Qt::DescendingOrder}, {"ascending", Qt::AscendingOrder}}},
    };
    return keys;
}

// By GlobeLayer's numbers.
constexpr std::array<const char*, views::kGlobeLayerCount> kLayerNames{"coastlines",         "mesh",
                                                                       "grid-points",        "g2m-only-A",
                                                                       "g2m-only-B",         "triangles",
                                                                       "moved-nodes",        "at-risk",
                                                                       "field-A-B",          "legend",
                                                                       "colour-bar",         "near-differences",
                                                                       "edge-feature-drift", "reordered-receivers"};

// By GlobePick::Kind's numbers.
constexpr std::array<const char*, 5> kPickKinds{"none", "g2m-edge", "triangle", "grid-point", "mesh-node"};

const QStringList& boolKeys() {
    static const QStringList keys{settings::kMapCoastlines, settings::kMapDifferences, settings::kMapGraticule,
                                  settings::kMapSpotlight,  session::kMapNearOutline,  settings::kFieldsAreaWeighted,
                                  settings::kFieldsGrouped, session::kMapInTheMiddle};
    return keys;
}

const QStringList& numberKeys() {
    static const QStringList keys{settings::kMapManualMin,   settings::kMapManualMax,       session::kMapZoom,
                                  session::kMapCenterLon,    session::kMapCenterLat,        session::kGlobeCameraLat,
                                  session::kGlobeCameraLon,  session::kGlobeCameraDistance, settings::kGlobeMeshLevel,
                                  settings::kGlobeLayerCount};
    return keys;
}

QString joined(const auto& names) {
    QStringList list;
    for (const char* name : names) list << QString::fromLatin1(name);
    return list.join(QStringLiteral(", "));
}

[[noreturn]] void fail(const QString& fileName, const QString& key, const QString& problem) {
    throw Error(fileName.toStdString(), QStringLiteral("\"%1\" %2").arg(key, problem).toStdString());
}

QString namesOf(const std::vector<Named>& names) {
    std::vector<const char*> list;
    for (const Named& named : names) list.push_back(named.name);
    return joined(list);
}

const NamedKey* namedKey(const QString& key) {
    for (const NamedKey& named : namedKeys())
        if (named.key == key) return &named;
    return nullptr;
}

int numberNamed(const NamedKey& named, const QJsonValue& value, const QString& fileName) {
    for (const Named& choice : named.names) {
        if (value.isString() && value.toString() == QLatin1String(choice.name)) return choice.number;
        if (value.isDouble() && value.toDouble() == choice.number) return choice.number;  // the first sessions'
    }
    const QString shown = value.isString()   ? QStringLiteral("\"%1\"").arg(value.toString())
                          : value.isDouble() ? QString::number(value.toDouble())
                                             : QStringLiteral("not a name");
    fail(fileName, named.key, QStringLiteral("is %1, not one of %2").arg(shown, namesOf(named.names)));
}

int layerNamed(const QString& name) {
    const auto at = std::find_if(kLayerNames.begin(), kLayerNames.end(),
                                 [&name](const char* layer) { return name == QLatin1String(layer); });
    return at == kLayerNames.end() ? -1 : int(at - kLayerNames.begin());
}

QVariantList layersFrom(const QJsonValue& value, const QString& fileName) {
    const QString& key = settings::kGlobeLayers;
    if (value.isArray()) {  // the first sessions': the visible layers' numbers
        for (const auto& layer : value.toArray())
            if (!layer.isDouble() || layer.toDouble() < 0 || layer.toDouble() >= views::kGlobeLayerCount)
                fail(fileName, key, QStringLiteral("holds something that is not a layer number"));
        return value.toArray().toVariantList();
    }
    if (!value.isObject()) fail(fileName, key, QStringLiteral("is not an object of layers shown or not"));
    const QJsonObject layers = value.toObject();
    for (auto it = layers.begin(); it != layers.end(); ++it) {
        if (layerNamed(it.key()) < 0)
            fail(fileName, key,
                 QStringLiteral("names no layer \"%1\" (layers: %2)").arg(it.key(), joined(kLayerNames)));
        if (!it->isBool()) fail(fileName, key, QStringLiteral("gives \"%1\" no true or false").arg(it.key()));
    }
    QVariantList visible;
    const views::GlobeScene defaults;
    for (int layer = 0; layer < views::kGlobeLayerCount; ++layer) {
        const QJsonValue shown = layers.value(QLatin1String(kLayerNames[std::size_t(layer)]));
        if (shown.isBool() ? shown.toBool() : defaults.visible[std::size_t(layer)]) visible << layer;
    }
    return visible;
}

void checkNumbers(const QJsonObject& object, const QStringList& keys, const QString& key, const QString& fileName) {
    for (const QString& part : keys)
        if (!object.value(part).isDouble() || !std::isfinite(object.value(part).toDouble()))
            fail(fileName, key, QStringLiteral("has no number \"%1\"").arg(part));
}

QVariant checked(const QString& key, const QJsonValue& value, const QString& fileName) {
    if (boolKeys().contains(key) && !value.isBool()) fail(fileName, key, QStringLiteral("is not true or false"));
    if (numberKeys().contains(key) && (!value.isDouble() || !std::isfinite(value.toDouble())))
        fail(fileName, key, QStringLiteral("is not a number"));
    if ((key == settings::kFieldsRegion || key == session::kFieldsFilter) && !value.isString())
        fail(fileName, key, QStringLiteral("is not a text"));
    if ((key == session::kRerunBackend || key == session::kRerunRemoteDir) && !value.isString())
        fail(fileName, key, QStringLiteral("is not a text"));
    if (key == session::kRerunBackend && value.toString() != QLatin1String("local") &&
        value.toString() != QLatin1String("slurm") && !value.toString().startsWith(QLatin1String("ssh:")))
        fail(fileName, key, QStringLiteral("is \"%1\", not local, slurm or ssh:HOST").arg(value.toString()));
    if (key == session::kRerunRecipe && !(value.isObject() && value.toObject().value("name").isString()))
        fail(fileName, key, QStringLiteral("is not a recipe (an object with a \"name\")"));
    if (key == session::kInspectedPoint) {
        if (!value.isObject()) fail(fileName, key, QStringLiteral("is not an object"));
        checkNumbers(value.toObject(), {"lat", "lon"}, key, fileName);
    }
    if (key == session::kSelectedDifference) {
        if (!value.isObject()) fail(fileName, key, QStringLiteral("is not an object"));
        checkNumbers(value.toObject(), {"grid", "mesh", "run", "diffIndex", "lat", "lon"}, key, fileName);
        const QString kind = value.toObject().value("kind").toString();
        if (std::none_of(kPickKinds.begin(), kPickKinds.end(),
                         [&kind](const char* k) { return kind == QLatin1String(k); }))
            fail(fileName, key, QStringLiteral("has the kind \"%1\", not one of %2").arg(kind, joined(kPickKinds)));
    }
    if (key == session::kDocksShown) {
        if (!value.isObject()) fail(fileName, key, QStringLiteral("is not an object of docks shown or not"));
        for (const auto& shown : value.toObject())
            if (!shown.isBool()) fail(fileName, key, QStringLiteral("holds a dock without true or false"));
    }
    if (key == session::kDocksRaised) {
        if (!value.isArray()) fail(fileName, key, QStringLiteral("is not a list of docks"));
        for (const auto& dock : value.toArray())
            if (!dock.isString()) fail(fileName, key, QStringLiteral("holds a dock that is not a name"));
    }
    return value.toVariant();
}

}  // namespace

QJsonObject sessionViewJson(const SessionView& view) {
    QJsonObject json;
    for (const auto& [key, value] : view) {
        if (const NamedKey* named = namedKey(key)) {
            const auto choice = std::find_if(named->names.begin(), named->names.end(),
                                             [&value](const Named& n) { return n.number == value.toInt(); });
            json.insert(key, choice == named->names.end() ? QJsonValue(value.toInt()) : QJsonValue(choice->name));
        } else if (key == settings::kGlobeLayers) {
            const QVariantList visible = value.toList();
            QJsonObject layers;
            for (int layer = 0; layer < views::kGlobeLayerCount; ++layer)
                layers.insert(QLatin1String(kLayerNames[std::size_t(layer)]), visible.contains(layer));
            json.insert(key, layers);
        } else if (key != settings::kGlobeLayerCount) {  // every layer is named: the count says nothing
            json.insert(key, QJsonValue::fromVariant(value));
        }
    }
    return json;
}

SessionView sessionViewFrom(const QJsonObject& json, const QString& fileName) {
    SessionView view;
    for (auto it = json.begin(); it != json.end(); ++it) {
        const QString& key = it.key();
        if (const NamedKey* named = namedKey(key)) {
            view.emplace_back(key, numberNamed(*named, *it, fileName));
        } else if (key == settings::kGlobeLayers) {
            view.emplace_back(key, layersFrom(*it, fileName));
            if (it->isObject()) view.emplace_back(settings::kGlobeLayerCount, views::kGlobeLayerCount);
        } else {
            view.emplace_back(key, checked(key, *it, fileName));
        }
    }
    return view;
}

QVariantMap pickValue(const views::GlobePick& pick) {
    return {{"kind", QLatin1String(kPickKinds[std::size_t(pick.kind)])},
            {"grid", pick.grid},
            {"mesh", pick.mesh},
            {"run", pick.run},
            {"diffIndex", pick.diffIndex},
            {"lat", pick.lat},
            {"lon", pick.lon}};
}

std::optional<views::GlobePick> pickFrom(const QVariant& value) {
    const QVariantMap map = value.toMap();
    const QString kind = map.value("kind").toString();
    const auto at =
        std::find_if(kPickKinds.begin(), kPickKinds.end(), [&kind](const char* k) { return kind == QLatin1String(k); });
    if (at == kPickKinds.end()) return std::nullopt;
    views::GlobePick pick;
    pick.kind = views::GlobePick::Kind(at - kPickKinds.begin());
    pick.grid = map.value("grid").toInt();
    pick.mesh = map.value("mesh").toInt();
    pick.run = map.value("run").toInt();
    pick.diffIndex = map.value("diffIndex").toInt();
    pick.lat = map.value("lat").toDouble();
    pick.lon = map.value("lon").toDouble();
    return pick;
}

}  // namespace meshdiff::gui
