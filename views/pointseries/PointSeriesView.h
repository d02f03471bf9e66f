#pragma once
#include <optional>

#include <QWidget>

#include "pointseries/PointSeriesData.h"

class QChart;
class QChartView;
class QLabel;

namespace meshdiff::views {

// A and B at a clicked point against the lead (left axis, the field's units) and A − B (right
// axis), the lead on show marked on each line.
class PointSeriesView : public QWidget {
    Q_OBJECT
public:
    explicit PointSeriesView(QWidget* parent = nullptr);

    void setSeries(PointSeries series);
    void clear(const QString& message);  // no series: says why
    void setCurrentLead(int lead);
    const std::optional<PointSeries>& series() const { return series_; }
    QChart* chart() const;

private:
    void rebuild();

    std::optional<PointSeries> series_;
    int currentLead_ = 0;
    QChartView* view_;
    QLabel* message_;
};

}  // namespace meshdiff::views
