#include "gui/RerunExperiments.h"

#include <QFile>
#include <QJsonDocument>
#include <QPlainTextEdit>

#include "background/BackgroundWork.h"
#include "background/HandOff.h"
#include "common/Error.h"
#include "compare/Comparison.h"
#include "experiments/ExperimentRecipe.h"
#include "experiments/ExperimentRunner.h"
#include "experiments/PairMeasure.h"
#include "rerun/RerunController.h"
#include "rerun/RerunSession.h"
#include "rerunpanel/ExperimentsView.h"
#include "rerunpanel/RerunPanel.h"

namespace meshdiff::gui {

// What Start needs: the plan with the compare's facts, the recipe, the engine's request.
struct RerunExperiments::Prepared {
    experiments::ExperimentsResult result;
    rerun::Recipe recipe;
    rerun::RerunRequest base;
    std::uint64_t generation = 0;
    QString error;
};

namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

QString sentence(const std::string& s) {
    QString t = text(s);
    if (!t.isEmpty()) t[0] = t[0].toUpper();
    return t;
}

}  // namespace

RerunExperiments::RerunExperiments(views::RerunPanel* panel, rerun::RerunSession* session, AddRun addRun,
                                   QObject* parent)
    : QObject(parent), panel_(panel), session_(session), addRun_(std::move(addRun)) {
    views::ExperimentsView* view = panel_->experiments();
    connect(panel_, &views::RerunPanel::experimentsRequested, this, &RerunExperiments::plan);
    connect(view, &views::ExperimentsView::startRequested, this, &RerunExperiments::start);
    connect(view, &views::ExperimentsView::cancelRequested, this, &RerunExperiments::cancel);
    connect(view, &views::ExperimentsView::exportRequested, this, &RerunExperiments::exportTo);
}

RerunExperiments::~RerunExperiments() = default;

bool RerunExperiments::running() const { return running_; }

const experiments::ExperimentsResult* RerunExperiments::result() const {
    if (runner_) return &runner_->result();
    return prepared_ ? &prepared_->result : nullptr;
}

void RerunExperiments::plan(const QJsonObject& request) {
    views::ExperimentsView* view = panel_->experiments();
    if (running() || session_->running()) {
        panel_->setStatus(tr("A run is going on: wait until it ends."));
        return;
    }
    auto prepared = std::make_shared<Prepared>();
    prepared->generation = ++generation_;
    experiments::ExperimentRecipe recipe;
    try {
        const QJsonObject recipeJson = request["recipe"].toObject();
        const QByteArray bytes = QJsonDocument(recipeJson).toJson(QJsonDocument::Compact);
        // Errors name the preset's file when the recipe came from one, else the recipe's name.
        const QString file = request["recipe_file"].toString();
        const std::string name = (file.isEmpty() ? recipeJson["name"].toString() : file).toStdString();
        recipe = experiments::experimentRecipeFromJson(nlohmann::json::parse(bytes.begin(), bytes.end()), name);
        prepared->base = session_->requestFor(request);
    } catch (const std::exception& e) {
        view->showMessage(tr("Cannot plan the experiments: %1").arg(text(e.what())));
        return;
    }
    experiments::PlanSettings settings;
    if (const QString side = request["side"].toString(); side == "A" || side == "B")
        settings.backendSide = side.at(0).toLatin1();
    settings.everyExperiment = request["every_experiment"].toBool();
    prepared->recipe = recipe.recipe;
    auto& result = prepared->result;
    result.runA = request["run_a"].toString().toStdString();
    result.runB = request["run_b"].toString().toStdString();
    result.recipe = recipe.path;
    result.backend = request["backend"].toString().toStdString();
    // The full compare (edge features and cause included), as `meshdiff experiments` plans from.
    views::runInBackground([this, prepared, settings, recipe = std::move(recipe)] {
        try {
            const Comparison pair = compareRuns(prepared->result.runA, prepared->result.runB, CompareOptions{});
            prepared->result.facts = experiments::pairFacts(pair);
            prepared->result.plan = experiments::planExperiments(prepared->result.facts, recipe, settings);
        } catch (const std::exception& e) {
            prepared->error = text(e.what());
        }
        views::postTo(this, [this, prepared] { showPlan(prepared); });
    });
}

void RerunExperiments::showPlan(std::shared_ptr<Prepared> prepared) {
    if (prepared->generation != generation_ || running()) return;
    views::ExperimentsView* view = panel_->experiments();
    if (!prepared->error.isEmpty()) {
        view->showMessage(tr("Cannot plan the experiments: %1").arg(prepared->error));
        return;
    }
    prepared_ = std::move(prepared);
    if (runner_) runner_->deleteLater();
    runner_ = nullptr;
    letters_.clear();
    const auto& result = prepared_->result;
    QList<views::ExperimentRow> rows;
    for (const auto& e : result.plan.experiments) {
        rows.append({text(e.id), sentence(e.question), {}, {}, {}, tr("planned")});
        letters_.append(QString());
    }
    QStringList notes;
    notes << tr("A vs B: cause %1, max rel RMS %2, graphs %3.")
                 .arg(text(result.facts.cause), text(experiments::formatRelRms(result.facts.maxRelRms)),
                      result.facts.graphsDiffer ? tr("differ") : tr("identical"));
    for (const auto& note : result.plan.notes) notes << sentence(note) + QLatin1Char('.');
    if (result.plan.experiments.empty() && result.facts.cause == "none")
        notes << tr("The fields agree: nothing to explain.");
    view->showPlan(rows, notes.join(QLatin1Char(' ')));
    panel_->setStatus(result.plan.experiments.empty()
                          ? tr("No experiment to run.")
                          : tr("Experiments: the plan is shown below; nothing runs until Start."));
    panel_->revealExperiments();
    emit planShown(int(rows.size()));
}

