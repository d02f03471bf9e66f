#pragma once
#include <map>
#include <string>

#include <QWidget>

#include "growthchart/GrowthChartData.h"

class QChart;
class QChartView;
class QLabel;
class QLineSeries;

namespace meshdiff::views {

class ChartHover;

// The error-growth chart: rel RMS of A−B against the lead on a log axis, one line per field and
// the member spread as a band (growthchart/GrowthChart.h). Clicking a point (or the line near
// it) names its field and lead; the mouse near a point shows its field, lead and numbers. A
// field keeps its line's colour while the lines come and go.
class GrowthChartView : public QWidget {
    Q_OBJECT
public:
    explicit GrowthChartView(QWidget* parent = nullptr);

    void setData(GrowthChartData data);
    const GrowthChartData& data() const { return data_; }
    QChart* chart() const;
    QChartView* chartView() const { return view_; }
    QString hoverText() const;  // the tooltip shown; empty when none

signals:
    void pointClicked(const QString& field, int leadIndex);

private:
    // The point of `field`'s line nearest to `value` (in chart values): its line and position.
    const GrowthPoint* nearestPoint(const QString& field, QPointF value, const GrowthLine** line) const;
    void connectSeries(QLineSeries* series);
    void keepColors();

    GrowthChartData data_;
    QChartView* view_;
    QLabel* empty_;
    ChartHover* hover_;
    std::map<std::string, std::size_t> colors_;  // each field's colour, once it had a line
};

}  // namespace meshdiff::views
