#include <QDir>
#include <QLineEdit>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "export/ExportFolder.h"

namespace meshdiff::views {
namespace {

TEST(ExportFolder, TheSuggestionIsNeverTheRootNorARootWorkingDirectory) {
    // Started from a desktop launcher: working directory "/", and no home or a home of "/".
    for (const QString& home : {QString(), QStringLiteral("/")}) {
        const QString folder = suggestedDataExportFolder({}, "/runs/A", "/runs/B", home, "/", "/tmp");
        EXPECT_NE(QDir::cleanPath(folder), "/");
        EXPECT_NE(QFileInfo(folder).absolutePath(), "/") << folder.toStdString();
        EXPECT_EQ(folder, "/tmp/meshdiff-data-A-vs-B");
    }
    // A remembered export folder of "/" is not reused either.
    const QString fromRoot = suggestedDataExportFolder("/", "/runs/A", "/runs/B", "/home/ann", "/", "/tmp");
    EXPECT_EQ(fromRoot, "/home/ann/meshdiff-data-A-vs-B");
    // A remembered folder is the parent of a new, named folder.
    EXPECT_EQ(suggestedDataExportFolder("/data/out", "/x/run 1", "/x/run:2", "/home/ann", "/", "/tmp"),
              "/data/out/meshdiff-data-run_1-vs-run_2");
    EXPECT_EQ(suggestedDataExportFolder({}, {}, {}, {}, {}, {}), "/tmp/meshdiff-data");
}

TEST(ExportFolder, TheDialogCreatesTheFolderAndRefusesTheRoot) {
    QTemporaryDir base;
    ASSERT_TRUE(base.isValid());
    const QString wanted = QDir(base.path()).filePath("new/nested");
    ExportFolderDialog dialog("Export data", wanted);
    EXPECT_EQ(dialog.folder(), wanted);
    dialog.accept();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
    EXPECT_TRUE(QFileInfo(wanted).isDir());

    ExportFolderDialog root("Export data", "/");
    root.accept();
    EXPECT_NE(root.result(), QDialog::Accepted);
}

}  // namespace
}  // namespace meshdiff::views
