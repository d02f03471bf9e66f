#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QWheelEvent>
#include <algorithm>
#include <filesystem>

#include "rerun/AttachRerunPanel.h"
#include "rerun/Job.h"
#include "rerun/RerunController.h"
#include "rerunpanel/RerunPanel.h"

using meshdiff::rerun::RerunSession;
using meshdiff::views::RerunPanel;

namespace {

QJsonObject recipe(const char* text) { return QJsonDocument::fromJson(text).object(); }

// A rich-text tooltip as the words it shows.
QString plainText(const QString& html) { return QTextDocumentFragment::fromHtml(html).toPlainText(); }

const QString kGraph = QStringLiteral(MESHDIFF_DATA_DIR "/graphs/wn2_graph_1p0deg_avx2.npz");

struct PanelWithSession {
    QTemporaryDir runs;
    RerunPanel panel;
    RerunSession* session = meshdiff::rerun::attachRerunPanel(&panel, &panel);
    PanelWithSession() {
        session->setRunsDirectory(runs.path());
        panel.resize(520, 760);
        panel.show();
    }
};

}  // namespace

TEST(RerunPanel, OffersTheShippedPresetsWithTheirOptions) {
    PanelWithSession fixture;
    auto* presets = fixture.panel.findChild<QComboBox*>("rerunPresets");
    ASSERT_NE(presets, nullptr);
    EXPECT_EQ(presets->count(), 4);
    EXPECT_GE(presets->findText("Demo model step"), 0);  // the experiments on the built-in demo
    const int numpy = presets->findText("Rebuild the graph with NumPy on a host");
    ASSERT_GE(numpy, 0);
    presets->setCurrentIndex(numpy);
    auto* simd = fixture.panel.findChild<QComboBox*>("rerunOption_simd");
    ASSERT_NE(simd, nullptr);
    EXPECT_EQ(simd->currentText(), "as an AVX2 host (NumPy 1 names)");
    simd->setCurrentText("as a pre-AVX2 host (NumPy 2: X86_V3 and X86_V4 off)");
    const QJsonObject request = fixture.panel.request();
    EXPECT_EQ(request["recipe"].toObject()["options"].toArray()[0].toObject()["selected"].toString(),
              "as a pre-AVX2 host (NumPy 2: X86_V3 and X86_V4 off)");
    // The python param says that it takes an interpreter or a virtual environment.
    auto* python = fixture.panel.findChild<QLineEdit*>("rerunParam_python");
    ASSERT_NE(python, nullptr);
    EXPECT_TRUE(python->toolTip().contains("virtual environment")) << python->toolTip().toStdString();
    EXPECT_EQ(request["backend"].toString(), "local");
    presets->setCurrentIndex(presets->findText("Rerun one model step"));
    for (const char* option : {"graph", "precision", "tf32", "autotune"})
        EXPECT_NE(fixture.panel.findChild<QComboBox*>(QString("rerunOption_") + option), nullptr) << option;
    QDir().mkpath(MESHDIFF_SCREENSHOT_DIR);
    QTest::qWait(50);  // rows added to a shown form appear on the next event loop turn
    fixture.panel.grab().save(MESHDIFF_SCREENSHOT_DIR "/rerun_panel_model_step.png");
}

