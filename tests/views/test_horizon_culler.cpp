#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkNew.h>
#include <vtkPolyDataMapper.h>
#include <vtkRenderer.h>
#include <vtkSphereSource.h>

#include <gtest/gtest.h>

#include <vector>

#include "geo/Vec3.h"
#include "globe/vtkext/HorizonCuller.h"

namespace meshdiff::views {
namespace {

// A small ball of `size` radii around the point (lat, lon) at `radius`.
vtkSmartPointer<vtkActor> ballAt(double lat, double lon, double radius = 1.0, double size = 0.02) {
    const Vec3 p = scaled(unitVector(lat, lon), radius);
    vtkNew<vtkSphereSource> ball;
    ball->SetCenter(p[0], p[1], p[2]);
    ball->SetRadius(size);
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputConnection(ball->GetOutputPort());
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    return actor;
}

// The props the culler keeps, seen from `distance` radii above (0°, 0°).
std::vector<vtkProp*> kept(std::vector<vtkSmartPointer<vtkActor>> actors, double distance) {
    vtkNew<vtkRenderer> renderer;
    renderer->GetActiveCamera()->SetPosition(distance, 0, 0);
    renderer->GetActiveCamera()->SetFocalPoint(0, 0, 0);
    std::vector<vtkProp*> props(actors.begin(), actors.end());
    int count = static_cast<int>(props.size()), initialized = 0;
    vtkNew<HorizonCuller> culler;
    culler->Cull(renderer, props.data(), count, initialized);
    props.resize(static_cast<std::size_t>(count));
    return props;
}

TEST(HorizonCuller, DropsAPropOnTheFarSideOfTheGlobe) {
    const auto near = ballAt(0, 0), far = ballAt(0, 180);
    const auto props = kept({near, far}, 3);
    ASSERT_EQ(props.size(), 1u);
    EXPECT_EQ(props[0], near.Get());
}

TEST(HorizonCuller, KeepsAPropJustBeyondTheHorizonThatStandsAboveIt) {
    // From 3 radii the horizon is acos(1/3) ≈ 70.5° away; a point 0.5 radii up is seen 48° further.
    const auto props = kept({ballAt(0, 100, 1.5)}, 3);
    EXPECT_EQ(props.size(), 1u);
}

TEST(HorizonCuller, KeepsAPropThatHoldsTheCentreOfTheGlobe) {
    const auto props = kept({ballAt(0, 180, 0.0, 1.0)}, 3);
    EXPECT_EQ(props.size(), 1u);
}

TEST(HorizonCuller, KeepsEverythingFromInsideTheGlobe) {
    const auto props = kept({ballAt(0, 0), ballAt(0, 180)}, 0.5);
    EXPECT_EQ(props.size(), 2u);
}

}  // namespace
}  // namespace meshdiff::views
