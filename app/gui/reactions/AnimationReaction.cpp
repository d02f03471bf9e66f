#include "gui/reactions/AnimationReaction.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include "background/BackgroundWork.h"
#include "export/animation/AnimationEncoder.h"
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
    const QSettings saved;
    const QString folder = saved.value(settings::kExportFolder, QDir::homePath()).toString();
    views::LeadAnimationOptions last;
    last.format = views::AnimationFormat(saved.value(settings::kAnimationFormat, int(last.format)).toInt());
    last.framesPerSecond = saved.value(settings::kAnimationFps, last.framesPerSecond).toInt();
    last.figure.preset =
        views::FigurePreset(saved.value(settings::kAnimationSize, int(views::FigurePreset::AsOnScreen)).toInt());
    last.figure.dotsPerInch = saved.value(settings::kAnimationDpi, 150).toDouble();
    const QString field = session_->currentField().isEmpty() ? QStringLiteral("map") : session_->currentField();
    QString name = field + QStringLiteral("_leads.") + views::animationFormatSuffix(last.format);
    name.replace(QLatin1Char('/'), QLatin1Char('_'));
    const QSize mapPixels = map_->canvas()->size() * map_->canvas()->devicePixelRatioF();
    views::AnimationExportDialog dialog(
        mapPixels, animation_->leadCount(), QDir(folder).filePath(name),
        [this](const views::FigureOptions& options) { return animation_->frameHeightInches(options); }, dialogParent_);
    dialog.setOptions(last);
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) return;
    const views::LeadAnimationOptions chosen = dialog.options();
    views::saveSettingsInBackground({{settings::kExportFolder, QFileInfo(dialog.path()).absolutePath()},
                                     {settings::kAnimationFormat, int(chosen.format)},
                                     {settings::kAnimationFps, chosen.framesPerSecond},
                                     {settings::kAnimationSize, int(chosen.figure.preset)},
                                     {settings::kAnimationDpi, chosen.figure.dotsPerInch}});
    animation_->exportAnimation(dialog.options(), dialog.path());
}

}  // namespace meshdiff::gui
