#include "diagnosis/DiagnosisPanel.h"

#include <QCheckBox>
#include <QEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace meshdiff::views {
namespace {

// The cause in large letters, yet never wider than a narrow dock: a long word ("everywhere") gets
// smaller letters rather than a wider window.
constexpr int kVerdictWordWidth = 90;

void fitVerdictFont(QLabel* label, double basePoints) {
    QFont font = label->font();
    const QStringList words = label->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (double points = basePoints * 1.8; points > basePoints; points -= 0.5) {
        font.setPointSizeF(points);
        const QFontMetrics metrics(font);
        int widest = 0;
        for (const QString& word : words) widest = std::max(widest, metrics.horizontalAdvance(word));
        if (widest <= kVerdictWordWidth) break;
    }
    label->setFont(font);
}

// A strong colour per cause, with text that reads on it.
struct CauseLook {
    QColor background, text;
};
CauseLook lookOf(const std::string& cause) {
    if (cause == "graph") return {QColor(214, 0, 214), Qt::white};       // the differing items' magenta
    if (cause == "mixed") return {QColor(230, 159, 0), Qt::black};       // the neighbourhood's orange
    if (cause == "everywhere") return {QColor(0, 114, 178), Qt::white};  // Okabe–Ito blue
    if (cause == "none") return {QColor(0, 158, 115), Qt::white};
    return {QColor(110, 110, 110), Qt::white};
}

QString percent(double share) {
    if (share <= 0) return QStringLiteral("0 %");
    if (share < 0.01) return QStringLiteral("%1 %").arg(100 * share, 0, 'g', 2);
    return QStringLiteral("%1 %").arg(100 * share, 0, 'f', 1);
}

QTableWidgetItem* item(const QString& text, const QString& tip = {}, bool number = true) {
    auto* cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (number) cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    cell->setToolTip(tip.isEmpty() ? text : tip);
    return cell;
}

QTableWidget* table(const QStringList& headers, const QStringList& tips, QWidget* parent) {
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    for (int c = 0; c < headers.size() && c < tips.size(); ++c) t->horizontalHeaderItem(c)->setToolTip(tips[c]);
    t->verticalHeader()->hide();
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

}  // namespace

DiagnosisPanel::DiagnosisPanel(QWidget* parent)
    : QWidget(parent),
      verdict_(new QLabel(this)),
      lead_(new QLabel(this)),
      explanation_(new QLabel(this)),
      spread_(new QLabel(this)),
      neighbourhood_(new QLabel(this)),
      mapOutline_(new QCheckBox(this)),
      mapOutlineText_(new QLabel(tr("Outline \"near\" on the error map"), this)),
      fields_(table(
          {tr("Field"), tr("Cause"), tr("rel RMS"), tr("Energy near"), tr("Area near"), tr("Concentration"),
           tr("Graph share")},
          {tr("The field (and member)"), tr("This field's own cause"), tr("RMS(A−B) / RMS(A) over the compared points"),
           tr("Share of Σ(A−B)² within the near radius of where the graphs differ"),
           tr("Share of the grid points within that radius"),
           tr("Energy near / area near: 1 for a difference spread evenly, ≫ 1 when it sits at the "
              "graph differences"),
           tr("The part of Σ(A−B)² above an even spread, caused by the graph")},
          this)),
      driftTitle_(new QLabel(tr("<b>Edge-feature drift</b> (shared edges, features recomputed)"), this)),
      drift_(table({tr("Edge set"), tr("Shared"), tr("Drifting"), tr("Max ULPs"), tr("Median ULPs")},
                   {tr("Which edges"), tr("Edges both graphs hold"), tr("Of those, edges whose features differ"),
                    tr("Largest drift, in float32 steps at the edge's length"), tr("Median over the drifting edges")},
                   this)) {
    QFont big = verdict_->font();
    big.setBold(true);
    verdict_->setFont(big);
    verdict_->setObjectName(QStringLiteral("diagnosisVerdict"));
    verdict_->setMargin(6);
    verdict_->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred);
    verdict_->setWordWrap(true);  // "Cause:" over "unknown" in a narrow dock
    explanation_->setWordWrap(true);
    explanation_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    spread_->setObjectName(QStringLiteral("diagnosisSpread"));
    spread_->setWordWrap(true);
    spread_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    spread_->setVisible(false);
    neighbourhood_->setWordWrap(true);
    neighbourhood_->setStyleSheet(QStringLiteral("color: palette(mid);"));
    lead_->setStyleSheet(QStringLiteral("color: palette(mid);"));
    lead_->setWordWrap(true);
    driftTitle_->setWordWrap(true);
    // Both edge sets in view, and five fields at least: the panel scrolls when its dock is short.
    const auto tableHeight = [](QTableWidget* t, int rows) {
        return t->horizontalHeader()->sizeHint().height() + rows * t->verticalHeader()->defaultSectionSize() +
               t->horizontalScrollBar()->sizeHint().height() + 2 * t->frameWidth();
    };
    drift_->setFixedHeight(tableHeight(drift_, 2));
    fields_->setMinimumHeight(tableHeight(fields_, 5));

