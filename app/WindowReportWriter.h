#pragma once
#include "gui/ReportWriterFunction.h"

namespace meshdiff {

// The window's File ▸ Export ▸ Report: app/report's writer, as `meshdiff report` writes it. Lives
// outside gui/ and report/, which do not include each other (tests/style/check_layering.py).
gui::ReportWriter windowReportWriter();

}  // namespace meshdiff
