// VTK first: its OpenGL headers must come before any Qt header.
#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkCuller.h>
#include <vtkFloatArray.h>
#include <vtkGlyph3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkPropCollection.h>
#include <vtkProperty.h>
#include <vtkRenderStepsPass.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkSphereSource.h>
#include <vtkTexture.h>
#include <vtkTubeFilter.h>
#include <vtkUnsignedCharArray.h>
#include <vtkWindowToImageFilter.h>

#include "globe/GlobeRenderer.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>

#include "geo/Coastlines.h"
#include "geo/LatLonAxis.h"
#include "geo/MeshLevels.h"
#include "geo/Vec3.h"
#include "globe/GlobeColors.h"
#include "globe/GlobeLegend.h"
#include "globe/LineRaster.h"
#include "globe/LineTextureCache.h"

namespace meshdiff::views {
namespace {

// Layers sit at slightly different radii so that they do not z-fight with the sphere.
constexpr double kCoastRadius = 1.0012;
constexpr double kMeshRadius = 1.0008;
constexpr double kGridRadius = 1.0016;
constexpr double kMovedRadius = 1.0020;
constexpr double kTriangleRadius = 1.0030;
constexpr double kEdgeRadius = 1.0045;
constexpr double kAtRiskRadius = 1.0040;
constexpr double kHighlightRadius = 1.0060;
constexpr double kMarkerRingDegrees = 1.6;
constexpr double kMaxArcStep = 2.0 * std::numbers::pi / 180.0;
constexpr std::size_t kMaxGridPointsShown = 150000;
// Line layers become a texture at overview zoom: levels of this size and halves of it.
constexpr int kLineTextureWidth = 8192, kLineTextureHeight = 4096;
constexpr int kLineTextureLevels = 3;  // 8192, 4096 and 2048 texels around the equator
constexpr double kTileDegrees = 15;
constexpr const char* kLineTCoords = "lineTCoords";
constexpr const char* kLineTextureName =
    "meshLines";  // sorts after the actor's own texture  // line layers are split into tiles that can be culled
constexpr double kViewAngleDegrees = 30;
constexpr Rgb kEarth{222, 228, 235};
constexpr Rgb kCoast{70, 78, 90};
constexpr Rgb kMesh{120, 132, 148};
constexpr Rgb kGridPoint{40, 40, 40};
constexpr Rgb kMarker{25, 25, 25};

const Coastlines* sharedCoastlines() {
    static const Coastlines* lines = [] {
        const auto path = findGshhgFile('l');
        if (!path) return static_cast<Coastlines*>(nullptr);
        try {
            return new Coastlines(readGshhgCoastlines(*path));
        } catch (const std::exception&) {
            return static_cast<Coastlines*>(nullptr);
        }
    }();
    return lines;
}

Vec3 meshPosition(const MeshGraph& graph, std::int32_t node) {
    return unitVector(graph.meshLat[node], graph.meshLon[node]);
}

Vec3 gridPosition(const MeshGraph& graph, std::int32_t grid) {
    const std::size_t nlon = graph.gridLon.size();
    return unitVector(graph.gridLat[grid / nlon], graph.gridLon[grid % nlon]);
}

bool validGrid(const MeshGraph* g, std::int32_t grid) {
    return g && grid >= 0 && static_cast<std::size_t>(grid) < g->gridCount();
}
bool validMesh(const MeshGraph* g, std::int32_t node) {
    return g && node >= 0 && static_cast<std::size_t>(node) < g->meshCount();
}

// Accumulates points, lines, vertices and polygons, then hands out one vtkPolyData.
class PolyBuilder {
public:
    vtkIdType point(const Vec3& p) { return points_->InsertNextPoint(p[0], p[1], p[2]); }

    void arc(const Vec3& a, const Vec3& b, double radius) {
        const int steps = std::max(1, static_cast<int>(std::ceil(angleBetween(a, b) / kMaxArcStep)));
        lines_->InsertNextCell(steps + 1);
        for (int i = 0; i <= steps; ++i) lines_->InsertCellPoint(point(scaled(slerp(a, b, double(i) / steps), radius)));
    }
    void line(vtkIdType a, vtkIdType b) {
        const vtkIdType ids[2] = {a, b};
        lines_->InsertNextCell(2, ids);
    }
    void ring(const Vec3& centre, double radiusDegrees, double radius) {
        const Vec3 helper = std::abs(centre[2]) < 0.9 ? Vec3{0, 0, 1} : Vec3{1, 0, 0};
        Vec3 u{centre[1] * helper[2] - centre[2] * helper[1], centre[2] * helper[0] - centre[0] * helper[2],
               centre[0] * helper[1] - centre[1] * helper[0]};
        u = normalized(u);
        const Vec3 v{centre[1] * u[2] - centre[2] * u[1], centre[2] * u[0] - centre[0] * u[2],
                     centre[0] * u[1] - centre[1] * u[0]};
        const double r = std::sin(radiusDegrees * std::numbers::pi / 180),
                     c = std::cos(radiusDegrees * std::numbers::pi / 180);
        constexpr int kSteps = 40;
        lines_->InsertNextCell(kSteps + 1);
        for (int i = 0; i <= kSteps; ++i) {
            const double t = 2 * std::numbers::pi * i / kSteps;
            const Vec3 p{c * centre[0] + r * (std::cos(t) * u[0] + std::sin(t) * v[0]),
                         c * centre[1] + r * (std::cos(t) * u[1] + std::sin(t) * v[1]),
                         c * centre[2] + r * (std::cos(t) * u[2] + std::sin(t) * v[2])};
            lines_->InsertCellPoint(point(scaled(p, radius)));
        }
    }
    void vertex(const Vec3& p, const Rgb* color = nullptr) {
        const vtkIdType id = point(p);
        verts_->InsertNextCell(1, &id);
        if (color) colors_->InsertNextTuple3(color->r, color->g, color->b);
    }
    void triangle(const Vec3& a, const Vec3& b, const Vec3& c, double radius) {
        const vtkIdType ids[3] = {point(scaled(a, radius)), point(scaled(b, radius)), point(scaled(c, radius))};
        polys_->InsertNextCell(3, ids);
    }
    void outline(const Vec3& a, const Vec3& b, const Vec3& c, double radius) {
        arc(a, b, radius);
        arc(b, c, radius);
        arc(c, a, radius);
    }
    bool empty() const { return points_->GetNumberOfPoints() == 0; }

