// The Diagnosis dock in the window on the 1° window pair (differences at the changed triangles):
// the verdict and evidence of the loaded pair, a row click selects the field, and the globe's
// neighbourhood and edge-drift layers toggle from View ▸ Globe Layers.
#include <map>

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QTableWidget>

#include <gtest/gtest.h>

#include "ShownWindowTest.h"
#include "background/BackgroundWork.h"
#include "diagnosis/DiagnosisPanel.h"
#include "globe/GlobeColors.h"
#include "globe/GlobeView.h"
#include "gui/SettingsKeys.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapView.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {
namespace {

class DiagnosisDock : public test::ShownWindowTest {
protected:
    void open() {
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        window_->openPair(test::runFolder("A"), test::runFolder("B"));
        ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    }
    QAction* layerAction(views::GlobeLayer layer) const {
        return window_->findChild<QAction*>(QStringLiteral("layer%1").arg(int(layer)));
    }
};

TEST_F(DiagnosisDock, ShowsTheGraphVerdictAndTheFieldsWorstFirstAndSelectsAClickedField) {
    open();
    auto* dock = window_->findChild<QDockWidget*>(QStringLiteral("diagnosisDock"));
    ASSERT_NE(dock, nullptr);
    EXPECT_TRUE(dock->isVisible());
    const Comparison& c = window_->pair()->comparison;
    ASSERT_TRUE(c.diagnosis.has_value());
    ASSERT_TRUE(c.edgeFeatures.has_value()) << "the window recomputes the edge features as compare does";
    views::DiagnosisPanel* panel = window_->diagnosisPanel();
    EXPECT_EQ(panel->verdictText(), QStringLiteral("Cause: graph"));
    EXPECT_EQ(panel->explanationText().toStdString(), c.diagnosis->explanation);
    EXPECT_TRUE(window_->errorMap()->style().neighbourhood) << "a graph cause outlines 'near' on the map";
    ASSERT_TRUE(panel->mapOutlineBox()->isVisible());
    EXPECT_TRUE(panel->mapOutlineBox()->isChecked());
    panel->mapOutlineBox()->click();
    EXPECT_FALSE(window_->errorMap()->style().neighbourhood);

    QTableWidget* table = panel->fieldTable();
    ASSERT_EQ(std::size_t(table->rowCount()), c.fields->perField.size());
    for (int r = 1; r < table->rowCount(); ++r)
        EXPECT_GE(table->item(r - 1, 2)->text().toDouble(), table->item(r, 2)->text().toDouble()) << "row " << r;
    EXPECT_EQ(table->item(0, 0)->text().toStdString(), c.fields->worst.front());
    ASSERT_EQ(panel->driftTable()->rowCount(), 2);
    EXPECT_EQ(panel->driftTable()->item(0, 1)->text().toULongLong(), c.edgeFeatures->g2m.shared);

    const QString second = table->item(1, 0)->text();
    table->selectRow(1);
    EXPECT_TRUE(QTest::qWaitFor([&] { return window_->currentField() == second; }))
        << "a row click selects its field, not " << window_->currentField().toStdString();
    window_->selectField(table->item(0, 0)->text());
    EXPECT_TRUE(QTest::qWaitFor([&] { return table->currentRow() == 0; })) << "the panel follows the selection";
}

TEST_F(DiagnosisDock, TheGlobeShowsTheNeighbourhoodAndTheDriftLayersToggleFromTheViewMenu) {
    open();
    const LoadedPair* pair = window_->pair();
    ASSERT_TRUE(pair->places.has_value());
    EXPECT_FALSE(pair->places->empty());
    EXPECT_GT(pair->places->radiusDegrees, 0.5);
    views::GlobeView* globe = window_->globe();
    EXPECT_TRUE(globe->layerVisible(views::GlobeLayer::DiffNeighbourhood));
    ASSERT_NE(globe->scene().places, nullptr) << "the neighbourhood comes with the graphs";
    EXPECT_EQ(globe->scene().places->latLon.size(), pair->places->latLon.size());

    QAction* neighbourhood = layerAction(views::GlobeLayer::DiffNeighbourhood);
    QAction* drift = layerAction(views::GlobeLayer::EdgeFeatureDrift);
    ASSERT_NE(neighbourhood, nullptr);
    ASSERT_NE(drift, nullptr);
    EXPECT_TRUE(drift->text().contains(QString::number(pair->comparison.edgeFeatures->drifting())))
        << drift->text().toStdString();
    // AVX-512 against SSE: most shared edges drift a few ULPs, too many to draw unasked.
    ASSERT_GT(pair->comparison.edgeFeatures->drifting(), views::kManyDriftingEdges);
    EXPECT_FALSE(drift->isChecked());
    EXPECT_FALSE(globe->layerVisible(views::GlobeLayer::EdgeFeatureDrift));
    EXPECT_TRUE(drift->toolTip().contains(QStringLiteral("off by default"))) << drift->toolTip().toStdString();
    drift->trigger();
    EXPECT_TRUE(globe->layerVisible(views::GlobeLayer::EdgeFeatureDrift));
    EXPECT_EQ(globe->scene().edgeDrift, &*pair->comparison.edgeFeatures);
    neighbourhood->trigger();
    EXPECT_FALSE(globe->layerVisible(views::GlobeLayer::DiffNeighbourhood));
    drift->trigger();
    EXPECT_FALSE(globe->layerVisible(views::GlobeLayer::EdgeFeatureDrift));
    neighbourhood->trigger();
    EXPECT_TRUE(globe->layerVisible(views::GlobeLayer::DiffNeighbourhood));
}

// Turned off by the window for very many drifting edges, the drift layer is still on in the
// settings (the user did not turn it off); turned off by the user, it is off there too.
TEST_F(DiagnosisDock, TheDriftLayerTheWindowTurnedOffIsNotSavedAsTheUsersChoice) {
    open();
    QAction* drift = layerAction(views::GlobeLayer::EdgeFeatureDrift);
    ASSERT_NE(drift, nullptr);
    ASSERT_FALSE(drift->isChecked());  // too many drifting edges
    auto savedLayers = [] {
        views::waitForSettingsWrites();
        return QSettings().value(settings::kGlobeLayers).toList();
    };
    window_->close();
    EXPECT_TRUE(savedLayers().contains(int(views::GlobeLayer::EdgeFeatureDrift)));
    {
        MainWindow next;  // no pair yet: the layer is on as the user left it
        EXPECT_TRUE(next.globe()->layerVisible(views::GlobeLayer::EdgeFeatureDrift));
        next.findChild<QAction*>(drift->objectName())->trigger();
        next.close();
    }
    EXPECT_FALSE(savedLayers().contains(int(views::GlobeLayer::EdgeFeatureDrift)));
}

// A rollout: the panel follows the lead slider, each lead diagnosed from its own fields, and
// names the lead it shows.
TEST_F(DiagnosisDock, ThePanelShowsTheDiagnosisOfTheLeadOnTheSlider) {
    const auto dir = test::fixture("rollouts");
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    QSignalSpy finished(window_->rollout(), &RolloutSession::finished);
    window_->openPair(QString::fromStdString((dir / "a.nc").string()), QString::fromStdString((dir / "b.nc").string()));
    ASSERT_TRUE(loaded.count() > 0 || loaded.wait(60000)) << window_->lastError().toStdString();
    ASSERT_TRUE(finished.count() > 0 || finished.wait(60000));
    views::DiagnosisPanel* panel = window_->diagnosisPanel();
    const QStringList labels = window_->rollout()->leadLabels();
    ASSERT_EQ(labels.size(), 4);
    EXPECT_EQ(panel->verdictText(), QStringLiteral("Cause: unknown")) << "no graphs to compare";
    EXPECT_EQ(panel->data().lead, labels[0].toStdString());
    EXPECT_TRUE(panel->data().note.empty()) << panel->data().note;

    // The rel RMS of each field at a lead, for the member the panel shows.
    const auto relRmsAt = [&](int lead, int member) {
        std::map<std::string, double> relRms;
        const LeadComparison& c = window_->rollout()->lead(lead)->comparison;
        for (std::size_t k = 0; k < c.perField.size(); ++k)
            if (c.members.empty() || c.members[k] == member) relRms[c.perField[k].name] = c.perField[k].relRms;
        return relRms;
    };
    const auto panelRelRms = [&] {
        std::map<std::string, double> relRms;
        for (const views::DiagnosisFieldRow& row : panel->data().fields) relRms[row.field] = row.relRms;
        return relRms;
    };
    ASSERT_FALSE(panel->data().fields.empty());
    const int member = panel->data().fields.front().member.value_or(0);
    ASSERT_NE(relRmsAt(0, member), relRmsAt(3, member)) << "the error grows with lead";
    EXPECT_EQ(panelRelRms(), relRmsAt(0, member));

    window_->leadSlider()->slider()->setValue(3);
    ASSERT_TRUE(QTest::qWaitFor([&] { return panel->data().lead == labels[3].toStdString(); })) << panel->data().lead;
    EXPECT_TRUE(panel->data().note.empty()) << "lead 3's own diagnosis: " << panel->data().note;
    EXPECT_EQ(panelRelRms(), relRmsAt(3, member));
    EXPECT_EQ(panel->verdictText(), QStringLiteral("Cause: unknown"));
}

// Settings saved before the diagnosis layers existed list layers by number, up to 11: the new
// layers keep their defaults; a list saved since then is taken as it is.
TEST_F(DiagnosisDock, LayerListsSavedBeforeTheDiagnosisLayersLeaveThemAtTheirDefaults) {
    views::waitForSettingsWrites();  // the fixture's window may still be saving
    {
        QSettings settings;
        settings.setValue(settings::kGlobeLayers, QVariantList{0, 1, int(views::GlobeLayer::FieldOverlay)});
        settings.remove(settings::kGlobeLayerCount);
    }
    {
        MainWindow old;
        EXPECT_TRUE(old.globe()->layerVisible(views::GlobeLayer::DiffNeighbourhood));
        EXPECT_TRUE(old.globe()->layerVisible(views::GlobeLayer::EdgeFeatureDrift));
        EXPECT_FALSE(old.globe()->layerVisible(views::GlobeLayer::G2mOnlyA));
    }
    views::waitForSettingsWrites();
    {
        QSettings settings;
        settings.setValue(settings::kGlobeLayers, QVariantList{0, 1, int(views::GlobeLayer::EdgeFeatureDrift)});
        settings.setValue(settings::kGlobeLayerCount, views::kGlobeLayerCount);
    }
    MainWindow later;
    EXPECT_FALSE(later.globe()->layerVisible(views::GlobeLayer::DiffNeighbourhood));
    EXPECT_TRUE(later.globe()->layerVisible(views::GlobeLayer::EdgeFeatureDrift));
}

}  // namespace
}  // namespace meshdiff::gui
