#include "rerunpanel/RerunPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include "rerunpanel/CalmComboBox.h"
#include "rerunpanel/ExperimentsView.h"
#include "rerunpanel/ParamForm.h"
#include "rerunpanel/RichTooltip.h"

namespace meshdiff::views {
namespace {

QTableWidget* makeTable(const QString& first, const QString& second) {
    auto* table = new QTableWidget(0, 2);
    table->setHorizontalHeaderLabels({first, second});
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    table->verticalHeader()->hide();
    table->setMinimumHeight(70);
    table->setMaximumHeight(150);
    return table;
}

void fillTable(QTableWidget* table, const QJsonObject& values, bool spareRow) {
    table->setRowCount(0);
    for (auto it = values.begin(); it != values.end(); ++it) {
        const int row = table->rowCount();
        table->insertRow(row);
        table->setItem(row, 0, new QTableWidgetItem(it.key()));
        table->setItem(row, 1, new QTableWidgetItem(it.value().toString()));
    }
    if (spareRow) table->insertRow(table->rowCount());
}

QJsonObject readTable(const QTableWidget* table) {
    QJsonObject values;
    for (int row = 0; row < table->rowCount(); ++row) {
        const auto* key = table->item(row, 0);
        const auto* value = table->item(row, 1);
        if (!key || key->text().trimmed().isEmpty()) continue;
        values[key->text().trimmed()] = value ? value->text() : QString();
    }
    return values;
}

// What a choice sets ("NVIDIA_TF32_OVERRIDE=0", "graph = {A.graph}"), its tooltip in the drop-down.
QString choiceEffect(const QJsonObject& choice) {
    QStringList sets;
    const QJsonObject env = choice.value("env").toObject(), params = choice.value("params").toObject();
    for (auto it = env.begin(); it != env.end(); ++it) sets << it.key() + "=" + it.value().toString();
    for (auto it = params.begin(); it != params.end(); ++it)
        sets << (it.value().toString().isEmpty() ? QObject::tr("%1 left out").arg(it.key())
                                                 : it.key() + " = " + it.value().toString());
    return sets.isEmpty() ? QObject::tr("changes nothing in the command or its environment")
                          : QObject::tr("sets %1").arg(sets.join(", "));
}

// The kinds of runs a preset suits, from its "for_runs" (["model"], …).
QStringList recipeKinds(const QJsonObject& recipe) {
    QStringList kinds;
    for (const auto& kind : recipe.value("for_runs").toArray()) kinds << kind.toString();
    return kinds;
}

constexpr int kKindsRole = Qt::UserRole + 1;

QString commandPreview(const QJsonArray& command) {
    QStringList words;
    for (const auto& item : command) {
        if (item.isArray()) {
            QStringList group;
            for (const auto& word : item.toArray()) group << word.toString();
            words << "[" + group.join(' ') + "]";
        } else {
            words << item.toString();
        }
    }
    return words.join(' ');
}

}  // namespace

RerunPanel::RerunPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);

    auto* recipeRow = new QHBoxLayout;
    presets_ = new CalmComboBox;
    presets_->setObjectName("rerunPresets");
    auto* open = new QPushButton(tr("Open…"));
    auto* save = new QPushButton(tr("Save as…"));
    recipeRow->addWidget(new QLabel(tr("Recipe")));
    recipeRow->addWidget(presets_, 1);
    recipeRow->addWidget(open);
    recipeRow->addWidget(save);
    layout->addLayout(recipeRow);
    choice_ = new QLabel;
    choice_->setObjectName("rerunRecipeChoice");
    choice_->setWordWrap(true);
    choice_->setVisible(false);
    layout->addWidget(choice_);

    description_ = new QLabel;
    description_->setWordWrap(true);
    layout->addWidget(description_);
    command_ = new QLabel;
    command_->setObjectName("rerunCommand");
    command_->setWordWrap(true);
    command_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    command_->setStyleSheet("font-family: monospace");
    layout->addWidget(command_);

    optionsBox_ = new QWidget;
    optionsForm_ = new QFormLayout(optionsBox_);
    optionsForm_->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(optionsBox_);

    paramsBox_ = new QGroupBox(tr("Parameters"));
    paramsBox_->setObjectName("rerunParams");
    paramsBox_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);  // never squeezed: a scroll area scrolls
    params_ = new ParamForm;
    auto* paramsLayout = new QVBoxLayout(paramsBox_);
    paramsLayout->addWidget(params_);
    env_ = makeTable(tr("Environment variable"), tr("Value (empty: unset)"));
    env_->setObjectName("rerunEnv");
    layout->addWidget(paramsBox_);
    layout->addWidget(env_);
    connect(env_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->row() == env_->rowCount() - 1 && !item->text().isEmpty()) env_->insertRow(env_->rowCount());
    });

    json_ = new QPlainTextEdit;
    json_->setObjectName("rerunJson");
    json_->setVisible(false);
    layout->addWidget(json_);
    jsonToggle_ = new QPushButton(tr("Edit as JSON"));
    jsonToggle_->setCheckable(true);
    layout->addWidget(jsonToggle_, 0, Qt::AlignLeft);

    auto* where = new QGroupBox(tr("Where"));
    auto* whereForm = new QFormLayout(where);
    backend_ = new CalmComboBox;
    backend_->setObjectName("rerunBackend");
    backend_->addItem(tr("This host"), "local");
    backend_->addItem(tr("SSH host"), "ssh");
    backend_->addItem(tr("Slurm"), "slurm");
    host_ = new QLineEdit;
    host_->setObjectName("rerunHost");
    host_->setPlaceholderText(tr("host or user@host from your ssh config"));
    remoteDir_ = new QLineEdit("meshdiff-runs");
    whereForm->addRow(tr("Back-end"), backend_);
    whereForm->addRow(tr("Host"), host_);
    whereForm->addRow(tr("Remote folder"), remoteDir_);
    outputs_ = new QLineEdit;
    outputs_->setObjectName("rerunOutputs");
    outputs_->setToolTip(
        tr("Each run gets <folder>/<run id>/out, its log and ledger.json; results of SSH and "
           "Slurm runs are copied back here."));
    auto* chooseOutputs = new QPushButton(tr("Change…"));
    auto* outputsRow = new QHBoxLayout;
    outputsRow->addWidget(outputs_, 1);
    outputsRow->addWidget(chooseOutputs);
    whereForm->addRow(tr("Outputs go to"), outputsRow);
    connect(outputs_, &QLineEdit::editingFinished, this, [this] {
        const QString dir = outputs_->text().trimmed();
        if (!dir.isEmpty()) emit runsDirectoryChosen(dir);
    });
    connect(chooseOutputs, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for new runs"), outputs_->text());
        if (dir.isEmpty()) return;
        outputs_->setText(dir);
        emit runsDirectoryChosen(dir);
    });
    layout->addWidget(where);

    auto* runRow = new QHBoxLayout;
    label_ = new QLineEdit("C");
    label_->setObjectName("rerunLabel");
    label_->setMaximumWidth(80);
    runs_ = new QLabel;
    runButton_ = new QPushButton(tr("Run"));
    runButton_->setObjectName("rerunRun");
    cancelButton_ = new QPushButton(tr("Cancel"));
    cancelButton_->setObjectName("rerunCancel");
    cancelButton_->setEnabled(false);
    experimentsButton_ = new QPushButton(tr("Experiments…"));
    experimentsButton_->setObjectName("rerunExperiments");
    runRow->addWidget(new QLabel(tr("New run")));
    runRow->addWidget(label_);
    runRow->addWidget(runs_, 1);
    runRow->addWidget(runButton_);
    runRow->addWidget(experimentsButton_);
    runRow->addWidget(cancelButton_);
    layout->addLayout(runRow);

    auto* experimentsRow = new QHBoxLayout;
    side_ = new CalmComboBox;
    side_->setObjectName("rerunExperimentsSide");
    side_->addItem(tr("neither A's nor B's"), QString());
    side_->addItem(tr("A's host"), QStringLiteral("A"));
    side_->addItem(tr("B's host"), QStringLiteral("B"));
    everyExperiment_ = new QCheckBox(tr("Every experiment"));
    everyExperiment_->setObjectName("rerunEveryExperiment");
    everyExperiment_->setToolTip(
        wrappedTip(tr("Plan the precision-knob experiments too when the compare puts the cause at the graph "
                      "(meshdiff experiments --every-experiment); otherwise they are planned only when the "
                      "difference is spread everywhere or mixed.")));
    experimentsRow->addWidget(new QLabel(tr("Experiments: the back-end's host is")));
    experimentsRow->addWidget(side_);
    experimentsRow->addWidget(everyExperiment_);
    experimentsRow->addStretch(1);
    layout->addLayout(experimentsRow);

    auto* progressRow = new QHBoxLayout;
    progress_ = new QProgressBar;
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setTextVisible(false);
    elapsed_ = new QLabel;
    elapsed_->setMinimumWidth(90);
    progressRow->addWidget(progress_, 1);
    progressRow->addWidget(elapsed_);
    layout->addLayout(progressRow);
    status_ = new QLabel(tr("Nothing runs until you click Run."));
    status_->setObjectName("rerunStatus");
    status_->setWordWrap(true);
    layout->addWidget(status_);
    experiments_ = new ExperimentsView;
    experiments_->setObjectName("rerunExperimentsView");
    experiments_->setVisible(false);
    layout->addWidget(experiments_);
    log_ = new QPlainTextEdit;
    log_->setObjectName("rerunLog");
    log_->setReadOnly(true);
    log_->setMaximumBlockCount(20000);
    log_->setStyleSheet("font-family: monospace");
    layout->addWidget(log_, 1);

    connect(presets_, &QComboBox::currentIndexChanged, this, [this](int index) {
        const QString path = presets_->itemData(index).toString();
        if (index >= 0 && !path.isEmpty()) loadRecipeFile(path);
        updateRecipeChoice();
    });
    connect(open, &QPushButton::clicked, this, &RerunPanel::openRecipe);
    connect(save, &QPushButton::clicked, this, &RerunPanel::saveRecipe);
    connect(jsonToggle_, &QPushButton::toggled, this, &RerunPanel::toggleJsonEditor);
    connect(backend_, &QComboBox::currentIndexChanged, this, &RerunPanel::updateBackendFields);
    connect(runButton_, &QPushButton::clicked, this, [this] {
        readFormIntoRecipe();
        if (!recipe_.contains("command")) {
            status_->setText(tr("The recipe has no command."));
            return;
        }
        if (backend_->currentData() == "ssh" && host_->text().trimmed().isEmpty()) {
            status_->setText(tr("Name the SSH host first."));
            return;
        }
        emit runRequested(request());
    });
    connect(cancelButton_, &QPushButton::clicked, this, [this] {
        if (experimentsRunning_) emit experiments_->cancelRequested();
        else emit cancelRequested();
    });
    connect(experimentsButton_, &QPushButton::clicked, this, [this] {
        readFormIntoRecipe();
        if (backend_->currentData() == "ssh" && host_->text().trimmed().isEmpty()) {
            status_->setText(tr("Name the SSH host first."));
            return;
        }
        log_->clear();
        experiments_->setVisible(true);
        experiments_->showMessage(tr("Comparing A and B to plan the experiments…"));
        const QJsonObject shown = request();
        emit experimentsRequested(shown);
    });
    tick_.setInterval(500);
    connect(&tick_, &QTimer::timeout, this,
            [this] { elapsed_->setText(tr("%1 s").arg(clock_.elapsed() / 1000.0, 0, 'f', 1)); });
    updateBackendFields();
    setRuns({}, {}, {}, {});
}

