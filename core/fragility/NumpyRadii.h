#pragma once

namespace meshdiff {

// The official grid→mesh radius `fraction * longest_edge` as NumPy 1 computes it (the Python
// float promotes the product to float64) and as NumPy 2 does (NEP 50: it stays float32). A pair
// whose distance lies between the two is an edge under one NumPy and not under the other.
struct NumpyRadii {
    double numpy1 = 0, numpy2 = 0;

    // The ball query's test (squared distance ≤ radius², SciPy's) answers differently for the two.
    bool separate(double distanceSq) const {
        return (distanceSq <= numpy1 * numpy1) != (distanceSq <= numpy2 * numpy2);
    }
};

NumpyRadii numpyRadii(double fraction, double longestEdge);

}  // namespace meshdiff
