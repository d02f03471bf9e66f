#pragma once
#include <QString>

#include "core/TestPaths.h"

namespace meshdiff::test {

// A file of the 4-lead × 2-member rollouts of tests/fixtures/make_rollout_fixtures.py ("a.nc").
inline QString rolloutFixture(const char* file) {
    return QString::fromStdString((fixture("rollouts") / file).string());
}

}  // namespace meshdiff::test