void RerunPanel::setRecipeDirectory(const QString& directory) {
    const QSignalBlocker block(presets_);
    presets_->clear();
    const QDir dir(directory);
    for (const QFileInfo& file : dir.entryInfoList({"*.json"}, QDir::Files, QDir::Name)) {
        QFile in(file.absoluteFilePath());
        QString name = file.completeBaseName();
        if (in.open(QIODevice::ReadOnly)) {
            const auto json = QJsonDocument::fromJson(in.readAll()).object();
            if (json.contains("name")) name = json["name"].toString();
            presets_->addItem(name, file.absoluteFilePath());
            presets_->setItemData(presets_->count() - 1, recipeKinds(json), kKindsRole);
            continue;
        }
        presets_->addItem(name, file.absoluteFilePath());
    }
    runKind_.clear();
    if (presets_->count() > 0) loadRecipeFile(presets_->itemData(0).toString());
}

void RerunPanel::suggestRecipeFor(const QString& kind, const QString& reason) {
    runKindReason_ = reason;
    if (kind == runKind_) {
        updateRecipeChoice();
        return;
    }
    runKind_ = kind;
    suggested_.clear();
    for (int i = 0; i < presets_->count() && !kind.isEmpty(); ++i) {
        if (!presets_->itemData(i, kKindsRole).toStringList().contains(kind)) continue;
        suggested_ = presets_->itemText(i);
        if (!running_ && !experimentsRunning_) presets_->setCurrentIndex(i);  // loads it
        break;
    }
    updateRecipeChoice();
}