void RerunExperiments::start() {
    if (!prepared_ || running() || prepared_->result.plan.experiments.empty()) return;
    if (session_->running()) {
        panel_->setStatus(tr("A run is going on: wait until it ends."));
        return;
    }
    auto* runner = new experiments::ExperimentRunner(prepared_->result, prepared_->recipe, prepared_->base, this);
    runner_ = runner;
    running_ = true;
    const std::uint64_t generation = generation_;
    runner->setOffload([this, generation](std::function<void()> work, std::function<void()> done) {
        views::runInBackground([this, generation, work = std::move(work), done = std::move(done)]() mutable {
            work();
            views::postTo(this, [this, generation, done = std::move(done)] {
                if (generation == generation_ && runner_) done();
            });
        });
    });
    const int total = int(prepared_->result.plan.experiments.size());
    connect(runner, &experiments::ExperimentRunner::experimentStarted, this,
            [this, total](int index, const QString& id) {
                panel_->setStatus(tr("Experiment %1/%2: %3…").arg(index + 1).arg(total).arg(id));
                panel_->appendLog(tr("== experiment %1/%2: %3\n").arg(index + 1).arg(total).arg(id));
                panel_->setExperimentsRunning(true);  // busy until the job prints progress
                showRow(index, tr("running…"));
            });
    connect(runner, &experiments::ExperimentRunner::logText, panel_, &views::RerunPanel::appendLog);
    connect(runner, &experiments::ExperimentRunner::progressChanged, panel_, &views::RerunPanel::setProgress);
    connect(runner, &experiments::ExperimentRunner::experimentEnded, this,
            [this](int index, const QString& id, const QString& status) {
                const auto& row = runner_->result().evidence[std::size_t(index)];
                if (status == "succeeded" && !row.runFolder.empty() && addRun_)
                    letters_[index] = addRun_(text(row.runFolder));
                panel_->appendLog(tr("== %1: %2\n").arg(id, status));
                showRow(index);
            });
    connect(runner, &experiments::ExperimentRunner::finished, this, &RerunExperiments::onFinished);
    panel_->log()->clear();
    panel_->setExperimentsRunning(true);
    panel_->experiments()->setRunning(true);
    runner->start();
}

void RerunExperiments::cancel() {
    if (!running()) return;
    panel_->setStatus(tr("Cancelling: the running experiment is stopped, the rest are not run…"));
    runner_->cancel();
}

void RerunExperiments::showRow(int index, const QString& state) {
    const auto* result = this->result();
    if (!result || index < 0 || std::size_t(index) >= result->evidence.size()) return;
    const auto& row = result->evidence[std::size_t(index)];
    views::ExperimentRow shown;
    shown.experiment = text(row.experiment.id);
    if (!letters_.value(index).isEmpty()) shown.experiment += QStringLiteral(" → ") + letters_[index];
    shown.tests = sentence(row.experiment.question);
    if (row.relRmsToA) shown.toA = text(experiments::formatRelRms(row.relRmsToA));
    if (row.relRmsToB) shown.toB = text(experiments::formatRelRms(row.relRmsToB));
    shown.graphHash = text(experiments::graphColumn(row, result->facts));
    if (!state.isEmpty()) shown.shows = state;
    else if (!row.shows.empty()) shown.shows = text(row.shows);
    else if (row.status == "succeeded") shown.shows = tr("measured; judged when all have run");
    else shown.shows = text(row.status) + (row.reason.empty() ? QString() : QStringLiteral(": ") + text(row.reason));
    panel_->experiments()->setRow(index, shown);
}

void RerunExperiments::onFinished() {
    running_ = false;
    const auto& result = runner_->result();
    for (int i = 0; i < int(result.evidence.size()); ++i) showRow(i);
    int ran = 0;
    for (const auto& row : result.evidence) ran += row.status == "succeeded" ? 1 : 0;
    QString verdict = text(result.verdict.text);
    if (runner_->cancelled())
        verdict = tr("Cancelled after %1 of %2 experiments. ").arg(ran).arg(result.evidence.size()) + verdict;
    panel_->setExperimentsRunning(false);
    panel_->setProgress(1.0);
    panel_->setStatus(runner_->cancelled() ? tr("Experiments cancelled.")
                                           : tr("Experiments finished: cause %1.").arg(text(result.verdict.cause)));
    panel_->experiments()->showVerdict(verdict);
    panel_->revealExperiments();
    emit finished(verdict);
}

void RerunExperiments::exportTo(const QString& path) {
    const auto* result = this->result();
    if (!result) return;
    const std::string body = path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)
                                 ? experiments::experimentsResultToJson(*result).dump(2) + "\n"
                                 : experiments::experimentsResultToMarkdown(*result);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(body.data(), qint64(body.size())) != qint64(body.size()))
        panel_->setStatus(tr("Cannot write %1").arg(path));
    else panel_->setStatus(tr("Experiments exported to %1").arg(path));
}

}  // namespace meshdiff::gui
