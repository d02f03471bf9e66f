#include "inspect/InspectorPanel.h"

#include <algorithm>
#include <cmath>

#include <QEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QStringList>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include "colormap/ColorMap.h"
#include "geo/LatLonText.h"

namespace meshdiff::views {
namespace {

QString num(double value, int precision = 4) { return QString::number(value, 'g', precision); }

QString latLon(double lat, double lon) { return QString::fromStdString(latLonLabel(lat, lon, 4)); }

QString tableRow(const QString& key, const QString& value) {
    return QStringLiteral("<tr><td style='padding-right:8px'><b>%1</b></td><td>%2</td></tr>").arg(key, value);
}

QString gridPointText(const MeshGraph& graph, std::int32_t grid) {
    const std::size_t nlon = graph.gridLon.size();
    const auto g = static_cast<std::size_t>(grid);
    return QStringLiteral("%1 (lat index %2, lon index %3) at %4")
        .arg(grid)
        .arg(g / nlon)
        .arg(g % nlon)
        .arg(latLon(graph.gridLat[g / nlon], graph.gridLon[g % nlon]));
}

QString meshNodeText(const MeshGraph& graph, std::int32_t mesh) {
    const auto m = static_cast<std::size_t>(mesh);
    return QStringLiteral("%1 at %2").arg(mesh).arg(latLon(graph.meshLat[m], graph.meshLon[m]));
}

QString facesText(const std::array<std::int32_t, 3>& nodes) {
    return QStringLiteral("%1, %2, %3").arg(nodes[0]).arg(nodes[1]).arg(nodes[2]);
}

QString radiusText(const BallRadius& radius) {
    return radius.fromBuilder
               ? QObject::tr("radius %1 (the builder's, from the run's metadata)").arg(num(radius.value, 9))
               : QObject::tr("radius %1 (recomputed: 0.6 × longest mesh edge)").arg(num(radius.value, 9));
}

bool validGrid(const MeshGraph* graph, std::int32_t grid) {
    return graph && grid >= 0 && std::size_t(grid) < graph->gridCount();
}
bool validMesh(const MeshGraph* graph, std::int32_t mesh) {
    return graph && mesh >= 0 && std::size_t(mesh) < graph->meshCount();
}

// Whether `receiver` sums its incoming edges in another order; `reordered` is ascending.
QString incomingOrderText(const std::vector<std::int32_t>& reordered, std::int32_t receiver) {
    return std::binary_search(reordered.begin(), reordered.end(), receiver)
               ? QObject::tr("same edges, listed in another order in B: sums its messages in another order")
               : QObject::tr("same in A and B");
}

// The graph differences the list has no rows for: B's renumbering and the receivers' order.
QString unlistedDifferences(const GraphDiff& diff) {
    QStringList sentences;
    if (!diff.renumberedNodes.empty()) sentences << QString::fromStdString(renumberingText(diff));
    if (diff.orderDiffers()) sentences << QString::fromStdString(reorderedReceiversText(diff));
    return sentences.join(QStringLiteral("; "));
}

// Why there is nothing to list when the graphs were not both read, and where they come from.
QString noGraphsText(const MeshGraph* graphA, const MeshGraph* graphB) {
    const QString source = QObject::tr(
        "To compare graphs, put each run's graph dump (an .npz with grid_lat, mesh_faces, g2m_*, m2g_*, "
        "or meshdiff's HDF5 graph file) in its run folder beside the fields.");
    if (graphA || graphB)
        return QObject::tr("Only %1 has a graph: there is nothing to compare it with. %2")
            .arg(graphA ? QStringLiteral("A") : QStringLiteral("B"), source);
    return QObject::tr("No graphs were read: these runs are fields only (e.g. NetCDF or GRIB). %1").arg(source);
}

}  // namespace

QString float32StepsExplained() {
    return QObject::tr(
        "float32 steps = ULPs: how many representable float32 values apart two numbers are "
        "(one step near 1.0 is 6e-8; hosts that round differently disagree by a step or two).");
}

InspectorPanel::InspectorPanel(QWidget* parent)
    : QWidget(parent),
      model_(new DifferencesListModel(this)),
      list_(new QTableView(this)),
      details_(new QLabel(this)),
      previous_(new QToolButton(this)),
      next_(new QToolButton(this)),
      counter_(new QLabel(this)) {
    list_->setObjectName(QStringLiteral("differencesList"));
    list_->setModel(model_);
    list_->setSelectionBehavior(QAbstractItemView::SelectRows);
    list_->setSelectionMode(QAbstractItemView::SingleSelection);
    list_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    list_->verticalHeader()->setVisible(false);
    list_->verticalHeader()->setDefaultSectionSize(list_->fontMetrics().height() + 6);
    // Widths from sample text, not ResizeToContents: measuring thousands of moved-node rows on
    // every paint stalls the GUI thread.
    const QFontMetrics metrics = list_->fontMetrics();
    const int pad = 2 * metrics.horizontalAdvance(QLatin1Char('M'));
    const int icon = list_->style()->pixelMetric(QStyle::PM_SmallIconSize) + 8;  // the colour swatch
    const std::pair<DifferencesListModel::Column, QString> samples[] = {
        {DifferencesListModel::Kind, QStringLiteral("g→m edge only in A")},
        {DifferencesListModel::Grid, QStringLiteral("1038239")},
        {DifferencesListModel::Mesh, QStringLiteral("40961")},
        {DifferencesListModel::Lat, QStringLiteral("-90.00")},
        {DifferencesListModel::Lon, QStringLiteral("359.75")}};
    list_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    for (const auto& [column, sample] : samples)
        list_->horizontalHeader()->resizeSection(
            column, metrics.horizontalAdvance(sample) + pad + (column == DifferencesListModel::Kind ? icon : 0));
    list_->horizontalHeader()->setStretchLastSection(true);

    details_->setObjectName(QStringLiteral("inspectorDetails"));
    details_->setTextFormat(Qt::RichText);
    details_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    details_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    details_->setWordWrap(true);
    details_->setMargin(4);
    details_->setToolTip(float32StepsExplained());
    previous_->setObjectName(QStringLiteral("previousDifference"));
    // Tool buttons, narrower than push buttons: the dock beside the globe must fit a 1366-pixel
    // screen with the other docks.
    previous_->setText(tr("◀"));
    next_->setText(tr("Next ▶"));
    previous_->setToolTip(tr("Previous difference (Shift+N)"));
    next_->setToolTip(tr("Next difference (N)"));
    next_->setObjectName(QStringLiteral("nextDifference"));

    connect(list_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& index) {
        if (!index.isValid()) return;
        const GlobePick pick = model_->item(index.row()).toPick();
        showDetails(pick);
        if (!updatingSelection_) emit differenceActivated(pick);
    });
    list_->viewport()->installEventFilter(this);
    connect(list_, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (index.isValid() && index.row() == currentRowAtPress_)
            emit differenceActivated(model_->item(index.row()).toPick());
    });
    connect(previous_, &QToolButton::clicked, this, &InspectorPanel::previous);
    connect(next_, &QToolButton::clicked, this, &InspectorPanel::next);

    // A long count must not widen the panel (and the window); its whole text is the tooltip.
    counter_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(previous_);
    buttons->addWidget(next_);
    buttons->addWidget(counter_, 1);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(list_);
    // The details scroll: in a short dock their last rows (A − B at the point) would be cut off.
    auto* detailsScroll = new QScrollArea(this);
    detailsScroll->setWidget(details_);
    detailsScroll->setWidgetResizable(true);
    detailsScroll->setFrameShape(QFrame::NoFrame);
    splitter->addWidget(detailsScroll);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(splitter, 1);
    clear();
}

