#pragma once
#include <memory>
#include <optional>

#include "globe/GlobeHoverReadout.h"
#include "globe/GlobeScene.h"
#include "inspect/InspectorPanel.h"
#include "map/ErrorMapData.h"
#include "map/ErrorMapRenderer.h"

namespace meshdiff::pair {

// A field's map made ready off the GUI thread: the renderer has its images coloured and the
// globe's overlay (A−B) is computed, so that showing it costs the GUI thread nothing.
struct FieldMap {
    std::shared_ptr<const views::ErrorMapData> data;
    std::shared_ptr<views::ErrorMapRenderer> renderer;
    views::FieldOverlay overlay;
};

// Runs on a worker: colours `data` in `style` and computes the overlay.
FieldMap prepareFieldMap(std::shared_ptr<const views::ErrorMapData> data, const views::ErrorMapStyle& style);

// The field values at the field grid point nearest to (lat, lon); none without field values.
std::optional<views::FieldSample> fieldSampleAt(const views::ErrorMapData& data, double lat, double lon);

// The globe's hover readout of `data`'s field: "name  lat …, lon …:  A …   B …   A−B …" with
// units. Holds `data` weakly: the window frees a field map off the GUI thread.
views::GlobeHoverReadout::Readout globeReadout(const std::shared_ptr<const views::ErrorMapData>& data);

}  // namespace meshdiff::pair
