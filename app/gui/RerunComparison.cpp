#include "gui/RerunComparison.h"

#include <QObject>

#include <fstream>

#include "compare/Comparison.h"

namespace meshdiff::gui {
namespace {

QString graphSummary(const GraphDiff& d) {
    if (d.identical()) return QObject::tr("graphs identical");
    if (d.sameEdgesAndNodes()) {
        QStringList why;
        for (const std::string& sentence : graphDifferences(d)) why << QString::fromStdString(sentence);
        return why.join(QStringLiteral("; "));
    }
    return QObject::tr("%1 grid→mesh edges, %2 mesh→grid triangles, %3 moved mesh nodes differ")
        .arg(d.g2mOnlyA.size() + d.g2mOnlyB.size())
        .arg(d.m2gChanged.size())
        .arg(d.movedNodes.size());
}

}  // namespace

QString compareRerun(const QString& newRun, const QString& newLabel, const QString& other, const QString& otherLabel,
                     const QString& jsonPath) {
    const QString who = QObject::tr("%1 vs %2").arg(newLabel, otherLabel);
    try {
        CompareOptions options;
        options.assessRisk = false;
        const Comparison c = compareRuns(newRun.toStdString(), other.toStdString(), options);
        QStringList parts;
        if (c.graph) parts << graphSummary(*c.graph);
        if (c.fields) parts << QObject::tr("fields: max rel RMS %1").arg(c.fields->maxRelRms, 0, 'g', 3);
        if (parts.isEmpty()) parts << QObject::tr("nothing in common to compare");
        if (!jsonPath.isEmpty()) {
            std::ofstream out(jsonPath.toStdString());
            out << comparisonToJson(c).dump(2) << "\n";
        }
        return who + QStringLiteral(": ") + parts.join(QStringLiteral("; "));
    } catch (const std::exception& e) {
        return QObject::tr("%1: not compared: %2").arg(who, QString::fromStdString(e.what()));
    }
}

}  // namespace meshdiff::gui
