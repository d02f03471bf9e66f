#pragma once
#include <QStringList>
#include <QWidget>

#include "runs/RunComparisonRows.h"
#include "runs/SpreadRunRow.h"

class QComboBox;
class QPushButton;
class QTableWidget;

namespace meshdiff::views {

// Run A beside run B: path, label, device, NumPy SIMD targets, BLAS/LAPACK, graph hash, files found and
// the rest of the metadata; rows whose values differ are highlighted. Lists wrap, digests show
// as "sha256 1a2b3c4d…" in monospace; every cell's full text is in its tooltip and copied by
// Ctrl+C or the context menu's "Copy value". Above the table, every run loaded in this session
// (A, B, then reruns C, D, …) is offered as "Compare [X] with [Y]", each named by its letter,
// its label and a short path; the Compare button asks for the chosen pair (nothing loads
// before the click). Under it, the spread run when there is one (SpreadRunRow).
class RunsPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunsPanel(QWidget* parent = nullptr);

    void setRows(const std::vector<RunComparisonRow>& rows);
    void clear();
    QTableWidget* table() const { return table_; }

    // Lists a run under `label`; a label already listed gets the new path.
    void addRun(const QString& label, const QString& path);
    QString labelOf(const QString& path) const;  // empty when not listed
    QString pathOf(const QString& label) const;  // empty when not listed
    QStringList runLabels() const { return labels_; }
    // The run's own label (from its metadata), shown beside its letter in the selectors.
    void setRunDescription(const QString& path, const QString& description);
    QString choiceText(const QString& label) const;  // as the selectors show it
    // The full text of a cell (the tooltip's), what "Copy value" copies.
    QString fullValue(int row, int column) const;
    void copyCurrentValue() const;
    // Selects the listed runs shown as the compared pair (unlisted paths are ignored).
    void showPair(const QString& pathA, const QString& pathB);

    QComboBox* firstRunBox() const { return first_; }
    QComboBox* secondRunBox() const { return second_; }
    QPushButton* compareButton() const { return compare_; }
    SpreadRunRow* spreadRow() const { return spread_; }

protected:
    // Ctrl+C on the table: the item view would copy only the current cell's shown text.
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void compareRequested(const QString& pathA, const QString& pathB);

private:
    void updateCompareButton();
    void updateChoiceText(int index);

    QStringList labels_, paths_, descriptions_;
    QString shownA_, shownB_;
    QComboBox* first_;
    QComboBox* second_;
    QPushButton* compare_;
    SpreadRunRow* spread_;
    QTableWidget* table_;
};

}  // namespace meshdiff::views