void InspectorPanel::setGraphs(const GraphDiff* diff, const MeshGraph* graphA, const MeshGraph* graphB,
                               BallRadius radiusA, BallRadius radiusB) {
    diff_ = diff;
    graphA_ = graphA;
    graphB_ = graphB;
    radius_ = radiusA;
    radiusB_ = radiusB;
    fragility_ = nullptr;
    model_->setItems(diff && graphA ? listDifferences(*diff, *graphA) : std::vector<DifferenceItem>{});
    current_ = GlobePick{};
    picked_ = false;
    const int moved = diff && graphA ? int(diff->movedNodes.size()) : 0;
    counter_->setText(
        moved == 0 ? tr("%n difference(s)", nullptr, model_->rowCount())
                   : tr("%1 edges and triangles, %2 moved mesh nodes").arg(model_->rowCount() - moved).arg(moved));
    const QString unlisted = diff ? unlistedDifferences(*diff) : QString();
    counter_->setToolTip(unlisted.isEmpty() ? counter_->text() : counter_->text() + QStringLiteral("; ") + unlisted);
    previous_->setEnabled(model_->rowCount() > 0);
    next_->setEnabled(model_->rowCount() > 0);
    QString prompt = model_->rowCount() > 0 ? tr("Select a difference in the list or on the globe.")
                     : diff                 ? tr("The graphs hold the same grid↔mesh edges and mesh nodes.")
                                            : noGraphsText(graphA, graphB);
    if (!diff) counter_->setText(tr("no graphs compared"));
    if (!unlisted.isEmpty()) prompt += QStringLiteral("<p>%1.</p>").arg(unlisted.toHtmlEscaped());
    details_->setText(prompt);
}