TEST(RerunPanel, RunsOnlyOnClickAndAddsTheFinishedRunAsC) {
    PanelWithSession fixture;
    fixture.panel.setRecipe(recipe(R"({"name": "t", "command": ["/bin/sh", "-c",
        "echo 25%; sleep 0.3; cp \"$1\" \"$2/graph.npz\"; echo \"label $3\"; echo 100%", "sh", "{A.graph}", "{out}", "{A.label}"]})"));
    fixture.panel.setRuns(kGraph, "avx2", {}, {});
    QSignalSpy finished(fixture.session, &RerunSession::runFinished);
    QSignalSpy progress(fixture.session, &RerunSession::progressChanged);
    QTest::qWait(300);
    EXPECT_EQ(finished.count(), 0);
    EXPECT_FALSE(fixture.session->running());

    QTest::mouseClick(fixture.panel.runButton(), Qt::LeftButton);
    EXPECT_TRUE(fixture.panel.cancelButton()->isEnabled());
    ASSERT_TRUE(finished.count() > 0 || finished.wait(20000));
    const QString folder = finished.at(0).at(0).toString();
    EXPECT_EQ(finished.at(0).at(1).toString(), "C");
    EXPECT_TRUE(std::filesystem::exists(folder.toStdString() + "/graph.npz"));
    EXPECT_GE(progress.count(), 2);
    EXPECT_TRUE(fixture.panel.log()->toPlainText().contains("label wn2_graph_1p0deg_avx2.npz"));
    EXPECT_EQ(fixture.panel.progressBar()->value(), 1000);
    EXPECT_TRUE(fixture.panel.statusLabel()->text().contains("added as run C"));
    EXPECT_EQ(fixture.panel.nextLabel(), "D");
    EXPECT_TRUE(fixture.panel.runButton()->isEnabled());
    EXPECT_FALSE(fixture.panel.cancelButton()->isEnabled());
    QDir().mkpath(MESHDIFF_SCREENSHOT_DIR);
    fixture.panel.grab().save(MESHDIFF_SCREENSHOT_DIR "/rerun_panel_finished.png");
}

TEST(RerunPanel, CancelStopsTheRunAndSaysSo) {
    PanelWithSession fixture;
    fixture.panel.setRecipe(recipe(R"({"name": "long", "command": ["/bin/sleep", "30"]})"));
    QSignalSpy ended(fixture.session, &RerunSession::ended);
    QTest::mouseClick(fixture.panel.runButton(), Qt::LeftButton);
    QTest::qWait(300);
    QTest::mouseClick(fixture.panel.cancelButton(), Qt::LeftButton);
    ASSERT_TRUE(ended.count() > 0 || ended.wait(10000));
    EXPECT_FALSE(ended.at(0).at(2).toBool());
    EXPECT_TRUE(fixture.panel.statusLabel()->text().contains("cancelled"));
    EXPECT_EQ(fixture.panel.nextLabel(), "C");
}

TEST(RerunPanel, ABadRecipeIsRefusedWithAReason) {
    PanelWithSession fixture;
    fixture.panel.setRecipe(recipe(R"({"name": "bad", "command": ["/bin/echo", "{nope}"]})"));
    QSignalSpy failed(fixture.session, &RerunSession::startFailed);
    QTest::mouseClick(fixture.panel.runButton(), Qt::LeftButton);
    ASSERT_EQ(failed.count(), 1);
    EXPECT_TRUE(fixture.panel.statusLabel()->text().contains("{nope}"))
        << fixture.panel.statusLabel()->text().toStdString();
    EXPECT_TRUE(fixture.panel.runButton()->isEnabled());
}

TEST(RerunPanel, ARebuildStartsAtTheLoadedRunsResolution) {
    PanelWithSession fixture;
    auto* presets = fixture.panel.findChild<QComboBox*>("rerunPresets");
    ASSERT_NE(presets, nullptr);
    presets->setCurrentIndex(presets->findText("Rebuild the graph on this host (native)"));
    auto res = [&] { return fixture.panel.request()["recipe"].toObject()["params"].toObject()["res"].toString(); };
    EXPECT_EQ(res(), "1.0");  // the recipe's own default until runs are loaded
    fixture.panel.setRunResolution(0.25);
    EXPECT_EQ(res(), "0.25");
    presets->setCurrentIndex(presets->findText("Rebuild the graph with NumPy on a host"));
    EXPECT_EQ(res(), "0.25");
    presets->setCurrentIndex(presets->findText("Rerun one model step"));
    EXPECT_FALSE(fixture.panel.request()["recipe"].toObject()["params"].toObject().contains("res"));
}

