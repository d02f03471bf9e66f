#include "export/FigureOptions.h"

#include <algorithm>
#include <cmath>

namespace meshdiff::views {

QString figurePresetName(FigurePreset preset) {
    switch (preset) {
        case FigurePreset::AsOnScreen: return QStringLiteral("As on screen");
        case FigurePreset::SingleColumn: return QStringLiteral("Journal single column (89 mm)");
        case FigurePreset::DoubleColumn: return QStringLiteral("Journal double column (183 mm)");
        case FigurePreset::Custom: return QStringLiteral("Custom");
    }
    return {};
}

QString figureFormatSuffix(FigureFormat format) {
    switch (format) {
        case FigureFormat::Png: return QStringLiteral("png");
        case FigureFormat::Pdf: return QStringLiteral("pdf");
        case FigureFormat::Svg: return QStringLiteral("svg");
    }
    return {};
}

FigureOptions withPreset(FigureOptions options, FigurePreset preset, QSizeF screenPixels) {
    options.preset = preset;
    switch (preset) {
        case FigurePreset::AsOnScreen:
            options.widthInches = std::max(1.0, screenPixels.width()) / kScreenPixelsPerInch;
            options.heightInches = std::max(1.0, screenPixels.height()) / kScreenPixelsPerInch;
            options.fontPoints = 0;
            break;
        case FigurePreset::SingleColumn:
        case FigurePreset::DoubleColumn:
            options.widthInches = preset == FigurePreset::SingleColumn ? kSingleColumnInches : kDoubleColumnInches;
            options.heightInches = 0;
            options.fontPoints = 8;
            break;
        case FigurePreset::Custom: break;
    }
    return options;
}

QSize pixelSize(const FigureOptions& options, double heightInches) {
    return {std::max(1, int(std::lround(options.widthInches * options.dotsPerInch))),
            std::max(1, int(std::lround(heightInches * options.dotsPerInch)))};
}

}  // namespace meshdiff::views