    vtkSmartPointer<vtkPolyData> build() {
        auto data = vtkSmartPointer<vtkPolyData>::New();
        data->SetPoints(points_);
        if (lines_->GetNumberOfCells()) data->SetLines(lines_);
        if (verts_->GetNumberOfCells()) data->SetVerts(verts_);
        if (polys_->GetNumberOfCells()) data->SetPolys(polys_);
        if (colors_->GetNumberOfTuples() == points_->GetNumberOfPoints() && colors_->GetNumberOfTuples() > 0) {
            colors_->SetName("colors");
            data->GetPointData()->SetScalars(colors_);
        }
        return data;
    }

private:
    vtkNew<vtkPoints> points_;
    vtkNew<vtkCellArray> lines_, verts_, polys_;
    vtkNew<vtkUnsignedCharArray> colors_ = [] {
        vtkNew<vtkUnsignedCharArray> c;
        c->SetNumberOfComponents(3);
        return c;
    }();
};

void setColor(vtkActor* actor, Rgb c, double opacity = 1.0) {
    actor->GetProperty()->SetColor(c.r / 255.0, c.g / 255.0, c.b / 255.0);
    actor->GetProperty()->SetOpacity(opacity);
}

vtkSmartPointer<vtkActor> flatActor(vtkPolyData* data, Rgb color, double opacity = 1.0) {
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputData(data);
    mapper->SetScalarVisibility(data->GetPointData()->GetScalars() != nullptr);
    mapper->SetColorModeToDirectScalars();
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    setColor(actor, color, opacity);
    actor->GetProperty()->LightingOff();
    return actor;
}

// Tubes around the lines of `data` and spheres at `ends`: thick, shaded, visible from afar.
vtkSmartPointer<vtkActor> tubeActor(vtkPolyData* data, Rgb color, double radius) {
    vtkNew<vtkTubeFilter> tubes;
    tubes->SetInputData(data);
    tubes->SetRadius(radius);
    tubes->SetNumberOfSides(8);
    tubes->CappingOn();
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputConnection(tubes->GetOutputPort());
    mapper->ScalarVisibilityOff();
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    setColor(actor, color);
    actor->GetProperty()->SetAmbient(0.4);
    actor->GetProperty()->SetDiffuse(0.7);
    return actor;
}

vtkSmartPointer<vtkActor> sphereGlyphActor(vtkPolyData* centres, Rgb color, double radius) {
    vtkNew<vtkSphereSource> sphere;
    sphere->SetRadius(radius);
    sphere->SetThetaResolution(12);
    sphere->SetPhiResolution(8);
    vtkNew<vtkGlyph3D> glyphs;
    glyphs->SetInputData(centres);
    glyphs->SetSourceConnection(sphere->GetOutputPort());
    glyphs->ScalingOff();
    glyphs->OrientOff();
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputConnection(glyphs->GetOutputPort());
    mapper->ScalarVisibilityOff();
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    setColor(actor, color);
    actor->GetProperty()->SetAmbient(0.4);
    return actor;
}

// A unit latitude/longitude sphere with texture coordinates u = (lon − lonAtU0)/360°
// and v = (lat − latAtV0)/(latAtV1 − latAtV0), clamped to 0…1.
vtkSmartPointer<vtkPolyData> texturedSphere(double lonAtU0, double latAtV0, double latAtV1) {
    constexpr int kRows = 90, kCols = 180;
    vtkNew<vtkPoints> points;
    vtkNew<vtkFloatArray> tcoords;
    tcoords->SetNumberOfComponents(2);
    vtkNew<vtkFloatArray> normals;
    normals->SetNumberOfComponents(3);
    vtkNew<vtkFloatArray> lineTCoords;  // the line texture's: u = lon/360°, v = (lat + 90°)/180°
    lineTCoords->SetNumberOfComponents(2);
    lineTCoords->SetName(kLineTCoords);
    for (int r = 0; r <= kRows; ++r) {
        const double lat = -90.0 + 180.0 * r / kRows;
        const double v = (lat - latAtV0) / (latAtV1 - latAtV0);
        for (int c = 0; c <= kCols; ++c) {
            const double lon = lonAtU0 + 360.0 * c / kCols;
            const Vec3 p = unitVector(lat, lon);
            points->InsertNextPoint(p.data());
            normals->InsertNextTuple3(p[0], p[1], p[2]);
            tcoords->InsertNextTuple2(double(c) / kCols, std::clamp(v, 0.0, 1.0));
            lineTCoords->InsertNextTuple2(lon / 360.0, (lat + 90.0) / 180.0);
        }
    }
    vtkNew<vtkCellArray> polys;
    for (int r = 0; r < kRows; ++r)
        for (int c = 0; c < kCols; ++c) {
            const vtkIdType a = r * (kCols + 1) + c, b = a + 1, d = a + kCols + 1, e = d + 1;
            const vtkIdType t1[3] = {a, b, e}, t2[3] = {a, e, d};
            polys->InsertNextCell(3, t1);
            polys->InsertNextCell(3, t2);
        }
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points);
    data->SetPolys(polys);
    data->GetPointData()->SetTCoords(tcoords);
    data->GetPointData()->SetNormals(normals);
    data->GetPointData()->AddArray(lineTCoords);
    return data;
}

// The Earth sphere whose texture coordinates address a grid's cells: u across 360° of
// longitude starting half a cell west of lon[0], v across the latitude rows.
vtkSmartPointer<vtkPolyData> earthSphere(const LatLonGrid* grid) {
    if (!grid || grid->nlon() < 2 || grid->nlat() < 2) return texturedSphere(0, -90, 90);
    const double dlon = (grid->lon.back() - grid->lon.front()) / double(grid->nlon() - 1);
    const double dlat = (grid->lat.back() - grid->lat.front()) / double(grid->nlat() - 1);
    const double latAtV0 = grid->lat.front() - dlat / 2;
    return texturedSphere(grid->lon.front() - dlon / 2, latAtV0, latAtV0 + dlat * double(grid->nlat()));
}

// Splits the lines of `data` into tiles of kTileDegrees by the position of each line's first
// point, so that VTK's frustum culler and the horizon culler can skip tiles out of sight.
std::vector<vtkSmartPointer<vtkPolyData>> splitIntoTiles(vtkPolyData* data) {
    constexpr int kCols = static_cast<int>(360 / kTileDegrees), kRows = static_cast<int>(180 / kTileDegrees);
    vtkCellArray* lines = data->GetLines();
    vtkPoints* points = data->GetPoints();
    std::vector<std::vector<vtkIdType>> cellsOfTile(kCols * kRows);
    const vtkIdType cellCount = lines ? lines->GetNumberOfCells() : 0;
    for (vtkIdType cell = 0; cell < cellCount; ++cell) {
        vtkIdType count;
        const vtkIdType* ids;
        lines->GetCellAtId(cell, count, ids);
        if (count == 0) continue;
        double p[3];
        points->GetPoint(ids[0], p);
        const Vec3 v{p[0], p[1], p[2]};
        const int row = std::clamp(static_cast<int>((latitudeOf(v) + 90) / kTileDegrees), 0, kRows - 1);
        const int col = std::clamp(static_cast<int>(longitudeOf(v) / kTileDegrees), 0, kCols - 1);
        cellsOfTile[row * kCols + col].push_back(cell);
    }
    std::vector<vtkSmartPointer<vtkPolyData>> tiles;
    std::vector<vtkIdType> remap(static_cast<std::size_t>(points ? points->GetNumberOfPoints() : 0), -1);
    for (const auto& cells : cellsOfTile) {
        if (cells.empty()) continue;
        vtkNew<vtkPoints> tilePoints;
        vtkNew<vtkCellArray> tileLines;
        std::vector<vtkIdType> used;
        for (vtkIdType cell : cells) {
            vtkIdType count;
            const vtkIdType* ids;
            lines->GetCellAtId(cell, count, ids);
            tileLines->InsertNextCell(count);
            for (vtkIdType k = 0; k < count; ++k) {
                vtkIdType& mapped = remap[ids[k]];
                if (mapped < 0) {
                    mapped = tilePoints->InsertNextPoint(points->GetPoint(ids[k]));
                    used.push_back(ids[k]);
                }
                tileLines->InsertCellPoint(mapped);
            }
        }
        for (vtkIdType id : used) remap[id] = -1;
        auto tile = vtkSmartPointer<vtkPolyData>::New();
        tile->SetPoints(tilePoints);
        tile->SetLines(tileLines);
        tiles.push_back(tile);
    }
    return tiles;
}

// Drops props that lie wholly behind the globe's horizon as seen from the camera (the depth
// test would hide them, but software OpenGL still pays for every line it is given).
class HorizonCuller : public vtkCuller {
public:
    static HorizonCuller* New();
    vtkTypeMacro(HorizonCuller, vtkCuller)

