#include "runs/RunsPanel.h"

#include <algorithm>

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace meshdiff::views {
namespace {

constexpr int kFullTextRole = Qt::UserRole + 1;

// The folder and its parent ("demo/A"): enough to tell runs apart without the whole path.
QString shortPath(const QString& path) {
    const QFileInfo info(path);
    const QString parent = info.dir().dirName();
    return parent.isEmpty() || parent == QStringLiteral(".") || info.dir().isRoot()
               ? info.fileName()
               : parent + QLatin1Char('/') + info.fileName();
}

// Lets long identifiers (emulated_float32_math, graph_build.counts.n_g2m_edges) wrap after '_'
// and '.' instead of being cut; the copied value has no break marks.
QString wrappable(QString text) {
    text.replace(QLatin1Char('_'), QStringLiteral("_\u200B"));
    text.replace(QLatin1Char('.'), QStringLiteral(".\u200B"));
    return text;
}

}  // namespace

RunsPanel::RunsPanel(QWidget* parent)
    : QWidget(parent),
      first_(new QComboBox(this)),
      second_(new QComboBox(this)),
      compare_(new QPushButton(tr("Compare"), this)),
      spread_(new SpreadRunRow(this)),
      table_(new QTableWidget(0, 3, this)) {
    first_->setObjectName(QStringLiteral("compareFirstRun"));
    second_->setObjectName(QStringLiteral("compareSecondRun"));
    compare_->setObjectName(QStringLiteral("compareRuns"));
    compare_->setToolTip(tr("Load the two chosen runs as A and B"));
    for (QComboBox* box : {first_, second_}) {
        // As wide as the panel allows (the list pops up at full width); the path is in the tooltip.
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(16);
        box->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        box->view()->setTextElideMode(Qt::ElideMiddle);
        connect(box, &QComboBox::currentIndexChanged, this, &RunsPanel::updateCompareButton);
    }
    connect(compare_, &QPushButton::clicked, this, [this] {
        const int a = first_->currentIndex(), b = second_->currentIndex();
        if (a < 0 || b < 0 || a == b) return;
        emit compareRequested(paths_[a], paths_[b]);
    });
    // Two rows, so that each run's name has the panel's width.
    auto* chooser = new QGridLayout;
    chooser->setContentsMargins(4, 4, 4, 0);
    chooser->addWidget(new QLabel(tr("Compare"), this), 0, 0);
    chooser->addWidget(first_, 0, 1);
    chooser->addWidget(new QLabel(tr("with"), this), 1, 0, Qt::AlignRight);
    chooser->addWidget(second_, 1, 1);
    chooser->addWidget(compare_, 0, 2, 2, 1, Qt::AlignVCenter);
    chooser->setColumnStretch(1, 1);
    updateCompareButton();

    table_->setObjectName(QStringLiteral("runsTable"));
    table_->setHorizontalHeaderLabels({tr("Property"), tr("Run A"), tr("Run B")});
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    table_->horizontalHeader()->resizeSection(0, 120);
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setWordWrap(true);
    table_->setTextElideMode(Qt::ElideRight);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* copy = new QAction(tr("Copy value"), table_);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &RunsPanel::copyCurrentValue);
    table_->addAction(copy);
    table_->installEventFilter(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(chooser);
    layout->addWidget(spread_);
    layout->addWidget(table_);
}

void RunsPanel::addRun(const QString& label, const QString& path) {
    int index = int(labels_.indexOf(label));
    if (index >= 0) {
        paths_[index] = path;
        descriptions_[index].clear();
    } else {
        labels_.push_back(label);
        paths_.push_back(path);
        descriptions_.push_back(QString());
        for (QComboBox* box : {first_, second_}) box->addItem(QString());
        index = int(labels_.size()) - 1;
    }
    updateChoiceText(index);
    showPair(shownA_, shownB_);
}

void RunsPanel::setRunDescription(const QString& path, const QString& description) {
    const int index = int(paths_.indexOf(path));
    if (index < 0) return;
    descriptions_[index] = description;
    updateChoiceText(index);
}

QString RunsPanel::choiceText(const QString& label) const {
    const int index = int(labels_.indexOf(label));
    if (index < 0) return {};
    const QString& description = descriptions_[index];
    // A metadata label that already starts with the letter ("A (glibc float32 math)") stands alone.
    const bool named = !description.isEmpty() && description != QFileInfo(paths_[index]).fileName();
    const bool carriesLetter = description == label || description.startsWith(label + QLatin1Char(' ')) ||
                               description.startsWith(label + QLatin1Char(':'));
    const QString name = !named ? label : carriesLetter ? description : tr("%1: %2").arg(label, description);
    return tr("%1 — %2").arg(name, shortPath(paths_[index]));
}

void RunsPanel::updateChoiceText(int index) {
    for (QComboBox* box : {first_, second_}) {
        box->setItemText(index, choiceText(labels_[index]));
        box->setItemData(index, paths_[index], Qt::ToolTipRole);
    }
}

QString RunsPanel::labelOf(const QString& path) const {
    const int i = int(paths_.indexOf(path));
    return i < 0 ? QString() : labels_[i];
}

QString RunsPanel::pathOf(const QString& label) const {
    const int i = int(labels_.indexOf(label));
    return i < 0 ? QString() : paths_[i];
}

void RunsPanel::showPair(const QString& pathA, const QString& pathB) {
    shownA_ = pathA;
    shownB_ = pathB;
    if (const int a = int(paths_.indexOf(pathA)); a >= 0) first_->setCurrentIndex(a);
    if (const int b = int(paths_.indexOf(pathB)); b >= 0) second_->setCurrentIndex(b);
    updateCompareButton();
}

void RunsPanel::updateCompareButton() {
    const int a = first_->currentIndex(), b = second_->currentIndex();
    const bool shown = a >= 0 && b >= 0 && paths_[a] == shownA_ && paths_[b] == shownB_;
    compare_->setEnabled(a >= 0 && b >= 0 && a != b && !shown);
}

void RunsPanel::clear() { table_->setRowCount(0); }

void RunsPanel::setRows(const std::vector<RunComparisonRow>& rows) {
    table_->setRowCount(int(rows.size()));
    const QColor highlight(255, 224, 130);
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (int r = 0; r < int(rows.size()); ++r) {
        const RunComparisonRow& row = rows[std::size_t(r)];
        const QString values[3] = {QString::fromStdString(row.property), QString::fromStdString(row.a),
                                   QString::fromStdString(row.b)};
        for (int c = 0; c < 3; ++c) {
            const bool digest = c > 0 && row.kind == RunValueKind::Hash;
            auto* item = new QTableWidgetItem(digest ? QString::fromStdString(shortDigest(c == 1 ? row.a : row.b))
                                                     : wrappable(values[c]));
            item->setData(kFullTextRole, values[c]);
            item->setToolTip(values[c].isEmpty() ? QString() : values[c] + tr("\n(right-click or Ctrl+C to copy)"));
            QFont font = digest ? fixed : item->font();
            if (row.differs) {
                item->setBackground(highlight);
                font.setBold(true);
            }
            item->setFont(font);
            item->setData(Qt::UserRole, row.differs);
            table_->setItem(r, c, item);
        }
        // Long values wrap over three lines (the rest is in the tooltip). Measured from the text's
        // length, not laid out: ResizeToContents lays out every cell on every layout pass.
        const std::size_t longest = std::max({row.property.size(), row.a.size(), row.b.size()});
        const int lines = longest > 60 ? 3 : longest > 28 ? 2 : 1;
        table_->setRowHeight(r, lines * table_->fontMetrics().lineSpacing() + 6);
    }
}

QString RunsPanel::fullValue(int row, int column) const {
    const QTableWidgetItem* item = table_->item(row, column);
    return item ? item->data(kFullTextRole).toString() : QString();
}

void RunsPanel::copyCurrentValue() const {
    const QModelIndex index = table_->currentIndex();
    if (!index.isValid()) return;
    QApplication::clipboard()->setText(fullValue(index.row(), index.column()));
}

bool RunsPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == table_ && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(event)->matches(QKeySequence::Copy)) {
        copyCurrentValue();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace meshdiff::views
