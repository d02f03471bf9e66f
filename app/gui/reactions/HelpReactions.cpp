#include "gui/reactions/HelpReactions.h"

#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>

#include "gui/HelpDialog.h"

namespace meshdiff::gui {

HelpReaction::HelpReaction(QAction* action, Page page, QMainWindow* window)
    : Reaction(action), page_(page), window_(window) {}

void HelpReaction::onTriggered() {
    if (page_ == Page::About) {
        QMessageBox::about(window_, tr("About meshdiff"),
                           tr("<b>meshdiff %1</b><p>Where and why two runs of a mesh-graph weather model differ.</p>")
                               .arg(QStringLiteral(MESHDIFF_VERSION)));
        return;
    }
    HelpDialog dialog(page_ == Page::UserGuide ? tr("meshdiff user guide") : tr("meshdiff keyboard shortcuts"),
                      page_ == Page::UserGuide ? userGuideHtml() : shortcutsHtml(window_->menuBar()), window_);
    dialog.exec();
}

}  // namespace meshdiff::gui
