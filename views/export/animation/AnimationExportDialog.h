#pragma once
#include <functional>

#include <QDialog>
#include <QSize>
#include <QString>

#include "export/animation/LeadAnimation.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace meshdiff::views {

// File ▸ Export ▸ Animation of Leads…: where, GIF or MP4, frames a second and the frames' size
// (the map as on screen, or a journal column's figure at a chosen DPI), with the frames' pixels
// and a word on the colour limits, which are fixed over all the leads.
class AnimationExportDialog : public QDialog {
    Q_OBJECT
public:
    // screenMap: the map's size in pixels (for "As on screen"); heightOf: a frame's height
    // (inches) for figure options (the map figure's automatic height).
    AnimationExportDialog(QSize screenMap, int leads, QString path,
                          std::function<double(const FigureOptions&)> heightOf, QWidget* parent = nullptr);

    LeadAnimationOptions options() const;
    // The choices of an earlier export: format (the path's suffix follows), speed, size and DPI.
    void setOptions(const LeadAnimationOptions& options);
    QString path() const;
    void setPath(const QString& path);

private:
    void formatChosen();
    void updateSummary();
    void browse();

    QSize screenMap_;
    std::function<double(const FigureOptions&)> heightOf_;
    QLineEdit* path_ = nullptr;
    QComboBox* format_ = nullptr;
    QSpinBox* fps_ = nullptr;
    QComboBox* size_ = nullptr;
    QSpinBox* dpi_ = nullptr;
    QLabel* summary_ = nullptr;
};

}  // namespace meshdiff::views
