#include "export/DifferenceLegend.h"

namespace meshdiff::views {
namespace {

// "A (AVX-512 host)"; a label that already names its run ("A (glibc)") or says nothing more
// than the letter stands alone.
QString runName(const QString& letter, const std::string& label) {
    const QString text = QString::fromStdString(label).trimmed();
    if (text.isEmpty() || text == letter) return letter;
    if (text.startsWith(letter + QLatin1Char(' ')) || text.startsWith(letter + QLatin1Char('(')) ||
        text.startsWith(letter + QLatin1Char(':')))
        return text;
    return QStringLiteral("%1 (%2)").arg(letter, text);
}

// In words, as DifferenceColors.h and MapDifferences draw them.
QString lookOfRun(int run) {
    if (run == 1) return QStringLiteral("magenta, solid");
    if (run == 2) return QStringLiteral("black, dashed");
    return QStringLiteral("black ring");
}

}  // namespace

DifferenceMarks marksOf(const ErrorMapData& data) {
    DifferenceMarks marks;
    for (const MapLine& line : data.lines) (line.run == 2 ? marks.edgesB : marks.edgesA) = true;
    for (const MapMarker& marker : data.markers) {
        if (marker.run == 0) marks.gridPoints = true;
        else (marker.run == 2 ? marks.edgesB : marks.edgesA) = true;
    }
    marks.faces = !data.triangles.empty();
    marks.labelA = data.labelA;
    marks.labelB = data.labelB;
    return marks;
}

std::vector<DifferenceLegendEntry> differenceLegend(const DifferenceMarks& marks) {
    const QString a = runName(QStringLiteral("A"), marks.labelA), b = runName(QStringLiteral("B"), marks.labelB);
    std::vector<DifferenceLegendEntry> entries;
    if (marks.edgesA)
        entries.push_back({MapMark::Edge, 1, QStringLiteral("grid→mesh edge only in %1").arg(a), lookOfRun(1)});
    if (marks.edgesB)
        entries.push_back({MapMark::Edge, 2, QStringLiteral("grid→mesh edge only in %1").arg(b), lookOfRun(2)});
    if (marks.faces) {
        entries.push_back({MapMark::Face, 1, QStringLiteral("mesh→grid triangle only in %1").arg(a), lookOfRun(1)});
        entries.push_back({MapMark::Face, 2, QStringLiteral("mesh→grid triangle only in %1").arg(b), lookOfRun(2)});
    }
    if (marks.gridPoints)
        entries.push_back(
            {MapMark::GridPoint, 0, QStringLiteral("grid point whose mesh→grid triangle differs"), lookOfRun(0)});
    if (marks.countedRings) {
        DifferenceLegendEntry ring{MapMark::GridPoint, 0,
                                   QStringLiteral("that many differences, too close to draw apart"),
                                   QStringLiteral("numbered ring")};
        ring.countedRing = true;
        entries.push_back(ring);
    }
    if (marks.near)
        entries.push_back({MapMark::GridPoint, 0,
                           QStringLiteral("near the graph differences (as the diagnosis counts)"),
                           QStringLiteral("orange outline"), true});
    return entries;
}

std::string differenceLegendSentence(const std::vector<DifferenceLegendEntry>& entries) {
    QStringList parts;
    for (const DifferenceLegendEntry& e : entries) parts << e.look + QStringLiteral(": ") + e.text;
    return parts.join(QStringLiteral("; ")).toStdString();
}

}  // namespace meshdiff::views