        double Cull(vtkRenderer* renderer, vtkProp** props, int& count, int& initialized) override {
        double eye[3];
        renderer->GetActiveCamera()->GetPosition(eye);
        const Vec3 e{eye[0], eye[1], eye[2]};
        const double distance = norm(e);
        double total = 0;
        int kept = 0;
        for (int i = 0; i < count; ++i) {
            if (distance > 1.0 && behindHorizon(props[i], scaled(e, 1 / distance), distance)) continue;
            props[kept++] = props[i];
            total += initialized ? props[i]->GetRenderTimeMultiplier() : 1.0;
        }
        count = kept;
        return total;
    }

private:
    // Directions to the points of a box not holding the origin lie within the cone spanned by
    // its corners, so the corner farthest from the box centre's direction bounds them all.
    static bool behindHorizon(vtkProp* prop, const Vec3& toEye, double distance) {
        const double* b = prop->GetBounds();
        if (!b || b[0] > b[1]) return false;
        if (b[0] <= 0 && b[1] >= 0 && b[2] <= 0 && b[3] >= 0 && b[4] <= 0 && b[5] >= 0) return false;
        const Vec3 centre = normalized({(b[0] + b[1]) / 2, (b[2] + b[3]) / 2, (b[4] + b[5]) / 2});
        double spread = 0, farthest = 1;
        for (int k = 0; k < 8; ++k) {
            const Vec3 corner{b[k & 1], b[2 + ((k >> 1) & 1)], b[4 + ((k >> 2) & 1)]};
            spread = std::max(spread, angleBetween(centre, normalized(corner)));
            farthest = std::max(farthest, norm(corner));
        }
        // A point at radius r is seen up to acos(1/d) + acos(1/r) from the sub-camera point.
        const double horizon = std::acos(1.0 / distance) + std::acos(1.0 / std::min(farthest, 2.0));
        return angleBetween(centre, toEye) - spread > horizon + 0.01;
    }
};
vtkStandardNewMacro(HorizonCuller);

// One texel of the Earth's colour: the sphere always has a first texture for the line
// texture to be blended over.
vtkSmartPointer<vtkTexture> plainEarthTexture() {
    vtkNew<vtkImageData> image;
    image->SetDimensions(1, 1, 1);
    image->AllocateScalars(VTK_UNSIGNED_CHAR, 3);
    auto* rgb = static_cast<unsigned char*>(image->GetScalarPointer());
    rgb[0] = kEarth.r, rgb[1] = kEarth.g, rgb[2] = kEarth.b;
    auto texture = vtkSmartPointer<vtkTexture>::New();
    texture->SetInputData(image);
    texture->InterpolateOff();
    return texture;
}

vtkSmartPointer<vtkTexture> overlayTexture(const FieldOverlay& overlay) {
    const std::size_t nlat = overlay.grid.nlat(), nlon = overlay.grid.nlon();
    vtkNew<vtkImageData> image;
    image->SetDimensions(static_cast<int>(nlon), static_cast<int>(nlat), 1);
    image->AllocateScalars(VTK_UNSIGNED_CHAR, 3);
    auto* pixels = static_cast<unsigned char*>(image->GetScalarPointer());
    const ColorScale scale = overlayScale(overlay);
    const double a = std::clamp<double>(overlay.opacity, 0, 1);
    for (std::size_t i = 0; i < nlat * nlon; ++i) {
        Rgb c = kEarth;
        if (std::isfinite(overlay.values[i])) {
            const Rgb field = scale.color(overlay.values[i]);
            c = {static_cast<std::uint8_t>(std::lround(a * field.r + (1 - a) * kEarth.r)),
                 static_cast<std::uint8_t>(std::lround(a * field.g + (1 - a) * kEarth.g)),
                 static_cast<std::uint8_t>(std::lround(a * field.b + (1 - a) * kEarth.b))};
        }
        pixels[3 * i] = c.r;
        pixels[3 * i + 1] = c.g;
        pixels[3 * i + 2] = c.b;
    }
    auto texture = vtkSmartPointer<vtkTexture>::New();
    texture->SetInputData(image);
    texture->InterpolateOff();
    texture->RepeatOn();
    texture->EdgeClampOff();
    return texture;
}

// Unique undirected edges of a face list.
std::vector<std::pair<std::int32_t, std::int32_t>> uniqueEdges(const std::vector<std::int32_t>& faces) {
    std::vector<std::pair<std::int32_t, std::int32_t>> edges;
    edges.reserve(faces.size());
    for (std::size_t f = 0; f + 2 < faces.size(); f += 3)
        for (int k = 0; k < 3; ++k) {
            const std::int32_t a = faces[f + k], b = faces[f + (k + 1) % 3];
            edges.emplace_back(std::min(a, b), std::max(a, b));
        }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    return edges;
}

// Is unit vector p inside the spherical triangle (a, b, c), either orientation?
bool insideSphericalTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    auto side = [&p](const Vec3& u, const Vec3& v) {
        const Vec3 n{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
        return dot(n, p);
    };
    if (dot(p, a) <= 0) return false;  // the antipode satisfies the same side tests
    const double s1 = side(a, b), s2 = side(b, c), s3 = side(c, a);
    return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}

}  // namespace