void RerunPanel::updateRecipeChoice() {
    QString text;
    if (runKind_.isEmpty()) text.clear();
    else if (suggested_.isEmpty())
        text = tr("%1; no shipped recipe is made for them: open one of yours (Open…).").arg(runKindReason_);
    else if (presets_->currentText() == suggested_)
        text = tr("Chosen for these runs: %1. Pick another recipe above to change it.").arg(runKindReason_);
    else text = tr("Chosen by you. For these runs (%1) meshdiff would choose “%2”.").arg(runKindReason_, suggested_);
    choice_->setText(text);
    choice_->setVisible(!text.isEmpty());
}

void RerunPanel::loadRecipeFile(const QString& path) {
    QFile file(path);
    QJsonParseError error{};
    const QJsonDocument document =
        file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll(), &error) : QJsonDocument();
    if (!document.isObject()) {
        status_->setText(tr("%1: not a recipe (%2)").arg(path, error.errorString()));
        return;
    }
    // What was typed into this recipe's parameters before another was chosen comes back with it.
    if (!recipe_.isEmpty()) {
        readFormIntoRecipe();
        typedParams_[recipe_.value("name").toString()] = recipe_.value("params").toObject();
    }
    QJsonObject recipe = document.object();
    QJsonObject params = recipe.value("params").toObject();
    const QJsonObject typed = typedParams_.value(recipe.value("name").toString());
    for (auto it = typed.begin(); it != typed.end(); ++it)
        if (params.contains(it.key())) params[it.key()] = it.value();
    recipe["params"] = params;
    setRecipe(recipe);
}

