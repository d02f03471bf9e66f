// File ▸ Export ▸ Animation of Leads on a rollout of 4 leads (tests/fixtures/make_rollout_fixtures.py):
// one frame per lead, read back with FFmpeg's own decoder, the frames' maps differ lead to lead,
// and a file that cannot be written is named in the error; the dialog offers the last export's
// choices again; `meshdiff report --animation` writes the same.
#include <functional>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "DecodedAnimation.h"
#include "RolloutFixture.h"
#include "ShownWindowTest.h"
#include "export/animation/AnimationExportDialog.h"
#include "gui/AnimationController.h"
#include "gui/SettingsKeys.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {
namespace {

class LeadAnimationWindow : public test::ShownWindowTest {
protected:
    void openRollout() {
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        QSignalSpy finished(window_->rollout(), &pair::RolloutSession::finished);
        window_->openPair(test::rolloutFixture("a.nc"), test::rolloutFixture("b.nc"));
        ASSERT_TRUE(loaded.count() > 0 || loaded.wait(60000)) << window_->lastError().toStdString();
        ASSERT_TRUE(finished.count() > 0 || finished.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(window_->animation()->canExport(), 20000);
    }

    static views::LeadAnimationOptions smallGif() {
        views::LeadAnimationOptions options;
        options.format = views::AnimationFormat::Gif;
        options.framesPerSecond = 2;
        options.figure = views::withPreset({}, views::FigurePreset::SingleColumn, QSizeF());
        options.figure.dotsPerInch = 100;
        return options;
    }
};

TEST_F(LeadAnimationWindow, WritesOneFramePerLeadWhoseMapsDiffer) {
    openRollout();
    auto* action = window_->findChild<QAction*>(QStringLiteral("exportAnimation"));
    ASSERT_NE(action, nullptr);
    EXPECT_TRUE(action->isEnabled());
    const int leads = window_->rollout()->leadCount();
    ASSERT_EQ(leads, 4);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("leads.gif"));
    QSignalSpy finished(window_->animation(), &AnimationController::finished);
    QSignalSpy failed(window_->animation(), &AnimationController::failed);
    window_->animation()->exportAnimation(smallGif(), path);
    EXPECT_FALSE(action->isEnabled()) << "one animation at a time";
    ASSERT_TRUE(finished.wait(60000)) << (failed.isEmpty() ? "" : failed.front().front().toString().toStdString());
    EXPECT_EQ(finished.front().at(1).toInt(), leads);
    QTRY_VERIFY_WITH_TIMEOUT(action->isEnabled(), 5000);

