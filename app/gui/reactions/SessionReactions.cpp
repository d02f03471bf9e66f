#include "gui/reactions/SessionReactions.h"

#include <QAction>
#include <QFileDialog>
#include <QMessageBox>
#include <QSettings>

#include "common/Error.h"
#include "gui/MainWindow.h"
#include "gui/SettingsKeys.h"
#include "gui/session/WindowSession.h"

namespace meshdiff::gui {
namespace {

const QString kSessionFilter = QObject::tr("meshdiff sessions (*.meshdiff-session)");

}  // namespace

SaveSessionReaction::SaveSessionReaction(QAction* action, MainWindow* window) : Reaction(action), window_(window) {
    action->setObjectName(QStringLiteral("saveSession"));
    action->setToolTip(
        tr("The runs, lead, field and the whole view (map and its zoom, globe and its camera, numbers, "
           "selection, docks), to reopen exactly"));
    updateEnabledStateOn(window_->session(), &pair::PairSession::runsChanged);
    updateEnabledState();
}

void SaveSessionReaction::onTriggered() {
    QString path = QFileDialog::getSaveFileName(window_, tr("Save session"),
                                                QSettings().value(settings::kLastFolder).toString(), kSessionFilter);
    if (path.isEmpty()) return;
    if (!path.endsWith('.' + kSessionSuffix)) path += '.' + kSessionSuffix;
    try {
        writeSessionFile(path, windowSession(*window_));
    } catch (const Error& e) {
        QMessageBox::warning(window_, tr("Session not saved"), QString::fromStdString(e.what()));
    }
}

void SaveSessionReaction::updateEnabledState() {
    action()->setEnabled(!window_->runA().isEmpty() && !window_->runB().isEmpty());
}

OpenSessionReaction::OpenSessionReaction(QAction* action, MainWindow* window) : Reaction(action), window_(window) {
    action->setObjectName(QStringLiteral("openSession"));
}

bool OpenSessionReaction::open(MainWindow* window, const QString& path, QString* error) {
    try {
        applySession(*window, readSessionFile(path));
        return true;
    } catch (const Error& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

void OpenSessionReaction::onTriggered() {
    const QString path = QFileDialog::getOpenFileName(
        window_, tr("Open session"), QSettings().value(settings::kLastFolder).toString(), kSessionFilter);
    QString error;
    if (!path.isEmpty() && !open(window_, path, &error)) QMessageBox::warning(window_, tr("Session not opened"), error);
}

}  // namespace meshdiff::gui
