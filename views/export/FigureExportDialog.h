#pragma once
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include <QDialog>
#include <QSize>
#include <QString>
#include <QVariant>

#include "export/FigureOptions.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace meshdiff::views {

enum class FigureSubject { ErrorMap, Globe, Scorecard, PointSeries };

// File ▸ Export ▸ Figure…: what to draw (error map, globe, scorecard or point over leads, as shown), where, and on
// which paper: preset (as on screen, journal single or double column, custom), background, size in mm or inches, DPI,
// text size and format. The choices are kept in the settings (figure/…).
class FigureExportDialog : public QDialog {
    Q_OBJECT
public:
    // screenMap/screenGlobe: the views' sizes in pixels (for "As on screen"); heightOf gives the
    // automatic height (inches) of a figure, shown as the dialog's size summary.
    FigureExportDialog(QSize screenMap, QSize screenGlobe, QString folder, QString baseName,
                       std::function<double(FigureSubject, const FigureOptions&)> heightOf, QWidget* parent = nullptr);

    FigureSubject subject() const;
    FigureOptions options() const;
    QString path() const;
    void setSubject(FigureSubject subject);
    void setOptions(const FigureOptions& options);
    void setPath(const QString& path);
    // The error map's title until the user types one (the field shown is the window's).
    void setDefaultTitle(const QString& title) { setDefaultTitle(FigureSubject::ErrorMap, title); }
    // A subject's title until the user types one; subjects without one have no title field.
    void setDefaultTitle(FigureSubject subject, const QString& title);
    // The scorecard's size on screen in pixels, for its "As on screen" (the map's size until set).
    void setScreenScorecard(QSize pixels);
    // The point-over-leads chart's size on screen in pixels (the map's size until set).
    void setScreenPointSeries(QSize pixels);

    // The settings that restore these choices next time, and reading them back.
    std::vector<std::pair<QString, QVariant>> settingsValues() const;
    void restoreSettings();

private:
    void presetChosen();
    void sizeEdited();
    void unitChosen();
    void subjectChosen();
    void updateSummary();
    void browse();
    QSize screenSize() const;
    double toInches(double shown) const;
    double fromInches(double inches) const;

    QSize screenMap_, screenGlobe_, screenScorecard_, screenPointSeries_;
    QString folder_, baseName_;
    std::function<double(FigureSubject, const FigureOptions&)> heightOf_;
    QComboBox* subject_ = nullptr;
    QComboBox* preset_ = nullptr;
    QComboBox* background_ = nullptr;
    QComboBox* format_ = nullptr;
    QComboBox* unit_ = nullptr;
    QDoubleSpinBox* width_ = nullptr;
    QDoubleSpinBox* height_ = nullptr;
    QDoubleSpinBox* dpi_ = nullptr;
    QDoubleSpinBox* font_ = nullptr;
    QLabel* summary_ = nullptr;
    QLineEdit* path_ = nullptr;
    QLineEdit* title_ = nullptr;
    std::map<FigureSubject, QString> titles_;  // per subject that has a title: the default or the user's
    bool updating_ = false;
};

}  // namespace meshdiff::views
