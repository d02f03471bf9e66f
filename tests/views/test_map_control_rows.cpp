// The error map's controls: one row where the view is wide enough, two where it is not, so that a
// narrow middle (a 1366-pixel screen beside the side panels) still shows every control whole.
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>

#include <gtest/gtest.h>

#include "map/ErrorMapView.h"

namespace meshdiff::views {
namespace {

int topOf(const QWidget& view, const char* name) {
    const auto* child = view.findChild<QWidget*>(QString::fromLatin1(name));
    EXPECT_NE(child, nullptr) << name;
    return child ? child->mapTo(&view, QPoint(0, 0)).y() : -1;
}

bool wholeInside(const QWidget& view, const char* name) {
    const auto* child = view.findChild<QWidget*>(QString::fromLatin1(name));
    return child && QRect(QPoint(0, 0), view.size()).contains(QRect(child->mapTo(&view, QPoint(0, 0)), child->size()));
}

void showAtWidth(ErrorMapView& view, int width) {
    view.resize(width, 500);
    view.show();
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
}

TEST(MapControlRows, AWideViewHasOneRowOfControls) {
    ErrorMapView view;
    showAtWidth(view, 1200);
    EXPECT_EQ(topOf(view, "mapLimits"), topOf(view, "mapMode"));
    EXPECT_EQ(topOf(view, "mapLimitMax"), topOf(view, "mapScale"));
}

TEST(MapControlRows, ANarrowViewPutsTheLimitsAndColourMapsOnASecondRow) {
    ErrorMapView view;
    showAtWidth(view, 1200);
    const int wideMinimum = view.findChild<QWidget*>("mapControls")->minimumWidth();
    showAtWidth(view, 560);
    EXPECT_GT(topOf(view, "mapLimits"), topOf(view, "mapMode"));
    EXPECT_GT(topOf(view, "mapDifferenceColorMap"), topOf(view, "mapScale"));
    for (const char* name : {"mapMode", "mapScale", "mapLimits", "mapLimitMin", "mapLimitMax", "mapDifferenceColorMap"})
        EXPECT_TRUE(wholeInside(view, name)) << name << " is cut off at 560 pixels";
    EXPECT_LE(view.minimumSizeHint().width(), 560) << "the view can be as narrow as its two rows";
    EXPECT_EQ(view.findChild<QWidget*>("mapControls")->minimumWidth(), wideMinimum)
        << "one minimum for both layouts: the window's docks never jump";

    showAtWidth(view, 1200);  // and back
    EXPECT_EQ(topOf(view, "mapLimits"), topOf(view, "mapMode"));
}

}  // namespace
}  // namespace meshdiff::views
