#pragma once
#include <vector>

#include <QObject>
#include <QPointF>
#include <QString>

class QAbstractSeries;
class QChartView;

namespace meshdiff::views {

// A point of a chart the mouse can rest on: where it is, in its series' values, and what its
// tooltip says.
struct HoverPoint {
    QAbstractSeries* series = nullptr;
    QPointF value;
    QString text;
};

// The tooltip of a Qt Charts view: the point nearest the mouse, within a marker's reach (10
// screen pixels), shows its text; none within reach, no tooltip. The view's charts set their
// points again whenever they build a new chart.
class ChartHover : public QObject {
public:
    explicit ChartHover(QChartView* view);  // a child of the view; follows its viewport's mouse

    void setPoints(std::vector<HoverPoint> points);
    QString text() const { return text_; }  // the tooltip shown; empty when none
    void showNear(const QPoint& at);        // at: in the view's viewport

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QChartView* view_;
    std::vector<HoverPoint> points_;
    QString text_;
};

}  // namespace meshdiff::views