TEST(RerunPanel, DropDownsIgnoreAWheelScrollPassingOverThem) {
    PanelWithSession fixture;
    auto* backend = fixture.panel.findChild<QComboBox*>("rerunBackend");
    ASSERT_NE(backend, nullptr);
    EXPECT_EQ(backend->focusPolicy(), Qt::StrongFocus);
    auto scroll = [&] {
        const QPointF at(backend->width() / 2.0, backend->height() / 2.0);
        QWheelEvent wheel(at, backend->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(backend, &wheel);
    };
    ASSERT_EQ(backend->currentIndex(), 0);
    scroll();
    EXPECT_EQ(backend->currentIndex(), 0);  // not focused: unchanged
    fixture.panel.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&fixture.panel));
    backend->setFocus();
    ASSERT_TRUE(backend->hasFocus());
    scroll();
    EXPECT_EQ(backend->currentIndex(), 1);  // focused: the wheel chooses
}

TEST(RerunPanel, ShowsAndChangesWhereOutputsGo) {
    PanelWithSession fixture;
    EXPECT_EQ(fixture.panel.runsDirectory(), fixture.runs.path());
    auto* outputs = fixture.panel.findChild<QLineEdit*>("rerunOutputs");
    ASSERT_NE(outputs, nullptr);
    const QString elsewhere = fixture.runs.filePath("elsewhere");
    outputs->setText(elsewhere);
    emit outputs->editingFinished();
    EXPECT_EQ(fixture.session->runsDirectory(), elsewhere);
}

TEST(RerunPanel, AFinishedRunIsOfferedForComparisonOnlyWhenItsRecipeSaysSo) {
    for (const bool compare : {true, false}) {
        PanelWithSession fixture;
        fixture.panel.setRecipe(recipe(compare ? R"({"name": "c", "compare": true,
            "command": ["/bin/sh", "-c", "cp \"$1\" \"$2/graph.npz\"", "sh", "{A.graph}", "{out}"]})"
                                               : R"({"name": "c", "compare": false,
            "command": ["/bin/sh", "-c", "cp \"$1\" \"$2/graph.npz\"", "sh", "{A.graph}", "{out}"]})"));
        fixture.panel.setRuns(kGraph, "avx2", kGraph, "same");
        QSignalSpy finished(fixture.session, &RerunSession::runFinished);
        QSignalSpy wanted(fixture.session, &RerunSession::comparisonWanted);
        QTest::mouseClick(fixture.panel.runButton(), Qt::LeftButton);
        ASSERT_TRUE(finished.count() > 0 || finished.wait(20000));
        ASSERT_EQ(wanted.count(), compare ? 1 : 0);
        if (!compare) continue;
        EXPECT_EQ(wanted.at(0).at(0).toString(), finished.at(0).at(0).toString());
        EXPECT_EQ(wanted.at(0).at(2).toString(), kGraph);
        EXPECT_EQ(wanted.at(0).at(3).toString(), kGraph);
        EXPECT_TRUE(wanted.at(0).at(4).toString().startsWith(fixture.runs.path()));
    }
}

