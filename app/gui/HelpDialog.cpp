#include "gui/HelpDialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace meshdiff::gui {
namespace {

QString menuPath(const QString& path, const QAction* action) {
    QString text = action->text();
    text.remove(QLatin1Char('&'));
    return path.isEmpty() ? text : path + QStringLiteral(" ▸ ") + text;
}

void listShortcuts(const QMenu* menu, const QString& path, QString& rows) {
    for (const QAction* action : menu->actions()) {
        if (action->menu()) {
            listShortcuts(action->menu(), menuPath(path, action), rows);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts()) keys << key.toString(QKeySequence::NativeText);
        if (keys.isEmpty()) continue;
        rows += QStringLiteral("<tr><td>%1</td><td><code>%2</code></td></tr>")
                    .arg(menuPath(path, action).toHtmlEscaped(), keys.join(QStringLiteral(", ")).toHtmlEscaped());
    }
}

}  // namespace

HelpDialog::HelpDialog(const QString& title, const QString& html, QWidget* parent)
    : QDialog(parent), browser_(new QTextBrowser(this)) {
    setWindowTitle(title);
    browser_->setObjectName(QStringLiteral("helpText"));
    browser_->setOpenExternalLinks(true);
    browser_->setHtml(html);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &HelpDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser_, 1);
    layout->addWidget(buttons);
    resize(680, 640);
}

QString userGuideHtml() {
    QFile file(QStringLiteral(":/help/guide.html"));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll())
                                          : QStringLiteral("<p>The user guide is missing from this build.</p>");
}

QString shortcutsHtml(const QMenuBar* menus) {
    QString rows;
    for (const QAction* action : menus->actions())
        if (action->menu()) listShortcuts(action->menu(), menuPath({}, action), rows);
    const QString mouse = QObject::tr(
        "<tr><td>Globe: turn</td><td>drag</td></tr>"
        "<tr><td>Globe: zoom toward the point under the mouse</td><td>wheel</td></tr>"
        "<tr><td>Globe: inspect an edge, triangle or node</td><td>click</td></tr>"
        "<tr><td>Fields: select several</td><td>Ctrl+click, Shift+click</td></tr>"
        "<tr><td>Fields: copy the selected rows (TSV)</td><td><code>Ctrl+C</code></td></tr>"
        "<tr><td>Runs: copy the full value of a cell</td><td><code>Ctrl+C</code>, right-click</td></tr>");
    return QObject::tr(
               "<h3>Commands</h3><table cellpadding='3'>%1</table>"
               "<h3>Mouse and panels</h3><table cellpadding='3'>%2</table>")
        .arg(rows, mouse);
}

}  // namespace meshdiff::gui
