#include "export/animation/LeadAnimation.h"

#include <algorithm>
#include <cmath>

#include "common/Error.h"
#include "export/FigureTitle.h"
#include "export/MapFigure.h"

namespace meshdiff::views {
namespace {

// Maps of all leads up to this size stay in memory between the two passes; larger are read again.
constexpr std::size_t kKeptBytes = std::size_t(512) << 20;

double reach(const ColorScale& scale) { return std::max(std::abs(scale.min), std::abs(scale.max)); }

std::size_t bytesOf(const ErrorMapData& data) { return (data.a.size() + data.b.size()) * sizeof(float); }

}  // namespace

FixedMapScales scalesOverLeads(const std::vector<FixedMapScales>& perLead) {
    if (perLead.empty()) return {};
    FixedMapScales common = perLead.front();
    for (const FixedMapScales& lead : perLead) {
        if (reach(lead.difference) > reach(common.difference)) common.difference = lead.difference;
    }
    for (const FixedMapScales& lead : perLead) {
        common.difference.min = std::min(common.difference.min, lead.difference.min);
        common.difference.max = std::max(common.difference.max, lead.difference.max);
        common.values.min = std::min(common.values.min, lead.values.min);
        common.values.max = std::max(common.values.max, lead.values.max);
    }
    const std::string over = " of all " + std::to_string(perLead.size()) + " leads";
    for (ColorScale* scale : {&common.difference, &common.values})
        scale->limitsName = (scale->limitsName.empty() ? std::string("limits") : scale->limitsName) + over;
    return common;
}

AnimationFile writeLeadAnimation(const LeadAnimationSource& source, const LeadAnimationOptions& options,
                                 const QString& path, const AnimationProgress& progress,
                                 const std::atomic<bool>& cancel) {
    const int leads = int(source.leadLabels.size());
    if (leads < 2) throw Error(path.toStdString(), "an animation of the leads needs at least two leads");
    if (!source.read) throw Error(path.toStdString(), "nothing to read the leads' maps from");
    const auto step = [&](int done, const QString& what) {
        if (cancel) throw AnimationCancelled{};
        if (progress) progress(100 * done / (2 * leads), what);
    };

    // First pass: every lead's own scales, for the ones all frames share.
    std::vector<std::shared_ptr<const ErrorMapData>> kept(static_cast<std::size_t>(leads));
    std::vector<FixedMapScales> perLead;
    std::size_t keptBytes = 0;
    for (int k = 0; k < leads; ++k) {
        step(k, QStringLiteral("colour limits at %1").arg(source.leadLabels[k]));
        auto data = source.read(k);
        if (!data) throw Error(path.toStdString(), "no map of the field at " + source.leadLabels[k].toStdString());
        ErrorMapRenderer renderer;
        renderer.setData(data);
        renderer.setStyle(source.style);
        perLead.push_back({renderer.valueScale(), renderer.differenceScale()});
        keptBytes += bytesOf(*data);
        if (keptBytes <= kKeptBytes) kept[std::size_t(k)] = std::move(data);
    }
    const FixedMapScales scales = scalesOverLeads(perLead);

    // Second pass: the frames, all of the first frame's size.
    std::unique_ptr<AnimationEncoder> encoder;
    double heightInches = 0;
    for (int k = 0; k < leads; ++k) {
        step(leads + k, QStringLiteral("frame %1 of %2").arg(k + 1).arg(leads));
        auto data = std::move(kept[std::size_t(k)]);
        if (!data) data = source.read(k);
        if (!data) throw Error(path.toStdString(), "no map of the field at " + source.leadLabels[k].toStdString());
        FigureOptions figure = options.figure;
        figure.title = defaultFigureTitle(QString::fromStdString(data->fieldName), source.style.mode,
                                          QString::fromStdString(data->units), source.leadLabels[k]);
        if (!encoder) {
            heightInches = mapFigureHeightInches(data.get(), source.style, figure);
            encoder = std::make_unique<AnimationEncoder>(path, options.format, pixelSize(figure, heightInches),
                                                         options.framesPerSecond);
        }
        encoder->addFrame(mapFigureImage(std::move(data), source.style, figure, heightInches, scales));
    }
    if (cancel) throw AnimationCancelled{};
    encoder->finish();
    if (progress) progress(100, QStringLiteral("done"));
    return {path, encoder->framesWritten(), encoder->encodedSize(), encoder->codecName()};
}

}  // namespace meshdiff::views