TEST(RerunPanel, EveryOptionAndParameterOfEveryShippedRecipeIsAControlThatExplainsItself) {
    PanelWithSession fixture;
    auto* presets = fixture.panel.findChild<QComboBox*>("rerunPresets");
    ASSERT_NE(presets, nullptr);
    ASSERT_EQ(presets->count(), 4);
    for (int preset = 0; preset < presets->count(); ++preset) {
        presets->setCurrentIndex(preset);
        QTest::qWait(20);  // rows added to a shown form appear on the next event loop turn
        const QString name = presets->itemText(preset);
        // What the recipe file says, read here, not from the panel.
        QFile file(presets->itemData(preset).toString());
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
        const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        ASSERT_FALSE(json["options"].toArray().isEmpty()) << name.toStdString();
        for (const auto& item : json["options"].toArray()) {
            const QJsonObject option = item.toObject();
            const QString id = option["name"].toString();
            auto* control = fixture.panel.findChild<QComboBox*>("rerunOption_" + id);
            ASSERT_NE(control, nullptr) << name.toStdString() << ": " << id.toStdString();
            EXPECT_TRUE(control->isVisibleTo(&fixture.panel)) << id.toStdString();
            EXPECT_EQ(control->count(), option["choices"].toArray().size()) << id.toStdString();
            EXPECT_GT(control->toolTip().size(), 40) << name.toStdString() << ": " << id.toStdString();
            EXPECT_EQ(plainText(control->toolTip()), option["description"].toString()) << id.toStdString();
            for (int choice = 0; choice < control->count(); ++choice)
                EXPECT_FALSE(control->itemData(choice, Qt::ToolTipRole).toString().isEmpty())
                    << id.toStdString() << " choice " << choice;
        }
        const QJsonObject params = json["params"].toObject();
        EXPECT_EQ(fixture.panel.findChildren<QWidget*>(QRegularExpression("^rerunParam_")).size(), params.size())
            << name.toStdString();
        for (const QString& param : params.keys()) {
            auto* control = fixture.panel.findChild<QWidget*>("rerunParam_" + param);
            ASSERT_NE(control, nullptr) << name.toStdString() << ": " << param.toStdString();
            EXPECT_TRUE(control->isVisibleTo(&fixture.panel)) << param.toStdString();
            EXPECT_EQ(plainText(control->toolTip()), json["param_help"].toObject()[param].toString());
            auto* label = fixture.panel.findChild<QLabel*>("rerunParamLabel_" + param);
            ASSERT_NE(label, nullptr) << param.toStdString();
            EXPECT_EQ(label->text(), json["param_fields"].toObject()[param].toObject()["label"].toString())
                << name.toStdString() << ": " << param.toStdString() << " has no label in words";
        }
    }
    // The model step's checkout is a folder to browse for, and a grey line says what must be in it.
    presets->setCurrentIndex(presets->findText("Rerun one model step"));
    QTest::qWait(20);
    EXPECT_NE(fixture.panel.findChild<QPushButton*>("rerunParamBrowse_checkout"), nullptr);
    auto* hint = fixture.panel.findChild<QLabel*>("rerunParamHint_checkout");
    ASSERT_NE(hint, nullptr);
    EXPECT_TRUE(hint->isVisibleTo(&fixture.panel));
    EXPECT_TRUE(hint->text().contains("cloud/canary_run.py")) << hint->text().toStdString();
}

TEST(RerunPanel, TheExperimentsSideAndEveryExperimentAreControlsThatReachTheRequest) {
    PanelWithSession fixture;
    auto* presets = fixture.panel.findChild<QComboBox*>("rerunPresets");
    QComboBox* side = fixture.panel.experimentsSide();
    QCheckBox* every = fixture.panel.everyExperiment();
    ASSERT_NE(side, nullptr);
    ASSERT_NE(every, nullptr);
    EXPECT_TRUE(side->isVisibleTo(&fixture.panel));
    EXPECT_TRUE(every->isVisibleTo(&fixture.panel));
    EXPECT_TRUE(every->toolTip().contains("--every-experiment"));
    // The model step cannot make a run compute like A's or B's host: the side is asked for.
    presets->setCurrentIndex(presets->findText("Rerun one model step"));
    EXPECT_TRUE(side->isEnabled());
    EXPECT_TRUE(side->toolTip().contains("--side")) << side->toolTip().toStdString();
    EXPECT_FALSE(fixture.panel.request().contains("side"));
    EXPECT_FALSE(fixture.panel.request()["every_experiment"].toBool());
    side->setCurrentIndex(side->findData("B"));
    every->setChecked(true);
    EXPECT_EQ(fixture.panel.request()["side"].toString(), "B");
    EXPECT_TRUE(fixture.panel.request()["every_experiment"].toBool());
    EXPECT_TRUE(fixture.panel.request()["recipe_file"].toString().endsWith("model-step.json"));
    // The demo recipe says itself how each side runs: the side control has nothing to say.
    presets->setCurrentIndex(presets->findText("Demo model step"));
    EXPECT_FALSE(side->isEnabled());
    EXPECT_FALSE(fixture.panel.request().contains("side"));
    EXPECT_FALSE(side->toolTip().isEmpty());
}

