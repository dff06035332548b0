// Small SVG chart builders for the HTML report, none of them about chess: a stacked bar, a
// horizontal bar chart, rows of stacked bars and a column histogram, plus the HTML legend that
// goes with a chart. Every chart has a viewBox and width 100%, so it scales with its box; a
// <title> for the chart and for each bar (hover text); its numbers as visible text. Labels are
// plain text (escaped here); colours are CSS colour values chosen by the caller.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fenbatch::pipeline::detail {

// Text charts are drawn in this many units across: at a phone's width (about 340 CSS pixels of
// content) 12-unit text is still about 11 pixels, and the page caps a chart's width (30rem) so
// that it stays under about 15 on a desktop.
inline constexpr double chart_width = 380;
inline constexpr double chart_font_size = 12;

// The width of `text` in units at `font_size`, estimated from character classes (no font is
// at hand to measure; the estimate errs wide, so that text does not overlap).
[[nodiscard]] double text_width(std::string_view text, double font_size = chart_font_size);

// `text` cut to fit `width` with an ellipsis, keeping its start, or its end (for paths, whose
// file name says most).
enum class keep_side : std::uint8_t { start, end };
[[nodiscard]] std::string fit_text(std::string_view text, double width, keep_side keep,
                                   double font_size = chart_font_size);

// One part of a stacked bar, or one series of a chart.
struct series {
  std::string label;
  std::string color;
};

// A bar of segments in proportion to `values` (one per series), 1000 units across and
// stretched to its box (preserveAspectRatio none: no text in it; the legend has the numbers).
// Segments of 0 are left out; all 0 draws an empty track titled `empty_text`.
[[nodiscard]] std::string stacked_bar_svg(std::string_view id, std::string_view title,
                                          std::span<const series> parts,
                                          std::span<const std::uint64_t> values,
                                          std::string_view empty_text);
inline constexpr double stacked_bar_width = 1000;

// One bar of a horizontal bar chart. `part`, when not 0, is a part of `value` drawn over its
// start in the chart's second colour (e.g. the lines written among the valid ones).
struct bar {
  std::string label;
  std::uint64_t value = 0;
  std::uint64_t part = 0;
  std::string value_text;  // written after the bar's end
  std::string hover;       // the bar's <title>; empty: "label: value_text"
  // Muted text: under value_text with labels on the left, after it with labels above.
  std::string detail;
};

struct bar_chart_style {
  std::string color;
  std::string part_color;
  // Labels on a line of their own above each bar (long labels), else in a column on the left.
  bool labels_above = false;
  keep_side keep = keep_side::start;
};

// Bars in the order given, their lengths in proportion to the largest value.
[[nodiscard]] std::string bar_chart_svg(std::string_view id, std::string_view title,
                                        std::span<const bar> bars, const bar_chart_style& style);

// One row of stacked bars: `values` per series, the bar always the full width (the row's
// composition); `label` at its top left (cut keeping its end), `note` at its top right.
struct stacked_row {
  std::string label;
  std::string note;
  std::string hover;  // the row's <title>
  std::vector<std::uint64_t> values;
};

[[nodiscard]] std::string stacked_rows_svg(std::string_view id, std::string_view title,
                                           std::span<const series> parts,
                                           std::span<const stacked_row> rows);

// One column of a histogram; `part` as in bar.
struct column {
  std::string label;
  std::uint64_t value = 0;
  std::uint64_t part = 0;
  std::string hover;
};

// Columns left to right on a common scale from 0, with gridlines and a labelled y axis.
[[nodiscard]] std::string column_chart_svg(std::string_view id, std::string_view title,
                                           std::span<const column> columns, std::string_view color,
                                           std::string_view part_color);

// A chart with nothing to draw: its box with `message` in the middle.
[[nodiscard]] std::string empty_chart_svg(std::string_view id, std::string_view title,
                                          std::string_view message);

// The HTML legend of a chart: a colour swatch, the label and, when given, its detail text
// (e.g. "600 (60.0%)") per entry.
struct legend_entry {
  std::string label;
  std::string color;
  std::string detail;
};
[[nodiscard]] std::string legend_html(std::span<const legend_entry> entries);

// The steps of a y axis from 0 to at least `top`: 1, 2 or 5 times a power of ten, at most 5.
[[nodiscard]] std::uint64_t axis_step(std::uint64_t top);

// A count in a few characters for an axis: 950, 1.5k, 20k, 3M, 1.2G, 1T.
[[nodiscard]] std::string short_count(std::uint64_t n);

}  // namespace fenbatch::pipeline::detail
