#include "gui/reactions/AnimationReaction.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include "background/BackgroundWork.h"
#include "export/animation/AnimationExportDialog.h"
#include "gui/AnimationController.h"
#include "gui/SettingsKeys.h"
#include "map/ErrorMapCanvas.h"
#include "map/ErrorMapView.h"
#include "pair/PairSession.h"

namespace meshdiff::gui {

ExportAnimationReaction::ExportAnimationReaction(QAction* action, AnimationController* animation,
                                                 pair::PairSession* session, views::ErrorMapView* map,
                                                 QWidget* dialogParent)
    : Reaction(action), animation_(animation), session_(session), map_(map), dialogParent_(dialogParent) {
    updateEnabledStateOn(animation_, &AnimationController::availabilityChanged);
    updateEnabledState();
}

void ExportAnimationReaction::updateEnabledState() { action()->setEnabled(animation_->canExport()); }

void ExportAnimationReaction::onTriggered() {
    if (!animation_->canExport()) return;
    const QString folder = QSettings().value(settings::kExportFolder, QDir::homePath()).toString();
    const QString field = session_->currentField().isEmpty() ? QStringLiteral("map") : session_->currentField();
    QString name = field + QStringLiteral("_leads.gif");
    name.replace(QLatin1Char('/'), QLatin1Char('_'));
    const QSize mapPixels = map_->canvas()->size() * map_->canvas()->devicePixelRatioF();
    views::AnimationExportDialog dialog(
        mapPixels, animation_->leadCount(), QDir(folder).filePath(name),
        [this](const views::FigureOptions& options) { return animation_->frameHeightInches(options); }, dialogParent_);
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) return;
    views::saveSettingsInBackground({{settings::kExportFolder, QFileInfo(dialog.path()).absolutePath()}});
    animation_->exportAnimation(dialog.options(), dialog.path());
}

}  // namespace meshdiff::gui
