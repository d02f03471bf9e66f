#pragma once
#include <memory>

#include <QString>
#include <QWidget>

#include "compare/Scorecard.h"
#include "scorecard/ScorecardPicture.h"

class QLabel;
class QScrollArea;

namespace meshdiff::views {

class ScorecardCanvas;

// The reproducibility scorecard in the window: drawn by a worker (80 fields × 40 leads in a few
// tens of milliseconds), the last finished picture shown; as wide as the view and as tall as its
// rows need (it scrolls when taller). Hovering a cell tells its field, lead and numbers; a click
// emits cellClicked.
class ScorecardView : public QWidget {
    Q_OBJECT
public:
    explicit ScorecardView(QWidget* parent = nullptr);

    void setScorecard(std::shared_ptr<const Scorecard> card);  // null: nothing to show
    const std::shared_ptr<const Scorecard>& scorecard() const { return card_; }
    // The picture on show (null image before the first) and whether it is of the latest card and size.
    const ScorecardPicture& picture() const { return picture_; }
    bool isPictureCurrent() const;
    QWidget* canvas() const;
    // The tooltip text of a cell: field, lead, RMS(A − B), RMS(spread), ratio or rel RMS.
    QString cellText(std::size_t row, std::size_t column) const;

signals:
    void cellClicked(const QString& field, int leadColumn);
    void pictureShown();  // a picture of the latest card is on show

private:
    friend class ScorecardCanvas;
    void requestPicture();
    void startPicture();
    void pictureDone(ScorecardPicture picture);

    std::shared_ptr<const Scorecard> card_;
    QLabel* region_;
    QScrollArea* scroll_;
    ScorecardCanvas* canvas_;
    ScorecardPicture picture_;
    int generation_ = 0;
    bool running_ = false, wanted_ = false;
};

}  // namespace meshdiff::views
