#include "scorecard/ScorecardFigure.h"

#include <QPainter>

#include <algorithm>

#include "common/Error.h"
#include "scorecard/ScorecardPicture.h"

namespace meshdiff::views {
namespace {

// Vector pages are in points; they are laid out at this many units an inch and scaled down, so
// that text sizes are not rounded to whole points.
constexpr double kVectorUnitsPerInch = 300;

ScorecardLook scorecardLook(const FigureOptions& options, double unitsPerInch) {
    ScorecardLook look;
    look.fontPixels = (options.fontPoints > 0 ? options.fontPoints : 8) / kPointsPerInch * unitsPerInch;
    if (options.background == FigureBackground::Dark) {
        look.paper = QColor(24, 26, 32);
        look.ink = QColor(232, 232, 232);
    }
    return look;
}

// Journal pages are about 240 mm tall: at the automatic height a scorecard of many levels gets
// smaller text, down to 6 pt, rather than a figure taller than the page.
constexpr double kPageHeightInches = 240 / 25.4, kSmallestTextPoints = 6;

ScorecardLook figureLook(const Scorecard& card, const FigureOptions& options, double unitsPerInch) {
    ScorecardLook look = scorecardLook(options, unitsPerInch);
    if (options.heightInches > 0) return look;  // a set height crops or pads the page instead
    look.fontPixels =
        fittingScorecardFont(card, look, options.widthInches * unitsPerInch, kPageHeightInches * unitsPerInch,
                             std::min(look.fontPixels, kSmallestTextPoints / kPointsPerInch * unitsPerInch));
    return look;
}

// The layout `options.widthInches` wide at `unitsPerInch` (a set height crops or pads the page).
ScorecardLayout figureLayout(const Scorecard& card, const FigureOptions& options, double unitsPerInch) {
    return scorecardLayout(card, figureLook(card, options, unitsPerInch), options.widthInches * unitsPerInch);
}

void paintOnPage(QPainter& painter, const Scorecard& card, const FigureOptions& options, double pointsToPage) {
    const double factor = kVectorUnitsPerInch / kPointsPerInch;
    painter.scale(pointsToPage / factor, pointsToPage / factor);
    paintScorecard(painter, card, figureLayout(card, options, kVectorUnitsPerInch),
                   figureLook(card, options, kVectorUnitsPerInch));
}

}  // namespace

double scorecardFigureHeightInches(const Scorecard& card, const FigureOptions& options) {
    if (options.heightInches > 0) return options.heightInches;
    return figureLayout(card, options, kVectorUnitsPerInch).size.height() / kVectorUnitsPerInch;
}

FigureFile writeScorecardFigure(const Scorecard& card, const FigureOptions& options, const QString& path) {
    if (!(options.widthInches > 0) || !(options.dotsPerInch > 0))
        throw Error(path.toStdString(), "the figure needs a width and a resolution above zero");
    if (card.rows.empty() || card.leadCount() == 0)
        throw Error(path.toStdString(), "the scorecard has no fields or no leads to draw");
    const auto paint = [&](QPainter& painter, QSizeF, double unitsPerInch) {
        if (options.format == FigureFormat::Png)
            paintScorecard(painter, card, figureLayout(card, options, unitsPerInch),
                           figureLook(card, options, unitsPerInch));
        else paintOnPage(painter, card, options, 1);
    };
    return writeFigure(options, scorecardFigureHeightInches(card, options), scorecardLook(options, 1).paper,
                       QStringLiteral("meshdiff scorecard"), paint, path);
}

}  // namespace meshdiff::views
