#include "scorecard/ScorecardView.h"

#include <QFontInfo>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

#include "background/BackgroundWork.h"
#include "colormap/ColorMap.h"

namespace meshdiff::views {

// The picture itself: as wide as the scroll area, as tall as the scorecard's rows need.
class ScorecardCanvas : public QWidget {
public:
    explicit ScorecardCanvas(ScorecardView* view) : view_(view) { setMouseTracking(true); }

    ScorecardLook look() const {
        ScorecardLook look;
        look.fontPixels = QFontInfo(font()).pixelSize();
        return look;
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        painter.fillRect(rect(), Qt::white);
        const QImage& image = view_->picture_.image;
        if (!view_->card_ || image.isNull()) return;
        painter.drawImage(QPointF(0, 0), image);
        // Scrolled down, the lead labels stay in sight above the rows.
        const double top = visibleTop(), header = view_->picture_.layout.grid.top();
        if (top <= 0) return;
        const double ratio = image.devicePixelRatio();
        painter.drawImage(QRectF(0, top, image.width() / ratio, header), image,
                          QRectF(0, 0, image.width(), header * ratio));
    }
    void resizeEvent(QResizeEvent*) override { view_->requestPicture(); }
    void showEvent(QShowEvent*) override { view_->requestPicture(); }
    void mouseMoveEvent(QMouseEvent* event) override {
        const auto cell = hit(event->position());
        if (cell)
            QToolTip::showText(event->globalPosition().toPoint(), view_->cellText(cell->first, cell->second), this);
        else QToolTip::hideText();
    }
    void mouseReleaseEvent(QMouseEvent* event) override {
        if (event->button() != Qt::LeftButton) return;
        const auto cell = hit(event->position());
        if (cell) {
            emit view_->cellClicked(QString::fromStdString(view_->card_->rows[cell->first].field), int(cell->second));
        }
    }

private:
    double visibleTop() const { return visibleRegion().boundingRect().top(); }

    std::optional<std::pair<std::size_t, std::size_t>> hit(QPointF point) const {
        if (!view_->card_ || view_->picture_.image.isNull()) return std::nullopt;
        if (point.y() < visibleTop() + view_->picture_.layout.grid.top()) return std::nullopt;  // under the labels
        const auto cell = view_->picture_.layout.cellAt(point);
        if (!cell || cell->first >= view_->card_->rows.size() || cell->second >= view_->card_->leadCount())
            return std::nullopt;
        return cell;
    }

    ScorecardView* view_;
};

namespace {

QString number(double value) {
    return std::isfinite(value) ? QString::fromStdString(formatValue(value)) : QStringLiteral("—");
}

}  // namespace

ScorecardView::ScorecardView(QWidget* parent)
    : QWidget(parent), region_(new QLabel(this)), scroll_(new QScrollArea(this)), canvas_(new ScorecardCanvas(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    region_->setObjectName(QStringLiteral("scorecardRegion"));
    layout->addWidget(region_);
    scroll_->setWidgetResizable(true);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll_->setWidget(canvas_);
    // The lead labels are drawn at the top of what is in sight: scrolling moves them with the rows.
    connect(scroll_->verticalScrollBar(), &QScrollBar::valueChanged, canvas_, qOverload<>(&QWidget::update));
    layout->addWidget(scroll_, 1);
    canvas_->setObjectName(QStringLiteral("scorecardCanvas"));
    setScorecard(nullptr);
}

QWidget* ScorecardView::canvas() const { return canvas_; }

void ScorecardView::setScorecard(std::shared_ptr<const Scorecard> card) {
    card_ = std::move(card);
    if (!card_) {
        region_->setText(tr("No scorecard: the runs have a single lead or are still being compared."));
    } else {
        region_->setText(
            card_->metric == ScorecardMetric::RatioToSpread
                ? tr("Region: %1 — A − B against the member spread").arg(QString::fromStdString(card_->region))
                : tr("Region: %1 — rel RMS of A − B (no member spread)").arg(QString::fromStdString(card_->region)));
    }
    requestPicture();
}

bool ScorecardView::isPictureCurrent() const {
    return !card_ || (!picture_.image.isNull() && picture_.generation == generation_);
}

QString ScorecardView::cellText(std::size_t row, std::size_t column) const {
    if (!card_ || row >= card_->rows.size() || column >= card_->leadCount()) return {};
    const Scorecard& c = *card_;
    QString text = tr("%1 at %2\nRMS(A − B): %3 %4")
                       .arg(QString::fromStdString(c.rows[row].field), scorecardColumnLabel(c, column),
                            number(c.differenceRms[row][column]), QString::fromStdString(c.rows[row].units));
    if (c.metric == ScorecardMetric::RatioToSpread) {
        text += tr("\nRMS(spread): %1 %2\nratio: %3")
                    .arg(number(c.spreadRms[row][column]), QString::fromStdString(c.rows[row].units),
                         number(c.cells[row][column]));
        if (c.aboveSpread(row, column)) text += tr(" — above the spread");
    }
    text += tr("\nrel RMS: %1").arg(number(c.relRms[row][column]));
    if (c.nanMasksDiffer(row, column))
        text +=
            tr("\nNaN masks differ: A and B have NaN at different points, so the field differs whatever the "
               "RMS over the points finite in both says");
    return text;
}

void ScorecardView::requestPicture() {
    ++generation_;
    const int height =
        card_ ? int(std::ceil(scorecardLayout(*card_, canvas_->look(), canvas_->width()).size.height())) : 0;
    if (canvas_->minimumHeight() != height) canvas_->setMinimumHeight(height);
    canvas_->update();
    if (!card_) {
        picture_ = {};
        return;
    }
    wanted_ = true;
    if (!running_) startPicture();
}

void ScorecardView::startPicture() {
    if (!canvas_->isVisible() || canvas_->width() <= 0) return;  // showEvent asks again
    wanted_ = false;
    running_ = true;
    QPointer<ScorecardView> view(this);
    runInBackground([view, card = card_, look = canvas_->look(), width = double(canvas_->width()),
                     ratio = canvas_->devicePixelRatioF(), generation = generation_] {
        auto picture = std::make_shared<ScorecardPicture>(drawScorecardPicture(*card, look, width, ratio, generation));
        postTo(view, [view, picture] {
            if (view) view->pictureDone(std::move(*picture));
        });
    });
}

void ScorecardView::pictureDone(ScorecardPicture picture) {
    running_ = false;
    if (card_) picture_ = std::move(picture);
    canvas_->update();
    if (wanted_) startPicture();
    else if (isPictureCurrent()) emit pictureShown();
}

}  // namespace meshdiff::views