struct GlobeRenderer::Impl {
    LineTextureLevels lineRasters;  // texels the line textures read in place: destroyed last
    double lineScale = 1;
    GlobeScene scene;
    GlobeCamera camera;
    GlobePick highlight;
    std::vector<std::vector<std::int32_t>> meshLevels;
    vtkNew<vtkRenderer> renderer;
    std::array<std::vector<vtkSmartPointer<vtkActor>>, kGlobeLayerCount> layers;
    vtkSmartPointer<vtkActor> earth;
    std::vector<vtkSmartPointer<vtkActor>> highlightActors;
    // Mesh and coastlines are drawn as tiles of real lines (exports; zoomed in, where few tiles
    // are in view) or, in the window at overview zoom, baked into a texture on a sphere just
    // above the Earth: software OpenGL draws that in a fraction of the time 120k+ lines take.
    bool preferLineTexture = false;
    vtkNew<HorizonCuller> horizonCuller;
    bool horizonCulling = true;
    int viewportHeight = 800;
    std::vector<vtkSmartPointer<vtkTexture>> lineTextureLevels;  // finest first
    bool lineTextureStale = true;
    bool useLineTexture = false;

    const MeshGraph* graphB() const { return scene.graphB ? scene.graphB : scene.graphA; }

    void addLayerActor(GlobeLayer layer, vtkSmartPointer<vtkActor> actor) {
        actor->SetVisibility(scene.isVisible(layer));
        renderer->AddActor(actor);
        layers[static_cast<int>(layer)].push_back(std::move(actor));
    }
    void clearLayer(GlobeLayer layer) {
        for (auto& actor : layers[static_cast<int>(layer)]) renderer->RemoveActor(actor);
        layers[static_cast<int>(layer)].clear();
        if (layer == GlobeLayer::Mesh || layer == GlobeLayer::Coastlines) lineTextureStale = true;
    }

    void buildAll() {
        renderer->RemoveAllViewProps();
        for (auto& layer : layers) layer.clear();
        lineTextureLevels.clear();
        lineTextureStale = true;
        highlightActors.clear();
        meshLevels.clear();
        if (scene.graphA && !scene.graphA->meshFaces.empty()) meshLevels = icosahedralLevels(scene.graphA->meshFaces);
        buildEarth();
        buildCoastlines();
        buildMesh();
        buildGridPoints();
        buildMovedNodes();
        buildTriangles();
        buildEdges(GlobeLayer::G2mOnlyA);
        buildEdges(GlobeLayer::G2mOnlyB);
        buildAtRisk();
        buildHighlight();
        applyLineDetail();
    }

    void buildEarth() {
        const bool field = !scene.field.empty() && scene.field.values.size() == scene.field.grid.size() &&
                           scene.isVisible(GlobeLayer::FieldOverlay);
        vtkNew<vtkPolyDataMapper> mapper;
        mapper->SetInputData(earthSphere(field ? &scene.field.grid : nullptr));
        mapper->MapDataArrayToMultiTextureAttribute(kLineTextureName, kLineTCoords,
                                                    vtkDataObject::FIELD_ASSOCIATION_POINTS);
        if (!earth) {
            earth = vtkSmartPointer<vtkActor>::New();
            renderer->AddActor(earth);
        } else if (!renderer->HasViewProp(earth)) {
            renderer->AddActor(earth);
        }
        earth->SetMapper(mapper);
        earth->SetTexture(field ? overlayTexture(scene.field) : plainEarthTexture());
        setColor(earth, Rgb{255, 255, 255});
        earth->ForceOpaqueOn();  // the line texture's alpha blends over the field, not the scene
        earth->GetProperty()->SetAmbient(0.45);
        earth->GetProperty()->SetDiffuse(0.6);
        earth->GetProperty()->SetSpecular(0.0);
        earth->GetProperty()->BackfaceCullingOn();
    }

    void buildCoastlines() {
        clearLayer(GlobeLayer::Coastlines);
        const Coastlines* coast = sharedCoastlines();
        if (!coast) return;
        vtkNew<vtkPoints> points;
        vtkNew<vtkCellArray> lines;
        points->SetNumberOfPoints(static_cast<vtkIdType>(coast->pointCount()));
        for (std::size_t i = 0; i < coast->pointCount(); ++i) {
            const Vec3 p = scaled(unitVector(coast->lat[i], coast->lon[i]), kCoastRadius);
            points->SetPoint(static_cast<vtkIdType>(i), p.data());
        }
        for (std::size_t k = 0; k < coast->lineCount(); ++k) {
            lines->InsertNextCell(coast->start[k + 1] - coast->start[k]);
            for (auto i = coast->start[k]; i < coast->start[k + 1]; ++i) lines->InsertCellPoint(i);
        }
        vtkNew<vtkPolyData> data;
        data->SetPoints(points);
        data->SetLines(lines);
        for (const auto& tile : splitIntoTiles(data)) {
            auto actor = flatActor(tile, kCoast);
            actor->GetProperty()->SetLineWidth(static_cast<float>(lineScale));
            addLayerActor(GlobeLayer::Coastlines, actor);
        }
    }

    int shownMeshLevel() const { return std::clamp(scene.meshLevel, 0, static_cast<int>(meshLevels.size()) - 1); }

    // The wireframe of one mesh level as lines between shared node points.
    vtkSmartPointer<vtkPolyData> meshLines(int level) const {
        const MeshGraph& g = *scene.graphA;
        PolyBuilder builder;
        // Short edges share their end points (one vertex per node): far fewer vertices to draw.
        std::vector<vtkIdType> nodeIds(g.meshCount(), -1);
        auto nodeId = [&](std::int32_t n) {
            if (nodeIds[n] < 0) nodeIds[n] = builder.point(scaled(meshPosition(g, n), kMeshRadius));
            return nodeIds[n];
        };
        for (const auto& [a, b] : uniqueEdges(meshLevels[level])) {
            if (!validMesh(&g, a) || !validMesh(&g, b)) continue;
            if (angleBetween(meshPosition(g, a), meshPosition(g, b)) <= kMaxArcStep) builder.line(nodeId(a), nodeId(b));
            else builder.arc(meshPosition(g, a), meshPosition(g, b), kMeshRadius);
        }
        return builder.build();
    }

    void buildMesh() {
        clearLayer(GlobeLayer::Mesh);
        if (!scene.graphA || meshLevels.empty()) return;
        for (const auto& tile : splitIntoTiles(meshLines(shownMeshLevel()))) {
            auto actor = flatActor(tile, kMesh);
            actor->GetProperty()->SetLineWidth(static_cast<float>(lineScale));
            addLayerActor(GlobeLayer::Mesh, actor);
        }
        applyLineDetail();
    }

