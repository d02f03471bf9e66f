#include "fragility/NumpyRadii.h"

#include "builder/GraphBuilder.h"

namespace meshdiff {

NumpyRadii numpyRadii(double fraction, double longestEdge) {
    GraphBuildOptions numpy1, numpy2;
    numpy1.radiusFraction = numpy2.radiusFraction = fraction;
    numpy1.numpyMajor = 1;
    numpy2.numpyMajor = 2;
    return {gridToMeshRadius(numpy1, longestEdge), gridToMeshRadius(numpy2, longestEdge)};
}

}  // namespace meshdiff
