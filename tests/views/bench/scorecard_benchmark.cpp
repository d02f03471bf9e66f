// Drawing time of the scorecard picture for 80 fields × 40 leads (docs/benchmarks.md), as the
// window's worker draws it: layout and painting into an image. Run under Xvfb on this machine:
//   xvfb-run -a -s "-screen 0 1600x1000x24" scorecard_benchmark [rounds]
#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "scorecard/ScorecardPicture.h"

using namespace meshdiff;
using namespace meshdiff::views;

namespace {

// 8 variables × 10 levels, 40 leads 6 h apart, ratios spread over 0.005 … 200 with a few NaN.
Scorecard largeCard() {
    Scorecard card;
    card.metric = ScorecardMetric::RatioToSpread;
    for (int v = 0; v < 8; ++v) {
        for (int l = 0; l < 10; ++l) {
            const std::string level = std::to_string(1000 - 100 * l);
            const std::string variable = "variable_" + std::to_string(v);
            std::string field = variable;
            field += "@";
            field += level;
            card.rows.push_back({field, variable, 1000.0 - 100 * l, level, "hPa", "K"});
        }
    }
    for (int c = 0; c < 40; ++c) {
        card.leadHours.push_back(6.0 * (c + 1));
        card.leadIndex.push_back(std::size_t(c));
    }
    for (std::size_t r = 0; r < card.rows.size(); ++r) {
        std::vector<double> row;
        for (std::size_t c = 0; c < 40; ++c)
            row.push_back((r * 40 + c) % 97 == 0 ? std::nan("") : std::pow(10.0, std::sin(double(r * 40 + c)) * 2.3));
        card.cells.push_back(row);
    }
    return card;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 21;
    const Scorecard card = largeCard();
    for (double width : {900.0, 1600.0}) {
        std::vector<double> ms;
        QSize pixels;
        for (int i = 0; i < rounds; ++i) {
            QElapsedTimer timer;
            timer.start();
            const ScorecardPicture picture = drawScorecardPicture(card, ScorecardLook{}, width, 1.0);
            ms.push_back(double(timer.nsecsElapsed()) / 1e6);
            pixels = picture.image.size();
        }
        std::printf("80 fields x 40 leads, %d x %d px: median %.1f ms, max %.1f ms (%d rounds)\n", pixels.width(),
                    pixels.height(), median(ms), *std::max_element(ms.begin(), ms.end()), rounds);
    }
    return 0;
}
