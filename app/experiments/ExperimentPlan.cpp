#include "experiments/ExperimentPlan.h"

#include "common/Error.h"

namespace meshdiff::experiments {
namespace {

std::string side(char s) { return std::string(1, s) + "'s"; }

struct Planner {
    const PairFacts& facts;
    const ExperimentRecipe& recipe;
    const PlanSettings& settings;
    Plan plan;
    bool sideMissing = false;  // an experiment was left out for want of its side's host

    // The choices that make a run compute like side `s`'s host; false when no run can.
    // The side's choice goes first: a rebuild's host settings may use the same option and win.
    std::string choice(const RoleChoices& roles, const std::string& role) const {
        return roleChoice(roles, role, facts.metadataA, facts.metadataB, recipe.path, facts.metadataFileA,
                          facts.metadataFileB);
    }

    bool addSide(Experiment& e) {
        if (!recipe.side.empty()) {
            std::vector<std::pair<std::string, std::string>> sideChoices;
            for (const auto& roles : recipe.side)
                sideChoices.emplace_back(roles.option, choice(roles, std::string(1, e.side)));
            e.choices.insert(e.choices.begin(), sideChoices.begin(), sideChoices.end());
            return true;
        }
        return settings.backendSide && *settings.backendSide == e.side;
    }

    void add(Experiment e) {
        if (!addSide(e)) {
            plan.notes.push_back(e.id + ": not planned, " + side(e.side) + " host is not the back-end's");
            sideMissing = true;
            return;
        }
        plan.experiments.push_back(std::move(e));
    }

    void graphSwaps() {
        for (const char s : {'B', 'A'}) {
            const char o = s == 'A' ? 'B' : 'A';
            Experiment e;
            e.id = std::string(1, s) + "-with-" + std::string(1, o) + "-graph";
            e.kind = ExperimentKind::GraphSwap;
            e.side = s;
            e.other = o;
            e.title = side(s) + " side with " + side(o) + " graph";
            e.question = "does " + side(o) + " graph make " + side(s) + " side match " + std::string(1, o) + "?";
            e.choices.emplace_back(recipe.graph->option, choice(*recipe.graph, std::string(1, o)));
            add(std::move(e));
        }
    }

    void rebuilds() {
        for (const char s : {'A', 'B'}) {
            const char o = s == 'A' ? 'B' : 'A';
            Experiment e;
            e.id = std::string(1, s) + "-rebuilt-as-" + std::string(1, o);
            e.kind = ExperimentKind::Rebuild;
            e.side = s;
            e.other = o;
            e.title = side(s) + " side building the graph as " + side(o) + " host";
            e.question = "do " + side(o) + " host settings rebuild " + side(o) + " graph (same hash)?";
            if (recipe.graph && recipe.graph->choices.count("own"))
                e.choices.emplace_back(recipe.graph->option, recipe.graph->choices.at("own"));
            for (const auto& roles : recipe.rebuild)
                e.choices.emplace_back(roles.option, choice(roles, std::string(1, o)));
            add(std::move(e));
        }
    }

    void precisionOff() {
        for (const char s : {'B', 'A'}) {
            Experiment e;
            e.id = std::string(1, s) + "-precision-off";
            e.kind = ExperimentKind::PrecisionOff;
            e.side = s;
            e.other = 'A';
            // With differing graphs both sides use A's graph, so that only precision is left between them.
            const bool onAGraph = facts.graphsDiffer && recipe.graph;
            e.title = side(s) + " side with the precision knobs off" + (onAGraph ? " and A's graph" : "");
            e.question = "do precision knobs (TF32, autotuning, matmul precision) move " + side(s) + " side?";
            if (onAGraph) e.choices.emplace_back(recipe.graph->option, choice(*recipe.graph, "A"));
            for (const auto& [option, choice] : recipe.precisionOff) e.choices.emplace_back(option, choice);
            add(std::move(e));
        }
    }
};

}  // namespace

const char* toString(ExperimentKind kind) {
    switch (kind) {
        case ExperimentKind::Rebuild: return "rebuild";
        case ExperimentKind::PrecisionOff: return "precision_off";
        case ExperimentKind::GraphSwap: break;
    }
    return "graph_swap";
}

Plan planExperiments(const PairFacts& facts, const ExperimentRecipe& recipe, const PlanSettings& settings) {
    Planner p{facts, recipe, settings, {}};
    if (facts.cause == "none") {
        p.plan.notes.push_back("nothing to test: A and B agree within the tolerance");
        return std::move(p.plan);
    }
    if (facts.graphsDiffer) {
        if (recipe.graph) p.graphSwaps();
        else p.plan.notes.push_back("graph swap: not planned, the recipe's experiments block has no graph option");
        if (!recipe.rebuild.empty()) p.rebuilds();
        else p.plan.notes.push_back("graph rebuild: not planned, the recipe's experiments block has no rebuild option");
    } else if (!facts.graphsCompared) {
        p.plan.notes.push_back("graph swap: not planned, A and B were not both compared with a graph");
    }
    const bool spread = facts.cause == "everywhere" || facts.cause == "mixed" || facts.cause == "unknown";
    if (spread || settings.everyExperiment) {
        if (!recipe.precisionOff.empty()) p.precisionOff();
        else
            p.plan.notes.push_back("precision knobs: not planned, the recipe's experiments block has no precision_off");
    } else {
        p.plan.notes.push_back("precision knobs: not planned, the cause is " + facts.cause +
                               " (--every-experiment, in the Rerun panel \"Every experiment\", plans them anyway)");
    }
    if (p.sideMissing)
        p.plan.notes.push_back(
            "the recipe has no experiments.side, so only the side whose host the back-end is can be rerun: say "
            "which (--side A|B; in the Rerun panel, \"the back-end's host is\")");
    return std::move(p.plan);
}

rerun::Recipe recipeFor(const Experiment& experiment, const rerun::Recipe& recipe) {
    rerun::Recipe r = recipe;
    for (const auto& [option, choice] : experiment.choices) {
        auto* o = r.option(option);
        if (!o) throw Error(recipe.name, "the recipe has no option \"" + option + "\"");
        o->selected = choice;
        o->selectedChoice();
    }
    return r;
}

}  // namespace meshdiff::experiments