    // Mesh edges and coastlines baked into luminance + alpha textures (grey lines, coastlines
    // darker) that the Earth sphere blends over its own colour or field.
    void buildLineTexture() {
        lineTextureLevels.clear();
        lineRasters.clear();
        lineTextureStale = false;
        const bool mesh = scene.isVisible(GlobeLayer::Mesh) && scene.graphA && !meshLevels.empty();
        const Coastlines* coast = scene.isVisible(GlobeLayer::Coastlines) ? sharedCoastlines() : nullptr;
        if (!mesh && !coast) return;
        const LineTextureKey key{mesh ? meshFingerprint(*scene.graphA) : 0, mesh ? shownMeshLevel() : -1,
                                 coast != nullptr};
        lineRasters = cachedLineTexture(key, [&] {
            LineRaster raster(kLineTextureWidth, kLineTextureHeight);
            if (mesh) {
                const MeshGraph& g = *scene.graphA;
                for (const auto& [a, b] : uniqueEdges(meshLevels[shownMeshLevel()]))
                    if (validMesh(&g, a) && validMesh(&g, b))
                        raster.drawArc(meshPosition(g, a), meshPosition(g, b), kMesh.g);
            }
            if (coast) {
                const std::uint8_t luminance = kCoast.g;
                for (std::size_t k = 0; k < coast->lineCount(); ++k)
                    for (auto i = coast->start[k]; i + 1 < coast->start[k + 1]; ++i)
                        raster.drawArc(unitVector(coast->lat[i], coast->lon[i]),
                                       unitVector(coast->lat[i + 1], coast->lon[i + 1]), luminance);
            }
            LineTextureLevels levels{std::make_shared<const LineRaster>(std::move(raster))};
            while (static_cast<int>(levels.size()) < kLineTextureLevels)
                levels.push_back(std::make_shared<const LineRaster>(levels.back()->halved()));
            return levels;
        });
        for (const auto& raster : lineRasters) {
            // The texture reads the cached texels in place (they are kept alive by lineRasters).
            vtkNew<vtkUnsignedCharArray> texels;
            texels->SetNumberOfComponents(2);
            texels->SetArray(const_cast<std::uint8_t*>(raster->luminanceAlpha().data()),
                             static_cast<vtkIdType>(raster->luminanceAlpha().size()), 1);
            vtkNew<vtkImageData> image;
            image->SetDimensions(raster->width(), raster->height(), 1);
            image->GetPointData()->SetScalars(texels);
            // Bilinear from a level chosen per frame: software OpenGL samples trilinear
            // mipmaps three times slower.
            auto texture = vtkSmartPointer<vtkTexture>::New();
            texture->SetInputData(image);
            texture->InterpolateOn();
            texture->MipmapOff();
            texture->RepeatOn();
            texture->EdgeClampOff();
            texture->SetBlendingMode(vtkTexture::VTK_TEXTURE_BLENDING_MODE_REPLACE);  // alpha over the field
            lineTextureLevels.push_back(texture);
        }
    }

    // Texture or lines: the texture level whose texels are nearest a screen pixel in size, or
    // the lines themselves once a pixel is much smaller than the finest texel.
    void applyLineDetail() {
        const double pixelAngle =
            (camera.distance - 1.0) * kViewAngleDegrees * std::numbers::pi / 180.0 / std::max(1, viewportHeight);
        const double levelOfDetail = std::log2(pixelAngle / (std::numbers::pi / kLineTextureHeight));
        useLineTexture = preferLineTexture && levelOfDetail >= -0.5;
        if (useLineTexture && lineTextureStale) buildLineTexture();
        if (earth) {
            vtkProperty* property = earth->GetProperty();
            vtkTexture* shown = property->GetTexture(kLineTextureName);
            vtkTexture* wanted = nullptr;
            if (useLineTexture && !lineTextureLevels.empty())
                wanted = lineTextureLevels[std::clamp(static_cast<int>(std::lround(levelOfDetail)), 0,
                                                      static_cast<int>(lineTextureLevels.size()) - 1)];
            if (shown != wanted) {
                if (shown) property->RemoveTexture(kLineTextureName);
                if (wanted) property->SetTexture(kLineTextureName, wanted);
            }
        }
        for (GlobeLayer layer : {GlobeLayer::Mesh, GlobeLayer::Coastlines})
            for (auto& actor : layers[static_cast<int>(layer)])
                actor->SetVisibility(scene.isVisible(layer) && !useLineTexture);
    }

    void buildGridPoints() {
        clearLayer(GlobeLayer::GridPoints);
        if (!scene.graphA || scene.graphA->gridCount() == 0) return;
        const MeshGraph& g = *scene.graphA;
        std::size_t stride = 1;
        while (g.gridCount() / (stride * stride) > kMaxGridPointsShown) ++stride;
        PolyBuilder builder;
        for (std::size_t i = 0; i < g.gridLat.size(); i += stride)
            for (std::size_t j = 0; j < g.gridLon.size(); j += stride)
                builder.vertex(scaled(unitVector(g.gridLat[i], g.gridLon[j]), kGridRadius));
        auto actor = flatActor(builder.build(), kGridPoint, 0.8);
        actor->GetProperty()->SetPointSize(static_cast<float>(2 * lineScale));
        addLayerActor(GlobeLayer::GridPoints, actor);
    }

    void buildMovedNodes() {
        clearLayer(GlobeLayer::MovedNodes);
        if (!scene.diff || !scene.graphA || scene.diff->movedNodes.empty()) return;
        PolyBuilder builder;
        for (const MovedNode& node : scene.diff->movedNodes) {
            if (!validMesh(scene.graphA, node.mesh)) continue;
            const Rgb c = ulpColor(std::max(node.ulpLat, node.ulpLon), scene.diff->maxMovedUlp);
            builder.vertex(scaled(meshPosition(*scene.graphA, node.mesh), kMovedRadius), &c);
        }
        auto actor = flatActor(builder.build(), kColorMoved);
        actor->GetProperty()->SetPointSize(static_cast<float>(3 * lineScale));
        addLayerActor(GlobeLayer::MovedNodes, actor);
    }

