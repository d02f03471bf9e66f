#pragma once
#include <QList>
#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace meshdiff::views {

// One experiment as the table shows it (text only; the window fills it in).
struct ExperimentRow {
    QString experiment;  // "B-with-A-graph → C"
    QString tests;       // the question it answers
    QString toA, toB;    // rel RMS of its run against A and against B ("" before it ran)
    QString graphHash;
    QString shows;  // what it shows, or its state: planned, running…, failed: …
};

// The experiments' part of the Rerun panel: first the plan (each experiment and what it
// tests) with Start and Cancel, then the same rows as the evidence table and the verdict in
// words, with Export… (Markdown or JSON). Runs nothing itself: it emits and is told.
class ExperimentsView : public QWidget {
    Q_OBJECT
public:
    explicit ExperimentsView(QWidget* parent = nullptr);

    void showMessage(const QString& text);  // "Comparing A and B…", a refusal; clears the table
    void showPlan(const QList<ExperimentRow>& rows, const QString& notes);
    void setRow(int index, const ExperimentRow& row);
    void setRunning(bool running);
    void showVerdict(const QString& text);

    QTableWidget* table() const { return table_; }
    QLabel* verdictLabel() const { return verdict_; }
    QLabel* messageLabel() const { return message_; }
    QPushButton* startButton() const { return start_; }
    QPushButton* cancelButton() const { return cancel_; }
    QPushButton* exportButton() const { return export_; }

signals:
    void startRequested();
    void cancelRequested();
    void exportRequested(const QString& path);  // .json: JSON, else Markdown

private:
    QLabel* message_;
    void fitTableHeight();

    QTableWidget* table_;
    QLabel* verdict_;
    QPushButton* start_;
    QPushButton* cancel_;
    QPushButton* export_;
};

}  // namespace meshdiff::views
