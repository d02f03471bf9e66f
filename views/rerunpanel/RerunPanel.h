#pragma once
#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace meshdiff::views {

class ExperimentsView;
class ParamForm;

// The Rerun panel: pick and edit a recipe (options, parameters, environment, or its raw JSON),
// choose where it runs (this host, ssh:HOST, Slurm), and start it — only on a click. Shows the
// live log, progress, elapsed time and how the run ended; Cancel stops it. The panel runs
// nothing itself: it emits runRequested() and is told what happens through the slots.
class RerunPanel : public QWidget {
    Q_OBJECT
public:
    explicit RerunPanel(QWidget* parent = nullptr);

    // Offers every *.json in `directory` as a preset; the first one is shown. A preset chosen again
    // shows its parameters as they were last edited.
    void setRecipeDirectory(const QString& directory);
    // What the open runs are ("demo", "model", "graphs"; rerun/RunKind.h) and why: the first preset
    // whose "for_runs" names the kind is chosen when the kind changes, and the panel says so. The
    // user's own pick stays until the runs are of another kind. An empty kind: no runs open.
    void suggestRecipeFor(const QString& kind, const QString& reason);
    QString suggestedRecipe() const { return suggested_; }  // the name of the recipe chosen for the runs
    void loadRecipeFile(const QString& path);
    void setRecipe(const QJsonObject& recipe);
    QJsonObject recipe() const;  // as edited

    // Runs A and B ({A.*}, {B.*}); empty paths when not loaded.
    void setRuns(const QString& pathA, const QString& labelA, const QString& pathB, const QString& labelB);
    void setNextLabel(const QString& label);  // the name the next finished run gets (C, D, …)
    QString nextLabel() const;
    // The loaded runs' grid spacing in degrees: a recipe's "res" parameter starts at it
    // (0: not known, the recipe's own default stays).
    void setRunResolution(double degrees);
    // Where new runs go (<directory>/<run id>/out), shown and changeable in the panel.
    void setRunsDirectory(const QString& directory);
    QString runsDirectory() const;

    // {"recipe", "recipe_file" (the preset's path, when it came from one), "backend" ("local" |
    // "ssh:HOST" | "slurm"), "remote_dir", "run_a", "run_b", "label", and for the experiments "side"
    // ("A" | "B": whose host the back-end's is, when the recipe cannot say) and "every_experiment"}
    QJsonObject request() const;
    // Where the next run goes, as request() says it: "local", "ssh:HOST" or "slurm", and the remote
    // folder for SSH (empty: left as it is). Another text leaves the choice as it is.
    void setWhere(const QString& backend, const QString& remoteDir);

    QPushButton* runButton() const { return runButton_; }
    // Experiments…: enabled when A and B are open and the recipe has an "experiments" block.
    QPushButton* experimentsButton() const { return experimentsButton_; }
    ExperimentsView* experiments() const { return experiments_; }
    QPushButton* cancelButton() const { return cancelButton_; }
    QPlainTextEdit* log() const { return log_; }
    QProgressBar* progressBar() const { return progress_; }
    QLabel* statusLabel() const { return status_; }
    QLabel* recipeChoiceLabel() const { return choice_; }            // why this recipe: chosen for the runs or by hand
    QComboBox* experimentsSide() const { return side_; }             // `meshdiff experiments --side`
    QCheckBox* everyExperiment() const { return everyExperiment_; }  // `--every-experiment`

public slots:
    void runStarted(const QString& runId);
    void appendLog(const QString& text);
    void setProgress(double fraction);
    void runEnded(const QString& runFolder, const QString& label, bool succeeded, const QString& status);
    void startFailed(const QString& message);  // the request was refused before anything ran
    // What comparing the finished run with A and B found (one line each), added to the status.
    void showComparison(const QString& summary);
    // The experiments run (Run and Experiments… wait; Cancel stops the experiments).
    void setExperimentsRunning(bool running);
    void setStatus(const QString& text);
    void revealExperiments();  // scrolls an enclosing scroll area to the plan or evidence table

signals:
    void runRequested(const QJsonObject& request);
    void cancelRequested();
    void runsDirectoryChosen(const QString& directory);
    void experimentsRequested(const QJsonObject& request);  // show the plan for this request

private:
    void showRecipe();
    void readFormIntoRecipe();
    void updateBackendFields();
    void setRunning(bool running);
    void toggleJsonEditor(bool raw);
    void openRecipe();
    void saveRecipe();
    void applyRunResolution();
    void updateExperimentsButton();
    void updateRecipeChoice();

    QJsonObject recipe_;
    QHash<QString, QJsonObject> typedParams_;  // by recipe name: the parameters as last edited
    QString runA_, runB_;
    QComboBox* presets_;
    QLabel* choice_;
    QString runKind_, runKindReason_, suggested_;
    QComboBox* side_;
    QCheckBox* everyExperiment_;
    QLabel* description_;
    QLabel* command_;
    QFormLayout* optionsForm_;
    QWidget* optionsBox_;
    QGroupBox* paramsBox_;
    ParamForm* params_;
    QTableWidget* env_;
    QPlainTextEdit* json_;
    QPushButton* jsonToggle_;
    QComboBox* backend_;
    QLineEdit* host_;
    QLineEdit* remoteDir_;
    QLineEdit* label_;
    QLineEdit* outputs_;
    double resolution_ = 0;
    QLabel* runs_;
    QPushButton* runButton_;
    QPushButton* cancelButton_;
    QPushButton* experimentsButton_;
    ExperimentsView* experiments_;
    QProgressBar* progress_;
    QLabel* elapsed_;
    QLabel* status_;
    QPlainTextEdit* log_;
    QTimer tick_;
    QElapsedTimer clock_;
    bool running_ = false;
    bool experimentsRunning_ = false;
};

}  // namespace meshdiff::views
