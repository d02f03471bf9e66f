#pragma once
#include <QWidget>

#include "fieldtable/FieldTableModel.h"

class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace meshdiff::views {

// The field table with a name filter; sorted worst first (highest rel RMS) by default.
class FieldTableView : public QWidget {
    Q_OBJECT
public:
    explicit FieldTableView(QWidget* parent = nullptr);

    void setRows(std::vector<FieldRow> rows);
    FieldTableModel& model() { return *model_; }
    QTableView* table() const { return table_; }
    QLineEdit* filterEdit() const { return filter_; }

    QString currentField() const;
    void selectField(const QString& name);  // no signal when already current
    int visibleRowCount() const;
    QString fieldAtVisibleRow(int row) const;

signals:
    void fieldSelected(const QString& name);

private:
    FieldTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    QLineEdit* filter_;
};

}  // namespace meshdiff::views