    // A narrow dock must stay possible: wrapped text and scrolled tables, never a wider window.
    for (QWidget* w :
         std::initializer_list<QWidget*>{lead_, explanation_, spread_, neighbourhood_, driftTitle_, fields_, drift_})
        w->setMinimumWidth(100);
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(verdict_);
    layout->addWidget(lead_);
    layout->addWidget(explanation_);
    layout->addWidget(spread_);
    layout->addWidget(neighbourhood_);
    // The box's words wrap beside it (a check box's own text cannot); a click on them toggles it.
    auto* outline = new QHBoxLayout;
    outline->setContentsMargins(0, 0, 0, 0);
    outline->addWidget(mapOutline_, 0, Qt::AlignTop);
    outline->addWidget(mapOutlineText_, 1);
    mapOutlineText_->setWordWrap(true);
    mapOutlineText_->setMinimumWidth(80);
    mapOutlineText_->installEventFilter(this);
    layout->addLayout(outline);
    layout->addWidget(fields_, 1);
    layout->addWidget(driftTitle_);
    layout->addWidget(drift_);
    auto* scroll = scroll_ = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    connect(fields_, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto rows = fields_->selectionModel()->selectedRows();
        if (rows.isEmpty()) return;
        const int row = rows.front().row();
        if (row >= 0 && std::size_t(row) < data_.fields.size())
            emit fieldChosen(QString::fromStdString(data_.fields[std::size_t(row)].field));
    });
    mapOutline_->setObjectName(QStringLiteral("diagnosisMapOutline"));
    mapOutline_->setToolTip(
        tr("Draws the neighbourhood the diagnosis counts as near the graph differences "
           "(orange) on the A−B map; ticked when the cause is graph or mixed"));
    mapOutlineText_->setToolTip(mapOutline_->toolTip());
    connect(mapOutline_, &QCheckBox::toggled, this, &DiagnosisPanel::mapOutlineToggled);
    setData({});
}

void DiagnosisPanel::setSpreadLine(const QString& text) {
    spread_->setText(text);
    spread_->setVisible(!text.isEmpty());
}

QString DiagnosisPanel::spreadText() const { return spread_->text(); }

void DiagnosisPanel::setMapOutline(bool shown) {
    const QSignalBlocker quiet(mapOutline_);
    mapOutline_->setChecked(shown);
}