TEST(RerunPanel, TheRecipeIsChosenByWhatTheRunsAreAndTheUsersPickStays) {
    PanelWithSession fixture;
    auto* presets = fixture.panel.findChild<QComboBox*>("rerunPresets");
    QLabel* choice = fixture.panel.recipeChoiceLabel();
    ASSERT_NE(choice, nullptr);
    EXPECT_FALSE(choice->isVisibleTo(&fixture.panel));  // no runs open: nothing chosen for them

    fixture.panel.suggestRecipeFor("model", "A and B are a model's run folders");
    EXPECT_EQ(presets->currentText(), "Rerun one model step");
    EXPECT_EQ(fixture.panel.request()["recipe"].toObject()["name"].toString(), "Rerun one model step");
    EXPECT_TRUE(choice->isVisibleTo(&fixture.panel));
    EXPECT_TRUE(choice->text().contains("Chosen for these runs: A and B are a model's run folders"))
        << choice->text().toStdString();

    // The user's own pick stays while the runs are of the same kind, and the panel says so.
    presets->setCurrentIndex(presets->findText("Rebuild the graph on this host (native)"));
    fixture.panel.suggestRecipeFor("model", "A and B are a model's run folders");
    EXPECT_EQ(presets->currentText(), "Rebuild the graph on this host (native)");
    EXPECT_TRUE(choice->text().contains("Chosen by you")) << choice->text().toStdString();
    EXPECT_TRUE(choice->text().contains("Rerun one model step")) << choice->text().toStdString();

    fixture.panel.suggestRecipeFor("demo", "the demo's runs");
    EXPECT_EQ(presets->currentText(), "Demo model step");
    fixture.panel.suggestRecipeFor("graphs", "graphs only");
    EXPECT_EQ(presets->currentText(), "Rebuild the graph on this host (native)");
    EXPECT_TRUE(choice->text().startsWith("Chosen for these runs")) << choice->text().toStdString();
    fixture.panel.suggestRecipeFor("", "");
    EXPECT_FALSE(choice->isVisibleTo(&fixture.panel));
}

namespace {

// A recipe with a parameter of every kind, written here as a user would write it.
const char* kEveryKindOfParameter = R"json({"name": "every kind", "workdir": "{checkout}", "files": ["script"],
    "command": ["/bin/echo", "{checkout}", "{script}", "{python}", "{res}", "{mode}", ["{fast}"], "{tag}", "{steps}"],
    "params": {"checkout": "", "script": "", "python": "python3", "res": "1.0", "mode": "b",
               "fast": "", "tag": "x", "steps": "4"},
    "param_help": {"checkout": "The clone the recipe runs.", "script": "A script.", "python": "The Python.",
                   "res": "Degrees.", "mode": "How.", "fast": "Faster.", "tag": "A word.", "steps": "How many."},
    "param_fields": {"checkout": {"label": "Model checkout", "type": "folder", "hint": "Holds run.py."},
                     "python": {"type": "program"},
                     "res": {"label": "Resolution (degrees)", "type": "number", "min": 0.01, "max": 30},
                     "mode": {"type": "choice", "choices": ["a", {"value": "b", "label": "mode b"}, "c"]},
                     "fast": {"type": "flag", "on": "--fast", "off": ""}}})json";

QString writeRecipe(const QTemporaryDir& dir, const char* text) {
    const QString path = dir.filePath("every-kind.json");
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(text);
    return path;
}

}  // namespace