void InspectorPanel::setFieldSampler(FieldSampler sampler) {
    sampler_ = std::move(sampler);
    if (picked_) showDetails(current_);  // the field shown now, at the same place
}

void InspectorPanel::setFragility(const FragilityReport* report) {
    fragility_ = report;
    if (picked_) showDetails(current_);
}

void InspectorPanel::clear() {
    setGraphs(nullptr, nullptr, nullptr, {}, {});
    details_->setText(tr("Open two runs to inspect their differences."));
}

int InspectorPanel::currentRow() const {
    const QModelIndex index = list_->selectionModel()->currentIndex();
    return index.isValid() ? index.row() : -1;
}

void InspectorPanel::showPick(const GlobePick& pick) {
    const int row = findDifference(model_->items(), pick);
    updatingSelection_ = true;
    if (row >= 0) {
        list_->selectionModel()->setCurrentIndex(model_->index(row, 0),
                                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        list_->scrollTo(model_->index(row, 0));
    } else {
        list_->selectionModel()->clearSelection();
    }
    updatingSelection_ = false;
    showDetails(row >= 0 ? model_->item(row).toPick() : pick);
}

bool InspectorPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == list_->viewport() && event->type() == QEvent::MouseButtonPress) currentRowAtPress_ = currentRow();
    return QWidget::eventFilter(watched, event);
}

void InspectorPanel::selectRow(int row) {
    if (row < 0 || row >= model_->rowCount()) return;
    const QModelIndex index = model_->index(row, 0);
    if (list_->selectionModel()->currentIndex().row() == row) {
        emit differenceActivated(model_->item(row).toPick());
        return;
    }
    list_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    list_->scrollTo(index);
}

void InspectorPanel::next() {
    const int count = model_->rowCount();
    if (count == 0) return;
    const int row = currentRow();
    selectRow(row < 0 ? 0 : (row + 1) % count);
}

void InspectorPanel::previous() {
    const int count = model_->rowCount();
    if (count == 0) return;
    const int row = currentRow();
    selectRow(row < 0 ? count - 1 : (row - 1 + count) % count);
}