void RerunPanel::setRecipe(const QJsonObject& recipe) {
    recipe_ = recipe;
    const QSignalBlocker block(presets_);
    const QString name = recipe.value("name").toString();
    int index = presets_->findText(name);
    if (index < 0) {
        presets_->addItem(name, QString());  // a recipe from elsewhere: listed, not reloadable
        index = presets_->count() - 1;
    }
    presets_->setCurrentIndex(index);
    showRecipe();
    updateRecipeChoice();
}

QJsonObject RerunPanel::recipe() const {
    auto* self = const_cast<RerunPanel*>(this);
    self->readFormIntoRecipe();
    return recipe_;
}

void RerunPanel::showRecipe() {
    updateExperimentsButton();
    description_->setText(recipe_.value("description").toString());
    command_->setText(commandPreview(recipe_.value("command").toArray()));
    // Rows go into hidden boxes and are shown with them: each widget shown on its own asks the X
    // server where the pointer is, a round trip per widget (~30 for a recipe).
    optionsBox_->hide();
    paramsBox_->hide();
    while (optionsForm_->rowCount() > 0) optionsForm_->removeRow(0);
    const QJsonArray options = recipe_.value("options").toArray();
    for (int i = 0; i < options.size(); ++i) {
        const QJsonObject option = options[i].toObject();
        auto* choices = new CalmComboBox;
        choices->setObjectName("rerunOption_" + option["name"].toString());
        for (const auto& choice : option["choices"].toArray()) {
            choices->addItem(choice.toObject()["label"].toString());
            choices->setItemData(choices->count() - 1, choiceEffect(choice.toObject()), Qt::ToolTipRole);
        }
        // A recipe without a description for the option still says what its choices set.
        const QString description = option["description"].toString();
        choices->setToolTip(
            wrappedTip(description.isEmpty() ? tr("Each choice's tooltip says what it sets.") : description));
        const QString selected = option["selected"].toString();
        if (!selected.isEmpty()) choices->setCurrentText(selected);
        connect(choices, &QComboBox::currentTextChanged, this, [this, i](const QString& text) {
            QJsonArray all = recipe_.value("options").toArray();
            QJsonObject changed = all[i].toObject();
            changed["selected"] = text;
            all[i] = changed;
            recipe_["options"] = all;
        });
        const QString label = option["label"].toString();
        auto* name = new QLabel(label.isEmpty() ? option["name"].toString() : label);
        name->setToolTip(choices->toolTip());
        optionsForm_->addRow(name, choices);
    }
    optionsBox_->setVisible(!options.isEmpty());
    if (resolution_ > 0 && recipe_.value("params").toObject().contains("res")) {
        QJsonObject params = recipe_.value("params").toObject();
        params["res"] = QString::number(resolution_, 'g', 6);
        recipe_["params"] = params;
    }
    params_->setRecipe(recipe_);
    paramsBox_->setVisible(!params_->isEmpty() && !jsonToggle_->isChecked());
    fillTable(env_, recipe_.value("env").toObject(), true);
    json_->setPlainText(QString::fromUtf8(QJsonDocument(recipe_).toJson(QJsonDocument::Indented)));
}

