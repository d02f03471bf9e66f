#pragma once
#include <QDialog>
#include <QString>

class QLabel;
class QLineEdit;

namespace meshdiff::views {

// Where Export ▸ Data suggests writing: a new folder "meshdiff-data-<A>-vs-<B>" inside the
// folder last exported to, else the home folder, else the temporary folder — never the
// file-system root nor a working directory that is the root (a window started from a
// desktop launcher has "/" as its working directory).
QString suggestedDataExportFolder(const QString& lastExportFolder, const QString& runA, const QString& runB,
                                  const QString& home, const QString& workingDirectory, const QString& temporary);

// Asks for the folder the data files go to: a path (editable, with Browse…) that is created
// when the user accepts. The root is refused.
class ExportFolderDialog : public QDialog {
    Q_OBJECT
public:
    ExportFolderDialog(const QString& title, const QString& suggested, QWidget* parent = nullptr);

    QString folder() const;  // absolute, cleaned
    QLineEdit* pathEdit() const { return path_; }
    void accept() override;  // creates the folder; stays open with a message when it cannot

private:
    QLineEdit* path_;
    QLabel* problem_;
};

}  // namespace meshdiff::views
