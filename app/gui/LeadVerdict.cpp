#include "gui/LeadVerdict.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>

namespace meshdiff::gui {
namespace {

double medianOf(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 == 1 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

}  // namespace

LeadVerdict leadVerdict(const LeadComparison& lead, const views::MetricChoice& choice,
                        const std::vector<Region>& regions) {
    LeadVerdict verdict;
    std::vector<double> defined;
    for (const FieldMetrics& metrics : lead.perField) {
        const double relRms = views::chosenRelRms(metrics, choice, regions);
        if (std::isfinite(relRms)) defined.push_back(relRms);
    }
    if (!defined.empty()) verdict.maxRelRms = *std::max_element(defined.begin(), defined.end());
    verdict.medianRelRms = medianOf(std::move(defined));
    if (!lead.spread) return verdict;
    double spreadMax = 0;
    for (const std::optional<FieldMetrics>& metrics : lead.spread->perField) {
        const double relRms = metrics ? views::chosenRelRms(*metrics, choice, regions) : NAN;
        if (std::isfinite(relRms)) spreadMax = std::max(spreadMax, relRms);
    }
    if (spreadMax > 0) verdict.ratioToSpread = verdict.maxRelRms / spreadMax;
    return verdict;
}

QString leadVerdictText(const QString& leadLabel, const LeadComparison& lead, const views::MetricChoice& choice,
                        const std::vector<Region>& regions) {
    const LeadVerdict verdict = leadVerdict(lead, choice, regions);
    QString text =
        QCoreApplication::translate("LeadVerdict", "%1: max rel RMS (%2) %3, median %4 (all fields and members)")
            .arg(leadLabel, QString::fromStdString(views::metricLabel(choice)))
            .arg(verdict.maxRelRms, 0, 'g', 3)
            .arg(verdict.medianRelRms, 0, 'g', 3);
    if (verdict.ratioToSpread && lead.spread) {
        const QString yardstick =
            lead.spread->run.empty()
                ? QCoreApplication::translate("LeadVerdict", "the spread between A's members")
                : QCoreApplication::translate("LeadVerdict", "the spread between A and the spread run");
        text += QCoreApplication::translate("LeadVerdict", "; %1× %2")
                    .arg(*verdict.ratioToSpread, 0, 'g', 2)
                    .arg(yardstick);
    }
    return text + QStringLiteral(".");
}

}  // namespace meshdiff::gui