    void buildTriangles() {
        clearLayer(GlobeLayer::Triangles);
        if (!scene.diff || !scene.graphA || scene.diff->m2gChanged.empty()) return;
        const MeshGraph& a = *scene.graphA;
        const MeshGraph& b = *graphB();
        PolyBuilder facesA, facesB, outlineA, outlineB, markers, centres;
        for (const TriangleChange& change : scene.diff->m2gChanged) {
            if (!validGrid(&a, change.grid)) continue;
            const auto validFace = [](const MeshGraph& g, const std::array<std::int32_t, 3>& f) {
                return validMesh(&g, f[0]) && validMesh(&g, f[1]) && validMesh(&g, f[2]);
            };
            if (validFace(a, change.meshA)) {
                const Vec3 p0 = meshPosition(a, change.meshA[0]), p1 = meshPosition(a, change.meshA[1]),
                           p2 = meshPosition(a, change.meshA[2]);
                facesA.triangle(p0, p1, p2, kTriangleRadius);
                outlineA.outline(p0, p1, p2, kTriangleRadius + 0.0004);
            }
            if (validFace(b, change.meshB)) {
                const Vec3 p0 = meshPosition(b, change.meshB[0]), p1 = meshPosition(b, change.meshB[1]),
                           p2 = meshPosition(b, change.meshB[2]);
                facesB.triangle(p0, p1, p2, kTriangleRadius + 0.0002);
                outlineB.outline(p0, p1, p2, kTriangleRadius + 0.0006);
            }
            const Vec3 g = gridPosition(a, change.grid);
            markers.ring(g, kMarkerRingDegrees, kTriangleRadius + 0.0008);
            centres.vertex(scaled(g, kTriangleRadius + 0.001));
        }
        for (auto* faces : {&facesA, &facesB}) {
            if (faces->empty()) continue;
            auto actor = flatActor(faces->build(), faces == &facesA ? kColorOnlyA : kColorOnlyB, 0.45);
            actor->GetProperty()->BackfaceCullingOff();
            addLayerActor(GlobeLayer::Triangles, actor);
        }
        for (auto* outline : {&outlineA, &outlineB}) {
            if (outline->empty()) continue;
            auto actor = flatActor(outline->build(), outline == &outlineA ? kColorOnlyA : kColorOnlyB);
            actor->GetProperty()->SetLineWidth(static_cast<float>(2 * lineScale));
            addLayerActor(GlobeLayer::Triangles, actor);
        }
        auto ringActor = flatActor(markers.build(), kMarker);
        ringActor->GetProperty()->SetLineWidth(static_cast<float>(2 * lineScale));
        addLayerActor(GlobeLayer::Triangles, ringActor);
        auto centreActor = flatActor(centres.build(), kMarker);
        centreActor->GetProperty()->SetPointSize(static_cast<float>(5 * lineScale));
        addLayerActor(GlobeLayer::Triangles, centreActor);
    }

    void buildEdges(GlobeLayer layer) {
        clearLayer(layer);
        if (!scene.diff || !scene.graphA) return;
        const bool onlyA = layer == GlobeLayer::G2mOnlyA;
        const MeshGraph& g = onlyA ? *scene.graphA : *graphB();
        const auto& edges = onlyA ? scene.diff->g2mOnlyA : scene.diff->g2mOnlyB;
        if (edges.empty()) return;
        PolyBuilder lines, ends, markers;
        for (const GridMeshEdge& e : edges) {
            if (!validGrid(&g, e.grid) || !validMesh(&g, e.mesh)) continue;
            const Vec3 p = gridPosition(g, e.grid), q = meshPosition(g, e.mesh);
            lines.arc(p, q, kEdgeRadius);
            ends.point(scaled(p, kEdgeRadius));
            ends.point(scaled(q, kEdgeRadius));
            markers.ring(normalized(scaled(slerp(p, q, 0.5), 1.0)), kMarkerRingDegrees + (onlyA ? 0 : 0.4),
                         kEdgeRadius);
        }
        const Rgb color = onlyA ? kColorOnlyA : kColorOnlyB;
        addLayerActor(layer, tubeActor(lines.build(), color, 0.0028));
        addLayerActor(layer, sphereGlyphActor(ends.build(), color, 0.0055));
        auto ringActor = flatActor(markers.build(), color);
        ringActor->GetProperty()->SetLineWidth(static_cast<float>(2.5 * lineScale));
        addLayerActor(layer, ringActor);
    }

    void buildAtRisk() {
        clearLayer(GlobeLayer::AtRisk);
        if (!scene.graphA) return;
        const MeshGraph& g = *scene.graphA;
        PolyBuilder lines, points;
        for (const GridMeshEdge& e : scene.atRisk.edges)
            if (validGrid(&g, e.grid) && validMesh(&g, e.mesh))
                lines.arc(gridPosition(g, e.grid), meshPosition(g, e.mesh), kAtRiskRadius);
        for (std::int32_t grid : scene.atRisk.gridPoints)
            if (validGrid(&g, grid)) points.vertex(scaled(gridPosition(g, grid), kAtRiskRadius));
        if (!lines.empty()) {
            auto actor = flatActor(lines.build(), kColorAtRisk);
            actor->GetProperty()->SetLineWidth(static_cast<float>(2 * lineScale));
            addLayerActor(GlobeLayer::AtRisk, actor);
        }
        if (!points.empty()) {
            auto actor = flatActor(points.build(), kColorAtRisk);
            actor->GetProperty()->SetPointSize(static_cast<float>(4 * lineScale));
            addLayerActor(GlobeLayer::AtRisk, actor);
        }
    }

    void buildHighlight() {
        for (auto& actor : highlightActors) renderer->RemoveActor(actor);
        highlightActors.clear();
        if (highlight.kind == GlobePick::Kind::None || !scene.graphA) return;
        const MeshGraph& a = *scene.graphA;
        PolyBuilder lines, points;
        switch (highlight.kind) {
            case GlobePick::Kind::G2mEdge: {
                const MeshGraph& g = highlight.run == 2 ? *graphB() : a;
                if (validGrid(&g, highlight.grid) && validMesh(&g, highlight.mesh))
                    lines.arc(gridPosition(g, highlight.grid), meshPosition(g, highlight.mesh), kHighlightRadius);
                break;
            }
            case GlobePick::Kind::Triangle:
                if (scene.diff && highlight.diffIndex >= 0 &&
                    static_cast<std::size_t>(highlight.diffIndex) < scene.diff->m2gChanged.size()) {
                    const TriangleChange& t = scene.diff->m2gChanged[highlight.diffIndex];
                    for (const auto* face : {&t.meshA, &t.meshB}) {
                        const MeshGraph& g = face == &t.meshA ? a : *graphB();
                        if (validMesh(&g, (*face)[0]) && validMesh(&g, (*face)[1]) && validMesh(&g, (*face)[2]))
                            lines.outline(meshPosition(g, (*face)[0]), meshPosition(g, (*face)[1]),
                                          meshPosition(g, (*face)[2]), kHighlightRadius);
                    }
                }
                break;
            case GlobePick::Kind::MeshNode:
                if (validMesh(&a, highlight.mesh))
                    points.vertex(scaled(meshPosition(a, highlight.mesh), kHighlightRadius));
                break;
            default: break;
        }
        if (validGrid(&a, highlight.grid)) {
            points.vertex(scaled(gridPosition(a, highlight.grid), kHighlightRadius));
            lines.ring(gridPosition(a, highlight.grid), kMarkerRingDegrees * 0.6, kHighlightRadius);
        }
        if (!lines.empty()) {
            auto actor = flatActor(lines.build(), kColorHighlight);
            actor->GetProperty()->SetLineWidth(static_cast<float>(3 * lineScale));
            highlightActors.push_back(actor);
        }
        if (!points.empty()) {
            auto actor = flatActor(points.build(), kColorHighlight);
            actor->GetProperty()->SetPointSize(static_cast<float>(8 * lineScale));
            highlightActors.push_back(actor);
        }
        for (auto& actor : highlightActors) renderer->AddActor(actor);
    }

