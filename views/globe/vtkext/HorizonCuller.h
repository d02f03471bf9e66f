#pragma once
#include <vtkCuller.h>

namespace meshdiff::views {

// Drops props that lie wholly behind the globe's horizon as seen from the camera (the depth
// test would hide them, but software OpenGL still pays for every line it is given).
class HorizonCuller : public vtkCuller {
public:
    static HorizonCuller* New();
    double Cull(vtkRenderer* renderer, vtkProp** props, int& count, int& initialized) override;
    HorizonCuller(const HorizonCuller&) = delete;
    void operator=(const HorizonCuller&) = delete;

protected:
    HorizonCuller() = default;
    ~HorizonCuller() override = default;

public:
    vtkTypeMacro(HorizonCuller, vtkCuller)
};

}  // namespace meshdiff::views
