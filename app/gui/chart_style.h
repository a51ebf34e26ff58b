#pragma once
// Qt Charts take their colours when they are built: these give every chart of the app the
// window's palette (light or dark) in one place.

#include <QPalette>

class QChart;

namespace app {

/// A dark palette: its window colour is darker than mid-grey.
bool paletteIsDark(const QPalette& p);

/// The chart's theme, background, title, axes and bar colours from `p`: bars take the
/// highlight colour, text the palette's text colour, grid lines its mid colour.
void styleChart(QChart* chart, const QPalette& p);

}  // namespace app