TEST(RerunPanel, EachParameterIsOneLabelledControlOfItsType) {
    PanelWithSession fixture;
    QTemporaryDir dir;
    fixture.panel.loadRecipeFile(writeRecipe(dir, kEveryKindOfParameter));
    auto control = [&](const char* name) { return fixture.panel.findChild<QWidget*>(QString("rerunParam_") + name); };
    EXPECT_EQ(fixture.panel.findChildren<QWidget*>(QRegularExpression("^rerunParam_")).size(), 8);
    // Paths: a line edit with Browse…; a folder and a file named so, a program too.
    for (const char* name : {"checkout", "script", "python"}) {
        EXPECT_NE(qobject_cast<QLineEdit*>(control(name)), nullptr) << name;
        EXPECT_NE(fixture.panel.findChild<QPushButton*>(QString("rerunParamBrowse_") + name), nullptr) << name;
    }
    EXPECT_NE(qobject_cast<QDoubleSpinBox*>(control("res")), nullptr);
    EXPECT_NE(qobject_cast<QDoubleSpinBox*>(control("steps")), nullptr);  // a number without a type
    auto* mode = qobject_cast<QComboBox*>(control("mode"));
    ASSERT_NE(mode, nullptr);
    EXPECT_EQ(mode->count(), 3);
    EXPECT_EQ(mode->currentText(), "mode b");
    EXPECT_NE(qobject_cast<QCheckBox*>(control("fast")), nullptr);
    EXPECT_NE(qobject_cast<QLineEdit*>(control("tag")), nullptr);
    EXPECT_EQ(fixture.panel.findChild<QPushButton*>("rerunParamBrowse_tag"), nullptr);
    // Labels in words; the help as tooltip; the hint as a line under its field.
    EXPECT_EQ(fixture.panel.findChild<QLabel*>("rerunParamLabel_checkout")->text(), "Model checkout");
    EXPECT_EQ(fixture.panel.findChild<QLabel*>("rerunParamLabel_tag")->text(), "Tag");
    EXPECT_EQ(plainText(control("mode")->toolTip()), "How.");
    auto* hint = fixture.panel.findChild<QLabel*>("rerunParamHint_checkout");
    ASSERT_NE(hint, nullptr);
    EXPECT_EQ(hint->text(), "Holds run.py.");
    EXPECT_EQ(fixture.panel.findChild<QLabel*>("rerunParamHint_tag"), nullptr);
    QDir().mkpath(MESHDIFF_SCREENSHOT_DIR);
    QTest::qWait(50);
    fixture.panel.grab().save(MESHDIFF_SCREENSHOT_DIR "/rerun_panel_every_kind.png");
}

TEST(RerunPanel, TheFormsValuesAreWhatTheEngineRuns) {
    PanelWithSession fixture;
    QTemporaryDir dir;
    fixture.panel.loadRecipeFile(writeRecipe(dir, kEveryKindOfParameter));
    auto find = [&](const char* name) { return fixture.panel.findChild<QWidget*>(QString("rerunParam_") + name); };
    // Untouched, the recipe's own text comes back ("1.0" stays "1.0").
    EXPECT_EQ(fixture.panel.request()["recipe"].toObject()["params"].toObject()["res"].toString(), "1.0");
    qobject_cast<QLineEdit*>(find("checkout"))->setText(dir.path());
    qobject_cast<QLineEdit*>(find("script"))->setText(dir.filePath("every-kind.json"));
    qobject_cast<QLineEdit*>(find("python"))->setText("/usr/bin/python3");
    qobject_cast<QDoubleSpinBox*>(find("res"))->setValue(0.25);
    qobject_cast<QComboBox*>(find("mode"))->setCurrentText("c");
    qobject_cast<QCheckBox*>(find("fast"))->setChecked(true);
    qobject_cast<QLineEdit*>(find("tag"))->setText("run-7");
    qobject_cast<QDoubleSpinBox*>(find("steps"))->setValue(12);

    const meshdiff::rerun::RerunRequest request = fixture.session->requestFor(fixture.panel.request());
    meshdiff::rerun::JobContext context;
    context.outDir = "/tmp/out";
    const meshdiff::rerun::Job job = meshdiff::rerun::resolveJob(request.recipe, context);
    const std::vector<std::string> expected = {"/bin/echo",
                                               dir.path().toStdString(),
                                               dir.filePath("every-kind.json").toStdString(),
                                               "/usr/bin/python3",
                                               "0.25",
                                               "c",
                                               "--fast",
                                               "run-7",
                                               "12"};
    EXPECT_EQ(job.argv, expected);
    EXPECT_EQ(job.workdir, dir.path().toStdString());
    // Unticked, the flag's group is left out.
    qobject_cast<QCheckBox*>(find("fast"))->setChecked(false);
    const auto again =
        meshdiff::rerun::resolveJob(fixture.session->requestFor(fixture.panel.request()).recipe, context);
    EXPECT_EQ(std::count(again.argv.begin(), again.argv.end(), "--fast"), 0);
    EXPECT_EQ(again.argv.size(), expected.size() - 1);
}

