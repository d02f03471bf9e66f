#pragma once
#include <functional>
#include <memory>
#include <optional>

#include <QWidget>

#include "builder/BallRadius.h"
#include "fragility/Fragility.h"
#include "globe/GlobeScene.h"
#include "inspect/DifferencesListModel.h"

class QLabel;
class QToolButton;
class QTableView;

namespace meshdiff::views {

// Field values of A and B at a lat/lon (nearest field grid point), for the inspector.
struct FieldSample {
    QString field, units;
    double lat = 0, lon = 0;  // the field grid point used
    double a = 0, b = 0;      // NaN when missing
};
using FieldSampler = std::function<std::optional<FieldSample>(double lat, double lon)>;

// What the inspector says wherever it counts in float32 steps.
QString float32StepsExplained();

// The differences list (linked with the globe) and the details of what is selected: indices,
// lat/lon, distance vs radius (saying where the radius came from) and margin in float32 steps
// (explained in words), which run has it, how far a moved mesh node moved, field values.
class InspectorPanel : public QWidget {
    Q_OBJECT
public:
    explicit InspectorPanel(QWidget* parent = nullptr);

    // Graphs must outlive their use here (until the next call); graphB may be null. The radii
    // are the builder's when the metadata has them, else each graph's ballQueryRadius (it walks
    // every face: compute it off the GUI thread).
    void setGraphs(const GraphDiff* diff, const MeshGraph* graphA, const MeshGraph* graphB, BallRadius radiusA,
                   BallRadius radiusB);
    void setFieldSampler(FieldSampler sampler);
    // Graph A's fragility analysis, to say whether the selected item was flagged at risk
    // (null: not analysed yet). Must outlive its use here.
    void setFragility(const FragilityReport* report);
    void clear();

    DifferencesListModel& differences() { return *model_; }
    QTableView* list() const { return list_; }
    QLabel* details() const { return details_; }
    int currentRow() const;
    // What the details are of: a difference, or a point clicked on the globe or map; none at first.
    std::optional<GlobePick> shownPick() const { return picked_ ? std::optional(current_) : std::nullopt; }

public slots:
    // Shows a pick from the globe or map; selects its row when it is a difference (no signal).
    void showPick(const meshdiff::views::GlobePick& pick);
    void selectRow(int row);  // emits differenceActivated
    void next();
    void previous();

signals:
    // The user chose a difference in the list (or with Next/Previous).
    void differenceActivated(const meshdiff::views::GlobePick& pick);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showDetails(const GlobePick& pick);

    DifferencesListModel* model_;
    QTableView* list_;
    QLabel* details_;
    QToolButton* previous_;
    QToolButton* next_;
    QLabel* counter_;
    const GraphDiff* diff_ = nullptr;
    const MeshGraph* graphA_ = nullptr;
    const MeshGraph* graphB_ = nullptr;
    BallRadius radius_, radiusB_;
    FieldSampler sampler_;
    const FragilityReport* fragility_ = nullptr;
    GlobePick current_;
    bool picked_ = false;  // current_ is a pick (a point clicked on the map is one of kind None)
    bool updatingSelection_ = false;
    int currentRowAtPress_ = -1;  // a click on the current row activates it again (no row change)
};

}  // namespace meshdiff::views
