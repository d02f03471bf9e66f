#include "WindowReportWriter.h"

#include <exception>
#include <filesystem>
#include <optional>

#include "report/ReportWriter.h"

namespace meshdiff {

gui::ReportWriter windowReportWriter() {
    return [](std::shared_ptr<const pair::LoadedPair> shown, std::shared_ptr<const FieldsComparison> leads,
              const std::string& folder) -> gui::ReportWork {
        // The error-growth chart draws on the GUI thread only (Qt Charts): first, here.
        std::optional<report::Figure> growth;
        if (leads && shown) {
            try {
                std::filesystem::create_directories(folder);
                growth = report::writeGrowthFigures(*leads, folder, report::ReportOptions{});
            } catch (const std::exception&) {
                // the report names the folder's problem when it writes there
            }
        }
        return [shown, leads, folder, growth](const pair::ProgressFn& progress) {
            report::ReportOptions options;
            options.leads = leads;
            options.growthFigure = growth;
            return report::writeReport(*shown, folder, options, progress).index;
        };
    };
}

}  // namespace meshdiff