void DiagnosisPanel::setData(const DiagnosisPanelData& data) {
    data_ = data;
    if (data_.empty()) {
        verdict_->setText(tr("Cause: —"));
        verdict_->setStyleSheet(QString());
    } else {
        const CauseLook look = lookOf(data_.cause);
        verdict_->setText(tr("Cause: %1").arg(QString::fromStdString(data_.cause)));
        verdict_->setStyleSheet(QStringLiteral("QLabel { background: %1; color: %2; border-radius: 4px; }")
                                    .arg(look.background.name(), look.text.name()));
    }
    fitVerdictFont(verdict_, font().pointSizeF());
    QStringList leadLines;
    if (!data_.lead.empty()) leadLines << tr("Diagnosis of %1").arg(QString::fromStdString(data_.lead));
    if (!data_.note.empty()) leadLines << QString::fromStdString(data_.note);
    lead_->setText(leadLines.join(QStringLiteral(" — ")));
    lead_->setVisible(!leadLines.isEmpty());
    explanation_->setText(QString::fromStdString(data_.explanation));
    explanation_->setVisible(!data_.explanation.empty());
    neighbourhood_->setText(QString::fromStdString(data_.neighbourhood));
    neighbourhood_->setVisible(!data_.neighbourhood.empty());
    mapOutline_->setVisible(!data_.neighbourhood.empty());
    mapOutlineText_->setVisible(!data_.neighbourhood.empty());
    fillFields();
    fillDrift();
    // Never narrower than the wrapped content needs: a dock squeezed below it would cut the text.
    scroll_->setMinimumWidth(scroll_->widget()->minimumSizeHint().width() +
                             scroll_->verticalScrollBar()->sizeHint().width());
}

void DiagnosisPanel::fillFields() {
    const QSignalBlocker quiet(fields_);
    // Rows removed and inserted anew, not refilled: the view then lays itself out once after the
    // fill instead of resizing its columns to their contents for every item set (~100 ms for 24 rows).
    fields_->setRowCount(0);
    fields_->setRowCount(int(data_.fields.size()));
    for (int r = 0; r < int(data_.fields.size()); ++r) {
        const DiagnosisFieldRow& f = data_.fields[std::size_t(r)];
        QString name = QString::fromStdString(f.field);
        if (f.member) name += tr(" (member %1)").arg(*f.member);
        fields_->setItem(r, 0, item(name, {}, false));
        const QString cause = QString::fromStdString(f.cause);
        auto* causeItem = item(cause, {}, false);
        if (!f.withinTolerance) causeItem->setForeground(lookOf(f.cause).background);
        fields_->setItem(r, 1, causeItem);
        fields_->setItem(r, 2, item(std::isnan(f.relRms) ? QStringLiteral("—") : QString::number(f.relRms, 'g', 3)));
        fields_->setItem(r, 3, item(percent(f.energyNear)));
        fields_->setItem(r, 4, item(percent(f.areaNear)));
        fields_->setItem(
            r, 5, item(f.areaNear > 0 ? QStringLiteral("%1×").arg(f.concentration, 0, 'g', 3) : QStringLiteral("—")));
        fields_->setItem(r, 6, item(percent(f.graphShare)));
    }
}

void DiagnosisPanel::fillDrift() {
    drift_->setRowCount(0);
    drift_->setRowCount(int(data_.drift.size()));
    for (int r = 0; r < int(data_.drift.size()); ++r) {
        const DiagnosisDriftRow& d = data_.drift[std::size_t(r)];
        drift_->setItem(r, 0, item(QString::fromStdString(d.edgeSet), {}, false));
        drift_->setItem(r, 1, item(QString::number(d.shared)));
        drift_->setItem(r, 2, item(QString::number(d.drifting)));
        drift_->setItem(r, 3, item(QString::number(d.maxUlps, 'g', 4)));
        drift_->setItem(r, 4, item(QString::number(d.medianUlps, 'g', 4)));
    }
    driftTitle_->setVisible(!data_.drift.empty());
    drift_->setVisible(!data_.drift.empty());
}

void DiagnosisPanel::showField(const QString& field) {
    const QSignalBlocker quiet(fields_);
    for (int r = 0; r < int(data_.fields.size()); ++r) {
        if (QString::fromStdString(data_.fields[std::size_t(r)].field) == field) {
            fields_->selectRow(r);
            return;
        }
    }
    fields_->clearSelection();
}

bool DiagnosisPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == mapOutlineText_ && event->type() == QEvent::MouseButtonRelease) {
        mapOutline_->toggle();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

QString DiagnosisPanel::verdictText() const { return verdict_->text(); }

QString DiagnosisPanel::explanationText() const { return explanation_->text(); }

}  // namespace meshdiff::views
