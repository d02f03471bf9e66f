#pragma once
#include <QString>

namespace meshdiff::gui {

// Compares a finished rerun with one of the runs it was made for (graphs and fields, no
// fragility analysis), writes the result as `jsonPath` (comparisonToJson) and returns one line:
// "C vs A: graphs identical; fields: max rel RMS 2.1e-05" or "C vs B: 12 grid→mesh edges,
// 3 triangles, 0 moved nodes differ; …". Slow (reads both runs): call it off the GUI thread.
// Never throws: a failure is the line's message.
QString compareRerun(const QString& newRun, const QString& newLabel, const QString& other, const QString& otherLabel,
                     const QString& jsonPath);

}  // namespace meshdiff::gui
