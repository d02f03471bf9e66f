#pragma once
#include <QElapsedTimer>
#include <QObject>

class QLabel;
class QProgressBar;
class QPushButton;
class QStatusBar;
class QWidget;

namespace meshdiff::gui {

// The window's status bar: the last message (whole in its tooltip when the line cuts it), the
// progress of a load or of the lead comparisons, and their Cancel button.
class WindowStatus : public QObject {
    Q_OBJECT
public:
    WindowStatus(QStatusBar* bar, QWidget* window);

    void show(const QString& text);
    void showProgress(int percent, const QString& text);  // at most four times a second
    void startProgress();                                 // from 0 %, with the Cancel button
    void showBusy();                                      // no percentage, no Cancel
    void endProgress();

signals:
    void cancelRequested();

private:
    QLabel* text_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    QElapsedTimer progressTimer_;
};

}  // namespace meshdiff::gui
