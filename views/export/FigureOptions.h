#pragma once
#include <QSize>
#include <QSizeF>
#include <QString>

namespace meshdiff::views {

// Which size a figure has: the view's as on screen, a journal column, or the user's own.
enum class FigurePreset { AsOnScreen, SingleColumn, DoubleColumn, Custom };
enum class FigureBackground { White, Dark };
enum class FigureFormat { Png, Pdf, Svg };
enum class LengthUnit { Millimetres, Inches };

constexpr double kMillimetresPerInch = 25.4;
constexpr double kPointsPerInch = 72;
constexpr double kScreenPixelsPerInch = 96;  // the size "as on screen" gets on paper
constexpr double kSingleColumnInches = 89 / kMillimetresPerInch;
constexpr double kDoubleColumnInches = 183 / kMillimetresPerInch;

// What the figure export dialog asks and `meshdiff report` sets: everything but the picture's
// content, which is the view's (its style, data, camera and layers).
struct FigureOptions {
    FigurePreset preset = FigurePreset::SingleColumn;
    FigureBackground background = FigureBackground::White;
    FigureFormat format = FigureFormat::Png;
    LengthUnit unit = LengthUnit::Millimetres;  // how sizes are shown; kept in inches
    double widthInches = kSingleColumnInches;
    double heightInches = 0;  // 0: as tall as what is drawn needs, no blank band
    double dotsPerInch = 300;
    // Size of the smallest text (tick labels) in points; titles are a little larger. 0: text
    // scales with the figure as on screen.
    double fontPoints = 8;
    QString title;  // the error map's title; empty: the field's name
    bool operator==(const FigureOptions&) const = default;
};

QString figurePresetName(FigurePreset preset);    // "As on screen", "Journal single column (89 mm)", …
QString figureFormatSuffix(FigureFormat format);  // "png", "pdf", "svg"

// The options with `preset` applied: journal columns set the width, automatic height and 8 pt
// text; "as on screen" takes `screenPixels` (the view's size) at 96 pixels an inch, with text
// scaled as on screen. Custom keeps what is set.
FigureOptions withPreset(FigureOptions options, FigurePreset preset, QSizeF screenPixels);

// Pixels of a PNG `widthInches` × `heightInches` at the options' resolution.
QSize pixelSize(const FigureOptions& options, double heightInches);

}  // namespace meshdiff::views
