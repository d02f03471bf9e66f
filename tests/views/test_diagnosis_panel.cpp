// The Diagnosis panel alone, fed a hand-made diagnosis: the verdict, the evidence sorted worst
// first, the lead it follows, and a click that asks for a field.
#include <QCheckBox>
#include <QLabel>
#include <QScrollArea>
#include <QSignalSpy>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QTest>

#include <gtest/gtest.h>

#include "diagnosis/DiagnosisPanel.h"
#include "diagnosis/DiagnosisPanelData.h"

namespace meshdiff::views {
namespace {

FieldDiagnosis fieldAt(const std::string& name, std::size_t lead, double relRms, double energyNear, Cause cause) {
    FieldDiagnosis f;
    f.field.name = name;
    f.field.lead = lead;
    f.field.relRms = relRms;
    f.energyNear = energyNear;
    f.areaNear = 0.001;
    f.concentration = energyNear / 0.001;
    f.graphShare = cause == Cause::Graph ? 0.99 : 0;
    f.cause = cause;
    return f;
}

// Two leads: at the first the graph explains the difference, at the second it has spread.
Diagnosis twoLeadDiagnosis() {
    Diagnosis d;
    d.cause = Cause::Graph;
    d.explanation = "97 % of Σ(A−B)² lies within 1.08° of 17 differing triangles.";
    d.graphsCompared = d.graphsDiffer = true;
    d.triangles = 17;
    d.radiusDegrees = 1.08;
    d.globeAreaNear = 0.001;
    d.perField = {fieldAt("u", 0, 1e-5, 0.4, Cause::Graph), fieldAt("t2m", 0, 3e-4, 0.97, Cause::Graph),
                  fieldAt("q", 0, 0, 0, Cause::None), fieldAt("u", 1, 2e-3, 0.01, Cause::Everywhere),
                  fieldAt("t2m", 1, 1e-3, 0.02, Cause::Everywhere)};
    d.perLead = {{0, 0.0, Cause::Graph, 0.98}, {1, 6.0, Cause::Everywhere, 0.02}};
    return d;
}

EdgeFeatureDrift someDrift() {
    EdgeFeatureDrift drift;
    drift.g2m.shared = 1000;
    drift.g2m.drifting = 2;
    drift.g2m.maxUlps = 8;
    drift.g2m.medianUlps = 3;
    drift.g2m.edges = {{0, 0, 3}, {1, 0, 8}};
    drift.m2g.shared = 500;
    return drift;
}

TEST(DiagnosisPanelData, ListsTheShownLeadsFieldsWorstFirstWithTheVerdictAndExplanation) {
    const Diagnosis d = twoLeadDiagnosis();
    const EdgeFeatureDrift drift = someDrift();
    const DiagnosisPanelData data = diagnosisPanelData(&d, &drift);
    EXPECT_EQ(data.cause, "graph");
    EXPECT_EQ(data.explanation, d.explanation);
    ASSERT_EQ(data.fields.size(), 3u);
    EXPECT_EQ(data.fields[0].field, "t2m");
    EXPECT_EQ(data.fields[1].field, "u");
    EXPECT_EQ(data.fields[2].field, "q");
    EXPECT_TRUE(data.fields[2].withinTolerance);
    EXPECT_NE(data.neighbourhood.find("17 differing mesh→grid triangles"), std::string::npos) << data.neighbourhood;
    ASSERT_EQ(data.drift.size(), 2u);
    EXPECT_EQ(data.drift[0].drifting, 2u);
    EXPECT_EQ(data.drift[0].maxUlps, 8);
}

TEST(DiagnosisPanelData, FollowsALeadTheDiagnosisHasNumbersForAndSaysSoForOneItHasNot) {
    const Diagnosis d = twoLeadDiagnosis();
    const DiagnosisPanelData second = diagnosisPanelData(&d, nullptr, 1);
    EXPECT_EQ(second.cause, "everywhere");
    EXPECT_EQ(second.lead, "lead +6 h");
    ASSERT_EQ(second.fields.size(), 2u);
    EXPECT_EQ(second.fields[0].field, "u");
    EXPECT_TRUE(second.drift.empty());

    const DiagnosisPanelData beyond = diagnosisPanelData(&d, nullptr, 5);
    EXPECT_EQ(beyond.cause, "graph");
    EXPECT_NE(beyond.note.find("No diagnosis at the lead shown"), std::string::npos);
    EXPECT_EQ(beyond.fields.size(), 3u);
}

TEST(DiagnosisPanelData, WithoutADiagnosisHasNoVerdictButKeepsTheDrift) {
    const EdgeFeatureDrift drift = someDrift();
    const DiagnosisPanelData data = diagnosisPanelData(nullptr, &drift);
    EXPECT_TRUE(data.empty());
    EXPECT_FALSE(data.note.empty());
    EXPECT_EQ(data.drift.size(), 2u);
}

TEST(DiagnosisPanel, ShowsTheVerdictTheTablesAndAsksForTheFieldOfAClickedRow) {
    DiagnosisPanel panel;
    const Diagnosis d = twoLeadDiagnosis();
    const EdgeFeatureDrift drift = someDrift();
    panel.setData(diagnosisPanelData(&d, &drift));
    EXPECT_EQ(panel.verdictText(), QStringLiteral("Cause: graph"));
    EXPECT_EQ(panel.explanationText(), QString::fromStdString(d.explanation));
    ASSERT_EQ(panel.fieldTable()->rowCount(), 3);
    EXPECT_EQ(panel.fieldTable()->item(0, 0)->text(), QStringLiteral("t2m"));
    EXPECT_EQ(panel.fieldTable()->item(0, 3)->text(), QStringLiteral("97.0 %"));
    EXPECT_EQ(panel.fieldTable()->item(0, 5)->text(), QStringLiteral("970×"));
    ASSERT_EQ(panel.driftTable()->rowCount(), 2);
    EXPECT_EQ(panel.driftTable()->item(0, 2)->text(), QStringLiteral("2"));

    QSignalSpy chosen(&panel, &DiagnosisPanel::fieldChosen);
    panel.fieldTable()->selectRow(1);
    ASSERT_EQ(chosen.count(), 1);
    EXPECT_EQ(chosen.front().front().toString(), QStringLiteral("u"));

    panel.showField(QStringLiteral("q"));  // the window's selection moved: no request back
    EXPECT_EQ(chosen.count(), 1);
    EXPECT_EQ(panel.fieldTable()->currentRow(), 2);

    QSignalSpy outline(&panel, &DiagnosisPanel::mapOutlineToggled);
    panel.setMapOutline(true);
    EXPECT_TRUE(panel.mapOutlineBox()->isChecked());
    EXPECT_EQ(outline.count(), 0) << "the window's own default is not a request";
    panel.mapOutlineBox()->click();
    ASSERT_EQ(outline.count(), 1);
    EXPECT_FALSE(outline.front().front().toBool());

    panel.setData(diagnosisPanelData(&d, nullptr, 1));
    EXPECT_EQ(panel.verdictText(), QStringLiteral("Cause: everywhere"));
    EXPECT_EQ(panel.fieldTable()->rowCount(), 2);
    EXPECT_TRUE(panel.driftTable()->isHidden());
}

// A dock squeezed to the width of the window's right edge at 1366 × 768: the text wraps inside
// it, nothing runs out of sight past the right edge, and the words of the outline box toggle it.
TEST(DiagnosisPanel, EveryCauseFitsANarrowDockInLargeLetters) {
    for (Cause cause : {Cause::None, Cause::Graph, Cause::Everywhere, Cause::Mixed, Cause::Order, Cause::Unknown}) {
        DiagnosisPanel panel;
        Diagnosis d = twoLeadDiagnosis();
        d.cause = cause;
        panel.setData(diagnosisPanelData(&d, nullptr));
        auto* verdict = panel.findChild<QLabel*>(QStringLiteral("diagnosisVerdict"));
        ASSERT_NE(verdict, nullptr);
        EXPECT_LE(verdict->minimumSizeHint().width(), 110) << toString(cause) << ": it would widen the window";
        EXPECT_GE(verdict->font().pointSizeF(), panel.font().pointSizeF()) << toString(cause);
    }
}

TEST(DiagnosisPanel, InANarrowDockEveryLineWrapsInsteadOfBeingCut) {
    DiagnosisPanel panel;
    Diagnosis d = twoLeadDiagnosis();
    d.cause = Cause::Unknown;
    d.explanation =
        "24 fields beyond tolerance, but no graphs were compared to tell a graph cause from device "
        "numerics, precision (TF32), library versions or inputs.";
    DiagnosisPanelData data = diagnosisPanelData(&d, nullptr);
    data.lead = "+6 h";
    data.note = "+12 h is still being compared: this is the diagnosis of +6 h.";
    panel.setData(data);
    panel.resize(170, 700);
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    auto* scroll = panel.findChild<QScrollArea*>();
    ASSERT_NE(scroll, nullptr);
    QTest::qWait(50);
    EXPECT_LE(scroll->widget()->width(), scroll->viewport()->width())
        << "content wider than the dock: cut at the right";
    for (QWidget* w : scroll->widget()->findChildren<QWidget*>()) {
        if (!w->isVisible() || w->parentWidget() != scroll->widget()) continue;
        EXPECT_LE(w->geometry().right(), scroll->viewport()->width()) << w->metaObject()->className();
    }
    for (QLabel* label : scroll->widget()->findChildren<QLabel*>()) {
        if (!label->isVisible() || label->text().isEmpty() || !label->wordWrap()) continue;
        EXPECT_GE(label->height(), label->heightForWidth(label->width())) << label->text().toStdString();
    }
    QLabel* words = nullptr;
    for (QLabel* label : scroll->widget()->findChildren<QLabel*>())
        if (label->text().contains(QStringLiteral("Outline"))) words = label;
    ASSERT_NE(words, nullptr);
    const bool before = panel.mapOutlineBox()->isChecked();
    QTest::mouseClick(words, Qt::LeftButton);
    EXPECT_NE(panel.mapOutlineBox()->isChecked(), before);
}

// Counts how often the table measures a cell (its columns are sized to their contents).
class CountingDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        ++measured;
        return QStyledItemDelegate::sizeHint(option, index);
    }
    mutable int measured = 0;
};