void RerunPanel::readFormIntoRecipe() {
    if (jsonToggle_->isChecked()) {
        QJsonParseError error{};
        const auto document = QJsonDocument::fromJson(json_->toPlainText().toUtf8(), &error);
        if (document.isObject()) recipe_ = document.object();
        else status_->setText(tr("The recipe JSON is not valid: %1").arg(error.errorString()));
        return;
    }
    recipe_["params"] = params_->values();
    recipe_["env"] = readTable(env_);
}

void RerunPanel::toggleJsonEditor(bool raw) {
    if (raw) {
        readFormIntoRecipe();
        json_->setPlainText(QString::fromUtf8(QJsonDocument(recipe_).toJson(QJsonDocument::Indented)));
    } else {
        jsonToggle_->setChecked(true);  // parse what was typed first
        readFormIntoRecipe();
        const QSignalBlocker block(jsonToggle_);
        jsonToggle_->setChecked(false);
        showRecipe();
    }
    json_->setVisible(raw);
    paramsBox_->setVisible(!raw && !params_->isEmpty());
    env_->setVisible(!raw);
    optionsBox_->setVisible(!raw && !recipe_.value("options").toArray().isEmpty());
    jsonToggle_->setText(raw ? tr("Back to the form") : tr("Edit as JSON"));
}

void RerunPanel::updateBackendFields() {
    const bool ssh = backend_->currentData() == "ssh";
    host_->setEnabled(ssh);
    remoteDir_->setEnabled(ssh);
}

