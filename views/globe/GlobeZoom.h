#pragma once
#include "globe/GlobeCamera.h"

namespace meshdiff::views {

// The camera after `steps` wheel notches (positive: closer) toward the point of the globe
// under (x, y), in pixels from the top-left of a width×height view: that point stays under the
// cursor. Off the globe, the camera zooms toward the centre of the view.
GlobeCamera zoomedAt(const GlobeCamera& camera, int width, int height, double x, double y, double steps);

}  // namespace meshdiff::views