// Opening a pair again refills the tables with as many rows as before: each cell must be measured
// a few times, not once per cell set (that relayout stalled the window's GUI thread ~100 ms).
TEST(DiagnosisPanel, RefillingTheTablesMeasuresEachCellAFewTimesOnly) {
    DiagnosisPanel panel;
    panel.resize(500, 700);
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    Diagnosis d = twoLeadDiagnosis();
    d.perField.clear();
    for (int i = 0; i < 24; ++i)
        d.perField.push_back(fieldAt("field_" + std::to_string(i), 0, 1e-3 * (i + 1), 0.5, Cause::Graph));
    auto* delegate = new CountingDelegate(panel.fieldTable());
    panel.fieldTable()->setItemDelegate(delegate);
    panel.setData(diagnosisPanelData(&d, nullptr));
    panel.showField(QStringLiteral("field_3"));
    QTest::qWait(100);
    delegate->measured = 0;
    panel.setData(diagnosisPanelData(&d, nullptr));
    QTest::qWait(100);  // the layout the view postponed
    const int cells = 24 * panel.fieldTable()->columnCount();
    EXPECT_GT(delegate->measured, 0) << "the columns were not sized to the new contents";
    EXPECT_LT(delegate->measured, 4 * cells);
    ASSERT_EQ(panel.fieldTable()->rowCount(), 24);
    EXPECT_EQ(panel.fieldTable()->item(0, 0)->text(), QStringLiteral("field_23"));
}

}  // namespace
}  // namespace meshdiff::views
