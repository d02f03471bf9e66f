#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include <QSize>
#include <QString>
#include <QStringList>

#include "export/FigureOptions.h"
#include "export/animation/AnimationEncoder.h"
#include "map/ErrorMapRenderer.h"

namespace meshdiff::views {

// How a lead animation looks: the map figure's size, paper and text (FigureOptions; a PNG figure's
// pixels are a frame's), the file format and the frames a second.
struct LeadAnimationOptions {
    AnimationFormat format = AnimationFormat::Gif;
    int framesPerSecond = 2;
    FigureOptions figure;
};

// The error map of the lead at a position of LeadAnimationSource::leadLabels, as the window reads
// it (on the calling thread). Throws meshdiff::Error.
using LeadMapReader = std::function<std::shared_ptr<const ErrorMapData>(int lead)>;

// What is animated: one frame per lead, each the map in `style` (mode, colour maps, view, layers).
struct LeadAnimationSource {
    QStringList leadLabels;  // "+6 h", in order
    LeadMapReader read;
    ErrorMapStyle style;
};

struct AnimationFile {
    QString path;
    int frames = 0;
    QSize pixels;  // as encoded
    QString codec;
};

using AnimationProgress = std::function<void(int percent, const QString& step)>;
struct AnimationCancelled {};

// The colour scales every frame shares: A−B from the lead that reaches furthest (its scale type and
// linear band), widened to every lead's limits; A and B from the lowest to the highest limit of any
// lead. Their limits' names say so ("full range of all 8 leads"), and with them every colour bar.
FixedMapScales scalesOverLeads(const std::vector<FixedMapScales>& perLead);

// Writes the leads as an animation: first every lead's scales, then each frame as the map figure
// (views/export/MapFigure) titled "field, A − B (K), +12 h" and drawn with scalesOverLeads. Runs on
// a worker; checks `cancel` between leads (throws AnimationCancelled and leaves no file). Throws
// meshdiff::Error naming the file when there are fewer than two leads or it cannot be written.
AnimationFile writeLeadAnimation(const LeadAnimationSource& source, const LeadAnimationOptions& options,
                                 const QString& path, const AnimationProgress& progress,
                                 const std::atomic<bool>& cancel);

}  // namespace meshdiff::views
