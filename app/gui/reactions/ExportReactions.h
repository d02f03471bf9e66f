#pragma once
#include <optional>

#include "export/FigureExportDialog.h"
#include "gui/reactions/Reaction.h"

class QWidget;

namespace meshdiff::pair {
class PairSession;
}
namespace meshdiff::views {
class ErrorMapView;
class GlobeView;
class ScorecardView;
}  // namespace meshdiff::views

namespace meshdiff::gui {

class ExportsController;

// File ▸ Export ▸ Figure…: the map, the globe, the scorecard or the point over leads, on the paper,
// size and format the dialog asks for.
class ExportFigureReaction : public Reaction {
public:
    ExportFigureReaction(QAction* action, ExportsController* exports, pair::PairSession* session,
                         views::GlobeView* globe, views::ErrorMapView* map, views::ScorecardView* scorecard,
                         QWidget* dialogParent);
    // The dialog opens on this subject, not on the one chosen last (an entry for one chart).
    void startWith(views::FigureSubject subject) { startWith_ = subject; }

protected:
    void onTriggered() override;

private:
    ExportsController* exports_;
    pair::PairSession* session_;
    views::GlobeView* globe_;
    views::ErrorMapView* map_;
    views::ScorecardView* scorecard_;
    QWidget* dialogParent_;
    std::optional<views::FigureSubject> startWith_;
};

// File ▸ Export ▸ Data…: CSV and JSON into a folder named after the runs.
class ExportDataReaction : public Reaction {
public:
    ExportDataReaction(QAction* action, ExportsController* exports, pair::PairSession* session, QWidget* dialogParent);

protected:
    void onTriggered() override;

private:
    ExportsController* exports_;
    pair::PairSession* session_;
    QWidget* dialogParent_;
};

// File ▸ Export ▸ Report…: the bug-report folder.
class ExportReportReaction : public Reaction {
public:
    ExportReportReaction(QAction* action, ExportsController* exports, QWidget* dialogParent);

protected:
    void onTriggered() override;

private:
    ExportsController* exports_;
    QWidget* dialogParent_;
};

// File ▸ Export ▸ Error-Growth Chart… (PDF, SVG, PNG by the name's suffix) and Per-Lead Table… (CSV).
class ExportGrowthReaction : public Reaction {
public:
    enum class What { Chart, LeadTable };
    ExportGrowthReaction(QAction* action, ExportsController* exports, What what, QWidget* dialogParent);

protected:
    void onTriggered() override;

private:
    ExportsController* exports_;
    What what_;
    QWidget* dialogParent_;
};

// File ▸ Export ▸ Point over Leads Values (CSV)…: the charted point's A, B and A − B per lead.
class ExportPointSeriesCsvReaction : public Reaction {
public:
    ExportPointSeriesCsvReaction(QAction* action, ExportsController* exports, QWidget* dialogParent);

protected:
    void onTriggered() override;

private:
    ExportsController* exports_;
    QWidget* dialogParent_;
};

}  // namespace meshdiff::gui
