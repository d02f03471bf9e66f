#pragma once
#include <QWidget>

class QGridLayout;
class QHBoxLayout;

namespace meshdiff::views {

// The map's controls in one row where the view is wide enough for both groups, else in two (what
// is shown and its scale above, the limits and colour maps below), so that on a 1366-pixel screen
// the map does not push the side panels narrow.
class MapControlRows : public QWidget {
public:
    explicit MapControlRows(QWidget* parent = nullptr);
    QHBoxLayout* firstGroup() const { return first_; }
    QHBoxLayout* secondGroup() const { return second_; }
    bool oneRow() const { return oneRow_; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;  // a group's size hint changed: placed again

private:
    void place();

    QGridLayout* grid_;
    QWidget* firstWidget_;
    QWidget* secondWidget_;
    QHBoxLayout* first_;
    QHBoxLayout* second_;
    bool oneRow_ = false;
};

}  // namespace meshdiff::views
