#pragma once
#include <QWidget>

#include "runs/RunComparisonRows.h"

class QTableWidget;

namespace meshdiff::views {

// Run A beside run B: path, label, device, NumPy SIMD targets, graph hash, files found and
// the rest of the metadata; rows whose values differ are highlighted.
class RunsPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunsPanel(QWidget* parent = nullptr);

    void setRows(const std::vector<RunComparisonRow>& rows);
    void clear();
    QTableWidget* table() const { return table_; }

private:
    QTableWidget* table_;
};

}  // namespace meshdiff::views
