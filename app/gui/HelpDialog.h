#pragma once
#include <QDialog>

class QMenuBar;
class QTextBrowser;

namespace meshdiff::gui {

// Help ▸ User Guide (the short guide and glossary, resources/help/guide.html built in) and
// Help ▸ Keyboard Shortcuts (read from the menus, so that it never goes stale).
class HelpDialog : public QDialog {
    Q_OBJECT
public:
    HelpDialog(const QString& title, const QString& html, QWidget* parent = nullptr);
    QTextBrowser* browser() const { return browser_; }

private:
    QTextBrowser* browser_;
};

QString userGuideHtml();
// Every menu command with a shortcut ("File ▸ Open Run A…  Ctrl+O"), then the mouse and
// panel keys that are not menu commands.
QString shortcutsHtml(const QMenuBar* menus);

}  // namespace meshdiff::gui