void RerunPanel::setWhere(const QString& backend, const QString& remoteDir) {
    const bool ssh = backend.startsWith(QLatin1String("ssh:"));
    const int index = backend_->findData(ssh ? QStringLiteral("ssh") : backend);
    if (index < 0) return;
    backend_->setCurrentIndex(index);
    if (ssh) host_->setText(backend.mid(4));
    if (!remoteDir.isEmpty()) remoteDir_->setText(remoteDir);
}

void RerunPanel::openRecipe() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a rerun recipe"), {}, tr("Recipes (*.json)"));
    if (!path.isEmpty()) loadRecipeFile(path);
}

void RerunPanel::saveRecipe() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the rerun recipe"), {}, tr("Recipes (*.json)"));
    if (path.isEmpty()) return;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(recipe()).toJson(QJsonDocument::Indented)) < 0)
        status_->setText(tr("Cannot write %1").arg(path));
}

void RerunPanel::setRuns(const QString& pathA, const QString& labelA, const QString& pathB, const QString& labelB) {
    runA_ = pathA;
    runB_ = pathB;
    auto describe = [](const QString& path, const QString& label) {
        return path.isEmpty() ? tr("none") : (label.isEmpty() ? QFileInfo(path).fileName() : label);
    };
    runs_->setText(tr("A: %1 · B: %2").arg(describe(pathA, labelA), describe(pathB, labelB)));
    updateExperimentsButton();
}

void RerunPanel::updateExperimentsButton() {
    QString why;
    if (runA_.isEmpty() || runB_.isEmpty()) why = tr("Open two runs (A and B) first.");
    else if (!recipe_.contains("experiments") && !recipe_.contains("diagnose"))  // "diagnose": the old name
        why =
            tr("This recipe has no \"experiments\" block: it cannot say which choices stand for A's and B's host "
               "(resources/recipes/README.md). “Rerun one model step” has one for a model's runs, “Demo model step” "
               "for the demo's.");
    else if (running_) why = tr("Wait until the current run ends.");
    const QJsonObject block = recipe_.value(recipe_.contains("experiments") ? "experiments" : "diagnose").toObject();
    const bool hasBlock = recipe_.contains("experiments") || recipe_.contains("diagnose");
    side_->setEnabled(hasBlock && !block.contains("side") && !running_);
    side_->setToolTip(
        wrappedTip(!hasBlock ? tr("Used by the experiments of a recipe with an \"experiments\" block.")
                   : block.contains("side")
                       ? tr("This recipe makes a run compute like A's or B's host itself (its experiments.side), "
                            "so every experiment runs on both sides wherever the back-end is.")
                       : tr("This recipe cannot make a run compute like A's or B's host, so only the side whose "
                            "host the back-end is can be rerun: say which run's host (GPU, software) that is "
                            "(meshdiff experiments --side A|B). Neither: nothing can be planned.")));
    everyExperiment_->setEnabled(hasBlock && !running_);
    experimentsButton_->setEnabled(why.isEmpty());
    experimentsButton_->setToolTip(why.isEmpty()
                                       ? tr("Plan experiments (graph swap, rebuild, precision knobs) that show "
                                            "why A and B differ; nothing runs until you click Start.")
                                       : why);
}

void RerunPanel::setExperimentsRunning(bool running) {
    experimentsRunning_ = running;
    setRunning(running);
    if (running) progress_->setRange(0, 0);
    else if (progress_->maximum() == 0) progress_->setRange(0, 1000);
}

void RerunPanel::setStatus(const QString& text) { status_->setText(text); }

void RerunPanel::revealExperiments() {
    for (QWidget* up = parentWidget(); up; up = up->parentWidget()) {
        if (auto* area = qobject_cast<QScrollArea*>(up)) {
            // After the layout has taken the table's new height: the buttons under it in view.
            QTimer::singleShot(
                0, area, [area, button = experiments_->exportButton()] { area->ensureWidgetVisible(button, 0, 10); });
            return;
        }
    }
}

