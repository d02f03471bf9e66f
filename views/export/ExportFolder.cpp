#include "export/ExportFolder.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace meshdiff::views {
namespace {

bool usable(const QString& folder) {
    return !folder.isEmpty() && !QDir(folder).isRoot() && QDir::cleanPath(folder) != QStringLiteral("/");
}

QString safeName(const QString& runPath) {
    QString name = QFileInfo(QDir::cleanPath(runPath)).fileName();
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("_"));
    return name.left(40);
}

}  // namespace

QString suggestedDataExportFolder(const QString& lastExportFolder, const QString& runA, const QString& runB,
                                  const QString& home, const QString& workingDirectory, const QString& temporary) {
    QString base;
    for (const QString& candidate : {lastExportFolder, home, workingDirectory, temporary}) {
        if (usable(candidate)) {
            base = candidate;
            break;
        }
    }
    if (base.isEmpty()) base = QStringLiteral("/tmp");
    const QString a = safeName(runA), b = safeName(runB);
    const QString name = a.isEmpty() || b.isEmpty() ? QStringLiteral("meshdiff-data")
                                                    : QStringLiteral("meshdiff-data-%1-vs-%2").arg(a, b);
    return QDir(base).filePath(name);
}

ExportFolderDialog::ExportFolderDialog(const QString& title, const QString& suggested, QWidget* parent)
    : QDialog(parent), path_(new QLineEdit(suggested, this)), problem_(new QLabel(this)) {
    setWindowTitle(title);
    path_->setObjectName(QStringLiteral("exportFolderPath"));
    path_->setMinimumWidth(420);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString start = QFileInfo(path_->text()).absolutePath();
        const QString chosen = QFileDialog::getExistingDirectory(this, windowTitle(), start);
        if (!chosen.isEmpty()) path_->setText(chosen);
    });
    problem_->setStyleSheet(QStringLiteral("color: #b00020"));
    problem_->setVisible(false);
    auto* note = new QLabel(tr("The folder is created if it does not exist; files already in it with the same "
                               "names are replaced."),
                            this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportFolderDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportFolderDialog::reject);
    auto* row = new QHBoxLayout;
    row->addWidget(path_, 1);
    row->addWidget(browse);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Write the CSV and JSON files to this folder:"), this));
    layout->addLayout(row);
    layout->addWidget(note);
    layout->addWidget(problem_);
    layout->addWidget(buttons);
}

QString ExportFolderDialog::folder() const {
    const QString text = path_->text().trimmed();
    return text.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(text).absoluteFilePath());
}

void ExportFolderDialog::accept() {
    const QString dir = folder();
    QString problem;
    if (dir.isEmpty()) problem = tr("Name a folder.");
    else if (!usable(dir)) problem = tr("Choose a folder of its own, not the root of the file system.");
    else if (!QDir().mkpath(dir)) problem = tr("Cannot create %1.").arg(dir);
    if (!problem.isEmpty()) {
        problem_->setText(problem);
        problem_->setVisible(true);
        return;
    }
    QDialog::accept();
}

}  // namespace meshdiff::views
