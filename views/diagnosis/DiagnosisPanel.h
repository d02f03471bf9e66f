#pragma once
#include <QWidget>

#include "diagnosis/DiagnosisPanelData.h"

class QCheckBox;
class QLabel;
class QScrollArea;
class QTableWidget;

namespace meshdiff::views {

// Why A and B differ: the verdict in one big word ("Cause: graph"), the sentence behind it, and
// the evidence — per field (worst first) the share of Σ(A−B)² near the graph differences against
// the share of the grid there, and per edge set the edge-feature drift. Clicking a field's row
// asks for that field (fieldChosen).
class DiagnosisPanel : public QWidget {
    Q_OBJECT
public:
    explicit DiagnosisPanel(QWidget* parent = nullptr);

    void setData(const DiagnosisPanelData& data);
    const DiagnosisPanelData& data() const { return data_; }
    // Marks the field's row, as the window's selection moves, without asking for it again.
    void showField(const QString& field);

    // The "Outline near on the error map" box; toggling it emits mapOutlineToggled.
    void setMapOutline(bool shown);
    QCheckBox* mapOutlineBox() const { return mapOutline_; }

    // "A − B is 0.24 % of the member spread at +6 h (…)" under the sentence; empty: hidden.
    void setSpreadLine(const QString& text);
    QString spreadText() const;

    QString verdictText() const;
    QString explanationText() const;
    QTableWidget* fieldTable() const { return fields_; }
    QTableWidget* driftTable() const { return drift_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void fieldChosen(const QString& field);
    void mapOutlineToggled(bool shown);

private:
    void fillFields();
    void fillDrift();

    DiagnosisPanelData data_;
    QLabel* verdict_;
    QLabel* lead_;
    QLabel* explanation_;
    QLabel* spread_;
    QLabel* neighbourhood_;
    QCheckBox* mapOutline_;
    QLabel* mapOutlineText_;
    QTableWidget* fields_;
    QLabel* driftTitle_;
    QTableWidget* drift_;
    QScrollArea* scroll_ = nullptr;
};

}  // namespace meshdiff::views