    const test::DecodedAnimation read = test::decodeAnimation(path);
    ASSERT_EQ(int(read.frames.size()), leads);
    const QSize size = read.frames.front().size();
    EXPECT_EQ(size.width(), 350);  // 89 mm at 100 DPI
    for (const QImage& frame : read.frames) EXPECT_EQ(frame.size(), size);
    // Below the title (which names the lead), the maps themselves change from lead to lead; the
    // colour bar under them, its ticks and caption, stays the same: the limits are fixed over all
    // the leads (each lead's own full range grows from about 0.002 to 0.12 here).
    const QRect maps(0, size.height() * 15 / 100, size.width(), size.height() * 45 / 100);
    const QRect colourBar(0, size.height() * 70 / 100, size.width(), size.height() * 30 / 100);
    for (int k = 1; k < leads; ++k) {
        EXPECT_GT(test::meanAbsoluteError(read.frames[k].copy(maps), read.frames[k - 1].copy(maps)), 0.5)
            << "leads " << k - 1 << " and " << k;
        EXPECT_LT(test::meanAbsoluteError(read.frames[k].copy(colourBar), read.frames[0].copy(colourBar)), 0.5)
            << "lead " << k;
    }
}

TEST_F(LeadAnimationWindow, NamesTheFileItCannotWrite) {
    openRollout();
    const QString path = QStringLiteral("/nonexistent-folder-of-meshdiff/leads.mp4");
    QSignalSpy failed(window_->animation(), &AnimationController::failed);
    views::LeadAnimationOptions options = smallGif();
    options.format = views::AnimationFormat::Mp4;
    window_->animation()->exportAnimation(options, path);
    ASSERT_TRUE(failed.wait(60000));
    EXPECT_TRUE(failed.front().front().toString().contains(path)) << failed.front().front().toString().toStdString();
}

// Runs `act` on the animation dialog File ▸ Export ▸ Animation of Leads opens, then accepts or
// closes it.
void withAnimationDialog(QAction* action, const std::function<void(views::AnimationExportDialog&)>& act, bool accept) {
    bool seen = false;
    QTimer::singleShot(0, [&] {
        auto* dialog = qobject_cast<views::AnimationExportDialog*>(QApplication::activeModalWidget());
        if (!dialog) return;
        seen = true;
        act(*dialog);
        accept ? dialog->accept() : dialog->reject();
    });
    action->trigger();
    EXPECT_TRUE(seen) << "no animation dialog";
}

TEST_F(LeadAnimationWindow, TheDialogOffersTheLastExportsChoices) {
    openRollout();
    QTemporaryDir dir;
    QSettings().setValue(settings::kExportFolder, dir.path());
    auto* action = window_->findChild<QAction*>(QStringLiteral("exportAnimation"));
    views::LeadAnimationOptions firstOffer;
    withAnimationDialog(
        action, [&](views::AnimationExportDialog& d) { firstOffer = d.options(); }, false);
    EXPECT_EQ(firstOffer.format, views::AnimationFormat::Gif);
    EXPECT_EQ(firstOffer.figure.preset, views::FigurePreset::AsOnScreen);

    QSignalSpy finished(window_->animation(), &AnimationController::finished);
    withAnimationDialog(
        action,
        [](views::AnimationExportDialog& d) {
            d.findChild<QComboBox*>(QStringLiteral("animationFormat"))->setCurrentIndex(1);  // MP4
            d.findChild<QSpinBox*>(QStringLiteral("animationFps"))->setValue(5);
            auto* size = d.findChild<QComboBox*>(QStringLiteral("animationSize"));
            size->setCurrentIndex(size->findData(int(views::FigurePreset::SingleColumn)));
            d.findChild<QSpinBox*>(QStringLiteral("animationDpi"))->setValue(80);
            EXPECT_TRUE(d.path().endsWith(".mp4")) << d.path().toStdString();
        },
        true);
    ASSERT_TRUE(finished.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(action->isEnabled(), 5000);

    views::LeadAnimationOptions again;
    QString path;
    withAnimationDialog(
        action,
        [&](views::AnimationExportDialog& d) {
            again = d.options();
            path = d.path();
        },
        false);
    EXPECT_EQ(again.format, views::AnimationFormat::Mp4);
    EXPECT_EQ(again.framesPerSecond, 5);
    EXPECT_EQ(again.figure.preset, views::FigurePreset::SingleColumn);
    EXPECT_EQ(again.figure.dotsPerInch, 80);
    EXPECT_TRUE(path.startsWith(dir.path()) && path.endsWith(".mp4")) << path.toStdString();
}

TEST_F(LeadAnimationWindow, CancelLeavesNoFile) {
    openRollout();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("leads.gif"));
    QSignalSpy cancelled(window_->animation(), &AnimationController::cancelled);
    window_->animation()->exportAnimation(smallGif(), path);
    window_->animation()->cancel();  // before the worker has read the first lead's map
    ASSERT_TRUE(cancelled.wait(60000));
    EXPECT_FALSE(QFile::exists(path));
    QTRY_VERIFY_WITH_TIMEOUT(window_->animation()->canExport(), 5000);
}

TEST(ReportAnimation, MeshdiffReportWritesTheWorstFieldsLeadsAsAnMp4) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("worst.mp4"));
    QProcess report;
    report.start(
        QStringLiteral(MESHDIFF_EXECUTABLE),
        {QStringLiteral("report"), test::rolloutFixture("a.nc"), test::rolloutFixture("b.nc"), QStringLiteral("--out"),
         dir.path(), QStringLiteral("--maps"), QStringLiteral("1"), QStringLiteral("--animation"), path});
    ASSERT_TRUE(report.waitForFinished(120000));
    ASSERT_EQ(report.exitCode(), 0) << report.readAllStandardError().toStdString();
    const test::DecodedAnimation read = test::decodeAnimation(path);
    EXPECT_EQ(read.frames.size(), 4u);
    EXPECT_NEAR(read.framesPerSecond, 2.0, 1e-6);
    EXPECT_EQ(read.frames.front().width(), 526);  // 89 mm at 150 DPI, even for H.264
}

}  // namespace
}  // namespace meshdiff::gui