TEST(RerunPanel, AMissingCheckoutIsNamedAndNothingStarts) {
    PanelWithSession fixture;
    auto* presets = fixture.panel.findChild<QComboBox*>("rerunPresets");
    presets->setCurrentIndex(presets->findText("Rerun one model step"));
    auto* checkout = fixture.panel.findChild<QLineEdit*>("rerunParam_checkout");
    auto* data = fixture.panel.findChild<QLineEdit*>("rerunParam_data");
    ASSERT_NE(checkout, nullptr);
    ASSERT_NE(data, nullptr);
    const QString missing = fixture.runs.filePath("no-such-checkout");
    checkout->setText(missing);
    data->setText("/tmp/input.nc");
    QSignalSpy failed(fixture.session, &RerunSession::startFailed);
    QSignalSpy started(fixture.session, &RerunSession::started);
    QTest::mouseClick(fixture.panel.runButton(), Qt::LeftButton);
    ASSERT_EQ(failed.count(), 1);
    const QString status = fixture.panel.statusLabel()->text();
    EXPECT_TRUE(status.contains("checkout: the folder " + missing + " does not exist")) << status.toStdString();
    EXPECT_TRUE(status.contains("cloud/canary_run.py")) << status.toStdString();  // what it must hold
    EXPECT_FALSE(status.contains("working directory")) << status.toStdString();
    EXPECT_EQ(started.count(), 0);
    EXPECT_FALSE(fixture.session->running());
    EXPECT_TRUE(fixture.panel.runButton()->isEnabled());
    EXPECT_TRUE(QDir(fixture.runs.path()).isEmpty()) << "a run folder was made";
}

TEST(RerunPanel, WhatWasTypedIntoARecipesFieldsComesBackWithIt) {
    PanelWithSession fixture;
    auto* presets = fixture.panel.findChild<QComboBox*>("rerunPresets");
    presets->setCurrentIndex(presets->findText("Rerun one model step"));
    fixture.panel.findChild<QLineEdit*>("rerunParam_checkout")->setText("/home/me/graphcast");
    presets->setCurrentIndex(presets->findText("Demo model step"));
    EXPECT_EQ(fixture.panel.findChild<QLineEdit*>("rerunParam_checkout"), nullptr);
    presets->setCurrentIndex(presets->findText("Rerun one model step"));
    auto* checkout = fixture.panel.findChild<QLineEdit*>("rerunParam_checkout");
    ASSERT_NE(checkout, nullptr);
    EXPECT_EQ(checkout->text(), "/home/me/graphcast");
    EXPECT_EQ(fixture.panel.request()["recipe"].toObject()["params"].toObject()["checkout"].toString(),
              "/home/me/graphcast");
}
