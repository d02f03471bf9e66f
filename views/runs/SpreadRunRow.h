#pragma once
#include <QWidget>

class QLabel;
class QToolButton;

namespace meshdiff::views {

// "Spread: <path> [Remove]" under the Runs panel's pair chooser: the third run whose difference
// from A is the yardstick of the numbers (meshdiff A B --spread C). Hidden while there is none.
class SpreadRunRow : public QWidget {
    Q_OBJECT
public:
    explicit SpreadRunRow(QWidget* parent = nullptr);

    void setPath(const QString& path);  // empty: hidden
    QString path() const { return path_; }
    QLabel* pathLabel() const { return pathLabel_; }
    QToolButton* removeButton() const { return remove_; }

signals:
    void removeRequested();

protected:
    void resizeEvent(QResizeEvent* event) override;  // the path is elided in the middle to the width

private:
    void updatePathText();

    QString path_;
    QLabel* pathLabel_;
    QToolButton* remove_;
};

}  // namespace meshdiff::views