void RerunPanel::setNextLabel(const QString& label) { label_->setText(label); }

void RerunPanel::setRunResolution(double degrees) {
    if (degrees == resolution_) return;
    resolution_ = degrees;
    applyRunResolution();
}

void RerunPanel::applyRunResolution() {
    if (resolution_ <= 0 || jsonToggle_->isChecked()) return;
    readFormIntoRecipe();
    if (recipe_.value("params").toObject().contains("res")) showRecipe();  // sets "res" from resolution_
}

void RerunPanel::setRunsDirectory(const QString& directory) { outputs_->setText(directory); }
QString RerunPanel::runsDirectory() const { return outputs_->text().trimmed(); }

void RerunPanel::showComparison(const QString& summary) {
    status_->setText(status_->text() + QLatin1Char('\n') + summary);
    appendLog(QStringLiteral("\n[meshdiff] ") + summary + QLatin1Char('\n'));
}
QString RerunPanel::nextLabel() const { return label_->text().trimmed(); }

QJsonObject RerunPanel::request() const {
    QJsonObject request;
    request["recipe"] = recipe();
    if (const QString file = presets_->currentData().toString(); !file.isEmpty()) request["recipe_file"] = file;
    if (const QString side = side_->currentData().toString(); !side.isEmpty() && side_->isEnabled())
        request["side"] = side;
    request["every_experiment"] = everyExperiment_->isChecked();
    const QString kind = backend_->currentData().toString();
    request["backend"] = kind == "ssh" ? "ssh:" + host_->text().trimmed() : kind;
    if (kind == "ssh" && !remoteDir_->text().trimmed().isEmpty()) request["remote_dir"] = remoteDir_->text().trimmed();
    if (!runA_.isEmpty()) request["run_a"] = runA_;
    if (!runB_.isEmpty()) request["run_b"] = runB_;
    request["label"] = nextLabel();
    return request;
}

void RerunPanel::setRunning(bool running) {
    running_ = running;
    runButton_->setEnabled(!running);
    cancelButton_->setEnabled(running);
    updateExperimentsButton();
    if (running) {
        clock_.start();
        tick_.start();
    } else {
        tick_.stop();
    }
}

void RerunPanel::runStarted(const QString& runId) {
    log_->clear();
    progress_->setRange(0, 0);  // busy until the job prints progress
    elapsed_->setText(tr("0.0 s"));
    status_->setText(tr("Running %1 (%2)…").arg(nextLabel(), runId));
    setRunning(true);
}

void RerunPanel::appendLog(const QString& text) {
    QScrollBar* bar = log_->verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    log_->moveCursor(QTextCursor::End);
    log_->insertPlainText(text);
    if (atEnd) bar->setValue(bar->maximum());
}

void RerunPanel::setProgress(double fraction) {
    progress_->setRange(0, 1000);
    progress_->setValue(static_cast<int>(fraction * 1000));
}

void RerunPanel::runEnded(const QString& runFolder, const QString& label, bool succeeded, const QString& status) {
    setRunning(false);
    if (progress_->maximum() == 0) progress_->setRange(0, 1000);
    if (succeeded) progress_->setValue(1000);
    elapsed_->setText(tr("%1 s").arg(clock_.elapsed() / 1000.0, 0, 'f', 1));
    status_->setText(succeeded ? tr("Finished: added as run %1.").arg(label) : tr("%1: %2").arg(label, status));
    status_->setToolTip(runFolder);
    if (succeeded && label == nextLabel()) {
        const QChar last = label.isEmpty() ? QChar('B') : label.back();
        if (label.size() == 1 && last >= 'A' && last < 'Z') setNextLabel(QString(QChar(last.unicode() + 1)));
    }
}

void RerunPanel::startFailed(const QString& message) {
    setRunning(false);
    progress_->setRange(0, 1000);
    status_->setText(tr("Not started: %1").arg(message));
}

}  // namespace meshdiff::views