void InspectorPanel::showDetails(const GlobePick& pick) {
    current_ = pick;
    picked_ = true;
    if (!graphA_ && !sampler_) return;
    QString html = QStringLiteral("<table>");
    const int row = findDifference(model_->items(), pick);
    if (row >= 0) {
        html += tableRow(tr("Difference"), QStringLiteral("%1 (%2 of %3)")
                                               .arg(differenceKindName(model_->item(row).kind))
                                               .arg(row + 1)
                                               .arg(model_->rowCount()));
    }
    if (pick.kind == GlobePick::Kind::G2mEdge && validGrid(graphA_, pick.grid) && validMesh(graphA_, pick.mesh)) {
        html += tableRow(tr("Which run"), pick.run == 1   ? tr("only in A")
                                          : pick.run == 2 ? tr("only in B")
                                                          : tr("both"));
        html += tableRow(tr("Grid point"), gridPointText(*graphA_, pick.grid));
        html += tableRow(tr("Mesh node"), meshNodeText(*graphA_, pick.mesh));
        const double dA = gridMeshDistance(*graphA_, pick.grid, pick.mesh);
        html += tableRow(tr("Distance (A)"), tr("%1 vs %2, on the unit sphere").arg(num(dA, 9), radiusText(radius_)));
        html += tableRow(tr("Margin d − r (A)"), QStringLiteral("%1 = %2 float32 steps")
                                                     .arg(num(dA - radius_.value, 4))
                                                     .arg(num((dA - radius_.value) / kUnitCoordinateUlp, 3)));
        if (validMesh(graphB_, pick.mesh) && validGrid(graphB_, pick.grid)) {
            const double radiusB = radiusB_.value;
            if (radiusB_.fromBuilder != radius_.fromBuilder || radiusB_.value != radius_.value)
                html += tableRow(tr("Radius (B)"), radiusText(radiusB_));
            const double dB = gridMeshDistance(*graphB_, pick.grid, pick.mesh);
            html += tableRow(tr("Margin d − r (B)"), QStringLiteral("%1 = %2 float32 steps")
                                                         .arg(num(dB - radiusB, 4))
                                                         .arg(num((dB - radiusB) / kUnitCoordinateUlp, 3)));
        }
        if (fragility_) {
            html += tableRow(
                tr("Fragility (A)"),
                fragility_->g2mPairAtRisk(pick.grid, pick.mesh)
                    ? tr("at risk: |d − r| within %1 float32 steps").arg(fragility_->options.grid2meshThresholdUlps)
                    : tr("not flagged"));
        }
    } else if ((pick.kind == GlobePick::Kind::Triangle || pick.kind == GlobePick::Kind::GridPoint) &&
               validGrid(graphA_, pick.grid)) {
        html += tableRow(tr("Grid point"), gridPointText(*graphA_, pick.grid));
        if (diff_) {
            const auto it = std::lower_bound(diff_->m2gChanged.begin(), diff_->m2gChanged.end(), pick.grid,
                                             [](const TriangleChange& t, std::int32_t g) { return t.grid < g; });
            if (it != diff_->m2gChanged.end() && it->grid == pick.grid) {
                html += tableRow(tr("A's triangle"), facesText(it->meshA));
                html += tableRow(tr("B's triangle"), facesText(it->meshB));
            } else {
                html += tableRow(tr("Triangle"), tr("same in A and B"));
            }
            if (diff_->orderDiffers())
                html += tableRow(tr("Incoming order"), incomingOrderText(diff_->m2gReordered, pick.grid));
        }
        if (fragility_) {
            html += tableRow(tr("Fragility (A)"), fragility_->m2gPointAtRisk(pick.grid)
                                                      ? tr("at risk: closest faces within %1 float32 steps")
                                                            .arg(fragility_->options.mesh2gridThresholdUlps)
                                                      : tr("not flagged"));
        }
    } else if (pick.kind == GlobePick::Kind::MeshNode && validMesh(graphA_, pick.mesh)) {
        html += tableRow(tr("Mesh node (A)"), meshNodeText(*graphA_, pick.mesh));
        if (validMesh(graphB_, pick.mesh)) html += tableRow(tr("Mesh node (B)"), meshNodeText(*graphB_, pick.mesh));
        if (diff_) {
            const auto it = std::lower_bound(diff_->movedNodes.begin(), diff_->movedNodes.end(), pick.mesh,
                                             [](const MovedNode& n, std::int32_t m) { return n.mesh < m; });
            html += tableRow(tr("Position"), it != diff_->movedNodes.end() && it->mesh == pick.mesh
                                                 ? tr("moved by %1 / %2 float32 steps (lat / lon), %3°")
                                                       .arg(it->ulpLat)
                                                       .arg(it->ulpLon)
                                                       .arg(num(it->shiftDegrees, 3))
                                                 : tr("same in A and B"));
            if (diff_->orderDiffers())
                html += tableRow(tr("Incoming order"), incomingOrderText(diff_->g2mReordered, pick.mesh));
        }
    } else {
        html += tableRow(tr("Location"), latLon(pick.lat, pick.lon));
    }

    double lat = pick.lat, lon = pick.lon;
    if (validGrid(graphA_, pick.grid)) {
        const std::size_t nlon = graphA_->gridLon.size();
        lat = graphA_->gridLat[std::size_t(pick.grid) / nlon];
        lon = graphA_->gridLon[std::size_t(pick.grid) % nlon];
    }
    if (sampler_) {
        if (const auto sample = sampler_(lat, lon)) {
            const QString units = sample->units.isEmpty() ? QString() : QStringLiteral(" ") + sample->units;
            html +=
                tableRow(tr("Field"), QStringLiteral("%1 at %2").arg(sample->field, latLon(sample->lat, sample->lon)));
            html += tableRow(tr("A"), QString::fromStdString(formatValue(sample->a)) + units);
            html += tableRow(tr("B"), QString::fromStdString(formatValue(sample->b)) + units);
            html += tableRow(tr("A − B"), QString::fromStdString(formatValue(sample->a - sample->b)) + units);
        }
    }
    html += QStringLiteral("</table>");
    if (html.contains(QStringLiteral("float32 steps")))
        html += QStringLiteral("<p style='color:#555'><small>%1</small></p>").arg(float32StepsExplained());
    details_->setText(html);
}

}  // namespace meshdiff::views
