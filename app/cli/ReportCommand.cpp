// `meshdiff report RUN_A RUN_B --out DIR`: what a user attaches to a bug report, written
// without a display (a private Xvfb for VTK's globe, Qt's offscreen platform for the maps).
#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>

#include "cli/Command.h"
#include "cli/LeadHoursOption.h"
#include "common/Error.h"

#ifdef MESHDIFF_HAVE_GUI
#include <QApplication>
#include <QHashFunctions>

#include <atomic>
#include <iostream>

#include "cli/ProgressLine.h"
#include "compare/LeadPairs.h"
#include "export/animation/LeadAnimation.h"
#include "headless/PrivateXvfb.h"
#include "pair/PairLoader.h"
#include "report/ReportEvidence.h"
#include "report/ReportWriter.h"
#endif

namespace meshdiff::cli {

struct ReportOptions {
    std::string runA, runB, outDir, experiments;
    std::string spreadRun;  // empty: A's member spread, when A has members
    std::optional<double> leadHours;
    int width = 1600, height = 1000;
    int maps = 3;
    int closeups = 3;
    int fieldCloseups = 3;
    std::string animation;  // GIF or MP4 (by the suffix) of the worst field's A − B over the leads
};

#ifdef MESHDIFF_HAVE_GUI
namespace {

// The worst field's A − B at every lead, in the window's default map style, 89 mm at 150 DPI, two
// frames a second (views/export/animation). Throws meshdiff::Error naming the file.
void writeWorstFieldAnimation(const pair::LoadedPair& pair, const std::string& path) {
    const FieldsComparison* fields = pair.comparison.fields ? &*pair.comparison.fields : nullptr;
    if (!fields || !pair.fields || fields->perField.empty()) throw Error(path, "--animation needs fields in both runs");
    const std::string field = !fields->worst.empty() ? fields->worst.front() : fields->perField.front().name;
    views::LeadAnimationSource source;
    std::vector<pair::FieldSlice> slices;
    const std::vector<LeadTime> leadsA = pair.fields->a->leads();
    for (const LeadPair& lead : lineUpLeads(leadsA, pair.fields->b->leads()).pairs) {
        source.leadLabels << (lead.hours ? QStringLiteral("+%1 h").arg(*lead.hours)
                                         : QStringLiteral("lead %1").arg(leadsA[lead.a].index));
        slices.push_back({lead.a, lead.b, 0});
    }
    if (slices.size() < 2) throw Error(path, "--animation needs runs of at least two leads that line up");
    const auto coastlines = pair::loadCoastlines();
    source.read = [&](int k) -> std::shared_ptr<const views::ErrorMapData> {
        return pair::loadFieldMap(pair, field, coastlines, slices[std::size_t(k)]);
    };
    views::LeadAnimationOptions options;
    options.format = QString::fromStdString(path).endsWith(QStringLiteral(".mp4"), Qt::CaseInsensitive)
                         ? views::AnimationFormat::Mp4
                         : views::AnimationFormat::Gif;
    options.figure.dotsPerInch = 150;
    const std::atomic<bool> never{false};
    const views::AnimationFile file =
        views::writeLeadAnimation(source, options, QString::fromStdString(path), {}, never);
    std::cout << "meshdiff report: wrote " << path << " (" << field << ", " << file.frames << " frames of "
              << file.pixels.width() << "x" << file.pixels.height() << ", " << file.codec.toStdString() << ")\n";
}

int runReport(const ReportOptions& options) {
    if (options.width < 64 || options.height < 64 || options.width > 16384 || options.height > 16384)
        throw Error("", "--width and --height must be between 64 and 16384 pixels");
    auto evidence = report::findExperimentsEvidence(options.experiments, options.outDir);  // before the long part
    // Qt's PDF writer lists fonts in hash order: a per-process seed would reorder them each run.
    QHashSeed::setDeterministicGlobalSeed();
    const auto xvfb = headless::PrivateXvfb::startIfNoDisplay();
    if (xvfb)
        qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
    static int argc = 1;
    static char name[] = "meshdiff";
    static char* argv[] = {name, nullptr};
    QApplication app(argc, argv);  // Qt Charts (the error-growth chart) is built on QGraphicsWidget

    const std::atomic<bool> cancel{false};
    ProgressLine progress("meshdiff report");
    // Reading and comparing take the first half of the bar, writing the report the second.
    const auto pair = pair::loadPair(
        options.runA, options.runB,
        [&](int percent, const std::string& step) {
            if (percent < 100) progress.update(percent / 2, step);
        },
        cancel, {}, {},
        pair::PairLoadScope{.everyLead = true, .spreadRun = options.spreadRun, .leadStepHours = options.leadHours});

    report::ReportOptions figures;
    figures.width = options.width;
    figures.height = options.height;
    figures.maps = options.maps;
    figures.closeups = options.closeups;
    figures.fieldCloseups = options.fieldCloseups;
    figures.experimentsEvidence = std::move(evidence);
    const report::ReportFiles written =
        report::writeReport(*pair, options.outDir, figures,
                            [&](int percent, const std::string& step) { progress.update(50 + percent / 2, step); });
    progress.finish();
    if (!options.animation.empty()) writeWorstFieldAnimation(*pair, options.animation);
    std::cout << "meshdiff report: wrote " << written.index << " (" << written.globeImages << " globe and "
              << written.mapImages << " map images, " << written.dataFiles << " data files)\n";
    return kExitSame;
}

}  // namespace
#endif

void addReportCommand(CLI::App& app, CommandAction& action) {
    auto options = std::make_shared<ReportOptions>();
    CLI::App* cmd =
        app.add_subcommand("report",
                           "Write a bug-report folder (no display needed): globe and A−B error-map figures (PNG, PDF), "
                           "close-ups of the differing graph items and of the largest field differences, CSV/JSON of "
                           "the differing edges, triangles and field metrics, and an index.html showing them");
    cmd->add_option("RUN_A", options->runA, "Run A: folder or file")->required();
    cmd->add_option("RUN_B", options->runB, "Run B: folder or file")->required();
    cmd->add_option("--out", options->outDir, "Folder to write the report into (created when missing)")->required();
    cmd->add_option("--width", options->width, "Globe image width in pixels")->capture_default_str();
    cmd->add_option("--height", options->height, "Globe image height in pixels")->capture_default_str();
    cmd->add_option("--maps", options->maps, "Error maps of this many worst fields")->capture_default_str();
    cmd->add_option("--closeups", options->closeups, "Globe close-ups of this many differing graph items")
        ->capture_default_str();
    cmd->add_option("--field-closeups", options->fieldCloseups,
                    "Globe close-ups of this many places where the worst fields differ most")
        ->capture_default_str();
    cmd->add_option("--spread", options->spreadRun,
                    "A third run (e.g. another ensemble member of A's model): A against it is the yardstick of\n"
                    "the per-lead table, the scorecard, the growth chart and the spread line (default: A's first\n"
                    "member against its second, when A has members)");
    addLeadHoursOption(*cmd, options->leadHours);
    cmd->add_option("--animation", options->animation,
                    "Also write the worst field's A−B at every lead as an animation: FILE.gif (loops) or FILE.mp4\n"
                    "(H.264), 89 mm at 150 DPI, 2 frames a second, colour limits fixed over all the leads");
    cmd->add_option("--experiments", options->experiments,
                    "meshdiff experiments --json FILE: adds its verdict and evidence table (default:\n"
                    "experiments.json in the --out folder, else diagnosis.json, when there is one)");
    // The option's old name, from when the experiments were called "diagnose"; not in --help.
    cmd->add_option("--diagnosis", options->experiments)->group("");
    cmd->callback([options, &action] {
        action = [options]() -> int {
#ifdef MESHDIFF_HAVE_GUI
            return runReport(*options);
#else
            throw Error("", "meshdiff was built without the GUI (MESHDIFF_GUI=OFF): report needs Qt and VTK");
#endif
        };
    });
}

}  // namespace meshdiff::cli