    void applyCamera() {
        applyCameraPosition();
        applyLineDetail();
    }

    void applyCameraPosition() {
        camera = allowedCamera(camera);
        vtkCamera* cam = renderer->GetActiveCamera();
        const Vec3 eye = scaled(unitVector(camera.lat, camera.lon), camera.distance);
        cam->SetFocalPoint(0, 0, 0);
        cam->SetPosition(eye.data());
        cam->SetViewUp(0, 0, 1);
        cam->SetViewAngle(kViewAngleDegrees);
        cam->SetClippingRange(std::max(0.001, camera.distance - 1.1), camera.distance + 1.1);
    }

    // Display coordinates of a world point; false when it is behind the globe.
    bool project(const Vec3& p, double& x, double& y) const {
        const Vec3 eye = scaled(unitVector(camera.lat, camera.lon), camera.distance);
        if (dot(normalized(p), eye) < 1.0) return false;  // beyond the horizon seen from the eye
        renderer->SetWorldPoint(p[0], p[1], p[2], 1.0);
        renderer->WorldToDisplay();
        double d[3];
        renderer->GetDisplayPoint(d);
        x = d[0];
        y = d[1];
        return true;
    }
};

GlobeCamera allowedCamera(const GlobeCamera& camera) {
    return {std::clamp(camera.lat, -89.5, 89.5), wrapLongitude360(camera.lon), std::clamp(camera.distance, 1.05, 12.0)};
}

GlobeRenderer::GlobeRenderer(double lineScale) : impl_(std::make_unique<Impl>()) {
    impl_->lineScale = lineScale;
    impl_->renderer->SetBackground(0.12, 0.13, 0.16);
    impl_->renderer->SetBackground2(0.24, 0.26, 0.31);
    impl_->renderer->GradientBackgroundOn();
    // Opaque alpha in every pixel, so the picture can be shown without an alpha fix-up pass.
    impl_->renderer->SetBackgroundAlpha(1.0);
    // The default render steps blend translucent actors in one pass; without a pass of its own
    // VTK 9.1 renders them order-independently, whose depth copy and full-window composite cost
    // software OpenGL ~35 ms per frame for the few translucent triangles the globe has.
    vtkNew<vtkRenderStepsPass> steps;
    impl_->renderer->SetPass(steps);
    impl_->renderer->AddCuller(impl_->horizonCuller);
    impl_->buildAll();
    impl_->applyCamera();
}

GlobeRenderer::~GlobeRenderer() = default;

vtkRenderer* GlobeRenderer::renderer() const { return impl_->renderer; }

void GlobeRenderer::updatePipelines() {
    vtkPropCollection* props = impl_->renderer->GetViewProps();
    props->InitTraversal();
    while (vtkProp* prop = props->GetNextProp())
        if (auto* actor = vtkActor::SafeDownCast(prop); actor && actor->GetMapper()) actor->GetMapper()->Update();
}

void GlobeRenderer::setScene(const GlobeScene& scene) {
    impl_->scene = scene;
    impl_->highlight = {};
    impl_->buildAll();
    impl_->applyCamera();
}

const GlobeScene& GlobeRenderer::scene() const { return impl_->scene; }

void GlobeRenderer::setFieldOverlay(const FieldOverlay& overlay) {
    impl_->scene.field = overlay;
    impl_->buildEarth();
}

void GlobeRenderer::setLayerVisible(GlobeLayer layer, bool visible) {
    impl_->scene.setVisible(layer, visible);
    if (layer == GlobeLayer::FieldOverlay) impl_->buildEarth();
    for (auto& actor : impl_->layers[static_cast<int>(layer)]) actor->SetVisibility(visible);
    if (layer == GlobeLayer::Mesh || layer == GlobeLayer::Coastlines) {
        impl_->lineTextureStale = true;
        impl_->applyLineDetail();
    }
}

void GlobeRenderer::setLineTextureAllowed(bool allowed) {
    impl_->preferLineTexture = allowed;
    impl_->applyLineDetail();
}

void GlobeRenderer::setViewportHeight(int pixels) {
    if (pixels == impl_->viewportHeight) return;
    impl_->viewportHeight = pixels;
    impl_->applyLineDetail();
}

bool GlobeRenderer::linesAsTexture() const { return impl_->useLineTexture; }

void GlobeRenderer::setHorizonCulling(bool on) {
    if (on == impl_->horizonCulling) return;
    impl_->horizonCulling = on;
    if (on) impl_->renderer->AddCuller(impl_->horizonCuller);
    else impl_->renderer->RemoveCuller(impl_->horizonCuller);
}

void GlobeRenderer::setMeshLevel(int level) {
    impl_->scene.meshLevel = level;
    impl_->buildMesh();
}

int GlobeRenderer::availableMeshLevels() const { return static_cast<int>(impl_->meshLevels.size()); }

void GlobeRenderer::setHighlight(const GlobePick& pick) {
    impl_->highlight = pick;
    impl_->buildHighlight();
}

const GlobePick& GlobeRenderer::highlight() const { return impl_->highlight; }

void GlobeRenderer::setCamera(const GlobeCamera& camera) {
    impl_->camera = camera;
    impl_->applyCamera();
}

const GlobeCamera& GlobeRenderer::camera() const { return impl_->camera; }

