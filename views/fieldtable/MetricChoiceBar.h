#pragma once
#include <string>
#include <vector>

#include <QWidget>

#include "fieldtable/MetricChoice.h"

class QComboBox;

namespace meshdiff::views {

// "Numbers: Area-weighted | Grid points" and "Region: Global | Tropics | …" side by side. A
// region other than Global is measured area-weighted only, so it sets and locks the first box.
class MetricChoiceBar : public QWidget {
    Q_OBJECT
public:
    explicit MetricChoiceBar(QWidget* parent = nullptr);

    // FieldsComparison::regions' names, in order; the choice takes the region last asked for when
    // offered, else global. Empty: Global only.
    void setRegions(const std::vector<std::string>& names);
    void setChoice(const MetricChoice& choice);  // emits changed when it differs
    const MetricChoice& choice() const { return choice_; }
    QComboBox* kindBox() const { return kind_; }
    QComboBox* regionBox() const { return region_; }

signals:
    void changed(const meshdiff::views::MetricChoice& choice);

private:
    void showChoice();
    void takeControls();

    QComboBox* kind_;
    QComboBox* region_;
    MetricChoice choice_;
    MetricChoice wanted_;  // the last asked for: its region comes back once offered again
    bool updating_ = false;
};

}  // namespace meshdiff::views
