#pragma once
#include <optional>

#include <QList>
#include <QWidget>

#include "pointseries/PointSeriesData.h"

class QAction;
class QChart;
class QChartView;
class QLabel;

namespace meshdiff::views {

class ChartHover;

// A and B at a clicked point against the lead (left axis, the field's units) and A − B (right
// axis), the lead on show marked on each line. The mouse near a lead's point shows the lead, A,
// B and A − B with units and the place; a right click offers the export actions it is given.
class PointSeriesView : public QWidget {
    Q_OBJECT
public:
    explicit PointSeriesView(QWidget* parent = nullptr);

    void setSeries(PointSeries series);
    void clear(const QString& message);  // no series: says why
    void setCurrentLead(int lead);
    const std::optional<PointSeries>& series() const { return series_; }
    QChart* chart() const;
    QChartView* chartView() const { return view_; }
    QString hoverText() const;  // the tooltip shown; empty when none
    // The entries of the chart's context menu (the window's exports of this chart).
    void setContextActions(const QList<QAction*>& actions);

private:
    void rebuild();

    std::optional<PointSeries> series_;
    int currentLead_ = 0;
    QChartView* view_;
    QLabel* message_;
    ChartHover* hover_;
};

}  // namespace meshdiff::views