GlobePick GlobeRenderer::pick(double x, double y, double tolerance) const {
    GlobePick none;
    const Impl& d = *impl_;
    vtkRenderer* ren = d.renderer;
    if (!ren->GetRenderWindow()) return none;
    double nearPoint[4], farPoint[4];
    ren->SetDisplayPoint(x, y, 0.0);
    ren->DisplayToWorld();
    ren->GetWorldPoint(nearPoint);
    ren->SetDisplayPoint(x, y, 1.0);
    ren->DisplayToWorld();
    ren->GetWorldPoint(farPoint);
    if (nearPoint[3] == 0 || farPoint[3] == 0) return none;
    Vec3 origin{nearPoint[0] / nearPoint[3], nearPoint[1] / nearPoint[3], nearPoint[2] / nearPoint[3]};
    Vec3 far{farPoint[0] / farPoint[3], farPoint[1] / farPoint[3], farPoint[2] / farPoint[3]};
    const Vec3 dir = normalized({far[0] - origin[0], far[1] - origin[1], far[2] - origin[2]});
    const double b = dot(origin, dir), c = dot(origin, origin) - 1.0, disc = b * b - c;
    if (disc < 0) return none;
    const double rayLength = -b - std::sqrt(disc);
    const Vec3 hit =
        normalized({origin[0] + rayLength * dir[0], origin[1] + rayLength * dir[1], origin[2] + rayLength * dir[2]});

    GlobePick best;
    best.lat = latitudeOf(hit);
    best.lon = longitudeOf(hit);
    double bestDistance = tolerance;
    auto consider = [&](double distance, GlobePick candidate) {
        if (distance <= bestDistance) {
            bestDistance = distance;
            candidate.lat = best.lat;
            candidate.lon = best.lon;
            best = candidate;
        }
    };
    auto pointDistance = [&](const Vec3& p, double& out) {
        double px, py;
        if (!d.project(p, px, py)) return false;
        out = std::hypot(px - x, py - y);
        return true;
    };
    auto segmentDistance = [&](const Vec3& p, const Vec3& q, double& out) {
        double px, py, qx, qy;
        if (!d.project(p, px, py) || !d.project(q, qx, qy)) return false;
        const double vx = qx - px, vy = qy - py, len2 = vx * vx + vy * vy;
        const double s = len2 > 0 ? std::clamp(((x - px) * vx + (y - py) * vy) / len2, 0.0, 1.0) : 0.0;
        out = std::hypot(px + s * vx - x, py + s * vy - y);
        return true;
    };
    const GlobeScene& s = d.scene;
    if (!s.graphA) return best;
    const MeshGraph& a = *s.graphA;
    const MeshGraph& gb = *d.graphB();
    if (s.diff) {
        for (int run = 1; run <= 2; ++run) {
            if (!s.isVisible(run == 1 ? GlobeLayer::G2mOnlyA : GlobeLayer::G2mOnlyB)) continue;
            const auto& edges = run == 1 ? s.diff->g2mOnlyA : s.diff->g2mOnlyB;
            const MeshGraph& g = run == 1 ? a : gb;
            for (std::size_t i = 0; i < edges.size(); ++i) {
                double dist;
                if (!validGrid(&g, edges[i].grid) || !validMesh(&g, edges[i].mesh)) continue;
                if (!segmentDistance(scaled(gridPosition(g, edges[i].grid), kEdgeRadius),
                                     scaled(meshPosition(g, edges[i].mesh), kEdgeRadius), dist))
                    continue;
                GlobePick p;
                p.kind = GlobePick::Kind::G2mEdge;
                p.grid = edges[i].grid;
                p.mesh = edges[i].mesh;
                p.run = run;
                p.diffIndex = static_cast<int>(i);
                consider(dist, p);
            }
        }
        if (s.isVisible(GlobeLayer::Triangles)) {
            for (std::size_t i = 0; i < s.diff->m2gChanged.size(); ++i) {
                const TriangleChange& t = s.diff->m2gChanged[i];
                if (!validGrid(&a, t.grid)) continue;
                double dist = 1e300;
                pointDistance(scaled(gridPosition(a, t.grid), kTriangleRadius), dist);
                int run = 0;
                for (int r = 1; r <= 2 && dist > 0; ++r) {
                    const auto& f = r == 1 ? t.meshA : t.meshB;
                    const MeshGraph& g = r == 1 ? a : gb;
                    if (validMesh(&g, f[0]) && validMesh(&g, f[1]) && validMesh(&g, f[2]) &&
                        insideSphericalTriangle(hit, meshPosition(g, f[0]), meshPosition(g, f[1]),
                                                meshPosition(g, f[2]))) {
                        dist = 0;
                        run = r;
                    }
                }
                GlobePick p;
                p.kind = GlobePick::Kind::Triangle;
                p.grid = t.grid;
                p.run = run;
                p.diffIndex = static_cast<int>(i);
                consider(dist, p);
            }
        }
        if (s.isVisible(GlobeLayer::MovedNodes) && best.kind == GlobePick::Kind::None) {
            for (const MovedNode& node : s.diff->movedNodes) {
                double dist;
                if (!validMesh(&a, node.mesh) || !pointDistance(scaled(meshPosition(a, node.mesh), kMovedRadius), dist))
                    continue;
                GlobePick p;
                p.kind = GlobePick::Kind::MeshNode;
                p.mesh = node.mesh;
                consider(dist, p);
            }
        }
    }
    if (best.kind == GlobePick::Kind::None && !a.gridLat.empty() && !a.gridLon.empty()) {
        const std::size_t i = nearestIndex(a.gridLat, best.lat), j = nearestLongitudeIndex(a.gridLon, best.lon);
        best.kind = GlobePick::Kind::GridPoint;
        best.grid = static_cast<std::int32_t>(i * a.gridLon.size() + j);
    }
    return best;
}

QImage GlobeRenderer::renderImage(int width, int height, double lineScale) const {
    return renderImage(impl_->scene, impl_->camera, impl_->highlight, impl_->horizonCulling, width, height, lineScale);
}

QImage GlobeRenderer::renderImage(const GlobeScene& scene, const GlobeCamera& camera, const GlobePick& highlight,
                                  bool horizonCulling, int width, int height, double lineScale) {
    if (width <= 0 || height <= 0) return {};
    GlobeRenderer copy(lineScale);
    copy.setScene(scene);
    copy.setHighlight(highlight);
    copy.setCamera(camera);
    copy.setHorizonCulling(horizonCulling);

    vtkNew<vtkRenderWindow> window;
    window->SetOffScreenRendering(1);
    window->SetMultiSamples(0);
    window->SetSize(width, height);
    window->AddRenderer(copy.renderer());
    window->Render();
    vtkNew<vtkWindowToImageFilter> grab;
    grab->SetInput(window);
    grab->SetInputBufferTypeToRGB();
    grab->ReadFrontBufferOff();
    grab->Update();
    vtkImageData* pixels = grab->GetOutput();
    int dims[3];
    pixels->GetDimensions(dims);
    if (dims[0] != width || dims[1] != height) return {};
    QImage image(width, height, QImage::Format_RGB888);
    const auto* src = static_cast<const unsigned char*>(pixels->GetScalarPointer());
    for (int row = 0; row < height; ++row)
        std::memcpy(image.scanLine(height - 1 - row), src + static_cast<std::size_t>(row) * width * 3,
                    static_cast<std::size_t>(width) * 3);
    window->RemoveRenderer(copy.renderer());
    window->Finalize();

    QImage result = image.convertToFormat(QImage::Format_ARGB32);
    QPainter painter(&result);
    paintGlobeLegend(painter, result.rect(), scene, lineScale);
    return result;
}

}  // namespace meshdiff::views
