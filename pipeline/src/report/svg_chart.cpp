#include "report/svg_chart.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <string>

#include "report/html_text.hpp"

namespace fenbatch::pipeline::detail {
namespace {

constexpr std::string_view text_color = "#1f2328";
constexpr std::string_view muted_color = "#59636e";
constexpr std::string_view grid_color = "#d8dee4";
constexpr std::string_view track_color = "#eaeef2";
// Space between a bar's end and its value text, and between a label column and the bars.
constexpr double gap = 6;

std::string_view as_view(const std::string& s) {
  return s;
}

// `<svg ...><title>title</title>`: the start of every chart.
void open_chart(std::string& out, std::string_view id, std::string_view classes, double width,
                double height, std::string_view extra, std::string_view title) {
  out += "<svg id=\"";
  append_escaped(out, id);
  out += "\" class=\"";
  out += classes;
  out += "\" viewBox=\"0 0 " + coordinate(width) + ' ' + coordinate(height) + "\" width=\"100%\"";
  out += extra;
  out += " font-family=\"system-ui, sans-serif\" font-size=\"" + coordinate(chart_font_size) +
         "\"><title>";
  append_escaped(out, title);
  out += "</title>";
}

// Text with its baseline at y; anchor start, middle or end.
void text_at(std::string& out, double x, double y, std::string_view text,
             std::string_view anchor = "start", std::string_view fill = text_color,
             std::string_view extra = {}) {
  out += "<text x=\"" + coordinate(x) + "\" y=\"" + coordinate(y) + '"';
  if (anchor != "start") {
    out += " text-anchor=\"";
    out += anchor;
    out += '"';
  }
  out += " fill=\"";
  out += fill;
  out += '"';
  out += extra;
  out += '>';
  append_escaped(out, text);
  out += "</text>";
}

// A rectangle with its hover text; nothing for a width or height that is not positive.
void rect(std::string& out, double x, double y, double width, double height, std::string_view fill,
          std::string_view hover) {
  if (!(width > 0) || !(height > 0)) return;
  out += "<rect x=\"" + coordinate(x) + "\" y=\"" + coordinate(y) + "\" width=\"" +
         coordinate(width) + "\" height=\"" + coordinate(height) + "\" fill=\"";
  append_escaped(out, fill);
  out += '"';
  if (hover.empty()) {
    out += "/>";
    return;
  }
  out += "><title>";
  append_escaped(out, hover);
  out += "</title></rect>";
}

// part / whole, in 0..1.
double share(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? 0.0 : std::min(static_cast<double>(part) / static_cast<double>(whole), 1.0);
}

// The width of the widest text among `texts`.
template <class Range, class Text>
double widest(const Range& items, Text text_of) {
  double width = 0;
  for (const auto& item : items) width = std::max(width, text_width(text_of(item)));
  return width;
}

}  // namespace

double text_width(std::string_view text, double font_size) {
  // Widths in em of the system UI fonts (Roboto, Segoe UI, San Francisco, DejaVu Sans) rounded
  // up: DejaVu, the widest, is what Debian's Chromium falls back to.
  double ems = 0;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte & 0xC0) == 0x80) continue;  // (a UTF-8 continuation byte: counted with its lead)
    if (std::string_view(" .,:;'!|ijlt").find(c) != std::string_view::npos) {
      ems += 0.34;
    } else if (std::string_view("frI()[]-/").find(c) != std::string_view::npos) {
      ems += 0.44;
    } else if (std::string_view("mwMW%").find(c) != std::string_view::npos) {
      ems += 0.98;
    } else if (c >= 'A' && c <= 'Z') {
      ems += 0.74;
    } else {
      ems += 0.63;
    }
  }
  return ems * font_size;
}

std::string fit_text(std::string_view text, double width, keep_side keep, double font_size) {
  if (text_width(text, font_size) <= width) return std::string(text);
  constexpr std::string_view ellipsis = "\xE2\x80\xA6";
  std::string_view kept = text;
  while (!kept.empty()) {
    // Drop one character (a lead byte with its continuation bytes) on the side not kept.
    if (keep == keep_side::start) {
      std::size_t last = kept.size() - 1;
      while (last > 0 && (static_cast<unsigned char>(kept[last]) & 0xC0) == 0x80) --last;
      kept = kept.substr(0, last);
    } else {
      std::size_t next = 1;
      while (next < kept.size() && (static_cast<unsigned char>(kept[next]) & 0xC0) == 0x80) {
        ++next;
      }
      kept = kept.substr(next);
    }
    const std::string candidate = keep == keep_side::start
                                      ? std::string(kept) + std::string(ellipsis)
                                      : std::string(ellipsis) + std::string(kept);
    if (text_width(candidate, font_size) <= width) return candidate;
  }
  return std::string(ellipsis);
}

std::string stacked_bar_svg(std::string_view id, std::string_view title,
                            std::span<const series> parts, std::span<const std::uint64_t> values,
                            std::string_view empty_text) {
  constexpr double height = 40;
  std::uint64_t total = 0;
  for (const std::uint64_t v : values) total += v;
  std::string out;
  open_chart(out, id, "chart strip", stacked_bar_width, height,
             " height=\"40\" preserveAspectRatio=\"none\"", title);
  if (total == 0) {
    rect(out, 0, 0, stacked_bar_width, height, track_color, empty_text);
  } else {
    std::uint64_t before = 0;
    for (std::size_t i = 0; i < parts.size() && i < values.size(); ++i) {
      if (values[i] == 0) continue;
      // From the cumulative counts, so that the segments meet and end at exactly 1000.
      const double x = stacked_bar_width * share(before, total);
      before += values[i];
      const double end = stacked_bar_width * share(before, total);
      rect(out, x, 0, end - x, height, parts[i].color,
           parts[i].label + ": " + with_commas(values[i]) + " (" + percent(values[i], total) + ')');
    }
  }
  out += "</svg>";
  return out;
}

std::string bar_chart_svg(std::string_view id, std::string_view title, std::span<const bar> bars,
                          const bar_chart_style& style) {
  std::uint64_t largest = 0;
  bool details = false;
  for (const bar& b : bars) {
    largest = std::max(largest, b.value);
    details = details || !b.detail.empty();
  }
  const bool details_below = details && !style.labels_above;
  // With labels above, a detail follows the value on the bar's line, after this separator.
  constexpr std::string_view separator = " \xC2\xB7 ";
  const auto line_text = [&](const bar& b) {
    return style.labels_above && !b.detail.empty()
               ? b.value_text + std::string(separator) + b.detail
               : b.value_text;
  };
  double value_width = 0;
  for (const bar& b : bars) {
    value_width = std::max(value_width, text_width(line_text(b)));
    if (details_below) value_width = std::max(value_width, text_width(b.detail));
  }
  // Labels on the left take what they need, up to 45% of the width; above, the whole width.
  const double label_width =
      style.labels_above ? chart_width
                         : std::min(widest(bars, [](const bar& b) { return as_view(b.label); }),
                                    chart_width * 0.45);
  const double bars_x = style.labels_above ? 0 : label_width + gap;
  const double bars_width = std::max(chart_width - bars_x - gap - value_width, chart_width * 0.2);
  const double row_height = style.labels_above ? 36 : details_below ? 38 : 24;
  const double bar_height = 14;
  const double height = row_height * static_cast<double>(bars.size()) + 4;

  std::string out;
  open_chart(out, id, "chart", chart_width, height, {}, title);
  double y = 2;
  for (const bar& b : bars) {
    const double bar_y = style.labels_above ? y + 17 : y + (details_below ? 4 : 5);
    const double text_y = bar_y + bar_height - 3;  // the baseline beside a bar
    if (style.labels_above) {
      text_at(out, 0, y + 12, fit_text(b.label, label_width, style.keep));
    } else {
      text_at(out, label_width, text_y, fit_text(b.label, label_width, style.keep), "end");
    }
    const std::string hover = b.hover.empty() ? b.label + ": " + b.value_text : b.hover;
    const double length = bars_width * share(b.value, largest);
    rect(out, bars_x, bar_y, length, bar_height, style.color, hover);
    if (b.part != 0) {
      rect(out, bars_x, bar_y, bars_width * share(std::min(b.part, b.value), largest), bar_height,
           style.part_color, hover);
    }
    if (style.labels_above && !b.detail.empty()) {
      out += "<text x=\"" + coordinate(bars_x + length + gap) + "\" y=\"" + coordinate(text_y) +
             "\" fill=\"";
      out += text_color;
      out += "\">";
      append_escaped(out, b.value_text);
      out += "<tspan fill=\"";
      out += muted_color;
      out += "\">";
      append_escaped(out, std::string(separator) + b.detail);
      out += "</tspan></text>";
    } else {
      text_at(out, bars_x + length + gap, text_y, b.value_text);
    }
    if (details_below && !b.detail.empty()) {
      text_at(out, bars_x + length + gap, text_y + 15, b.detail, "start", muted_color);
    }
    y += row_height;
  }
  out += "</svg>";
  return out;
}

std::string stacked_rows_svg(std::string_view id, std::string_view title,
                             std::span<const series> parts, std::span<const stacked_row> rows) {
  constexpr double row_height = 38;
  constexpr double bar_height = 14;
  const double height = row_height * static_cast<double>(rows.size()) + 4;
  std::string out;
  open_chart(out, id, "chart", chart_width, height, {}, title);
  double y = 2;
  for (const stacked_row& row : rows) {
    const double note_width = text_width(row.note);
    text_at(out, 0, y + 12,
            fit_text(row.label, chart_width - note_width - 2 * gap, keep_side::end));
    text_at(out, chart_width, y + 12, row.note, "end", muted_color);
    const double bar_y = y + 17;
    std::uint64_t total = 0;
    for (const std::uint64_t v : row.values) total += v;
    if (total == 0) {
      rect(out, 0, bar_y, chart_width, bar_height, track_color, row.hover);
    }
    std::uint64_t before = 0;
    for (std::size_t i = 0; i < parts.size() && i < row.values.size(); ++i) {
      if (row.values[i] == 0) continue;
      const double x = chart_width * share(before, total);
      before += row.values[i];
      const double end = chart_width * share(before, total);
      rect(out, x, bar_y, end - x, bar_height, parts[i].color,
           row.hover + "\n" + parts[i].label + ": " + with_commas(row.values[i]) + " (" +
               percent(row.values[i], total) + ')');
    }
    y += row_height;
  }
  out += "</svg>";
  return out;
}

std::uint64_t axis_step(std::uint64_t top) {
  // The smallest step that reaches `top` in 5 (compared this way round: no product overflows).
  const std::uint64_t needed = top / 5 + (top % 5 != 0 ? 1 : 0);
  std::uint64_t power = 1;
  while (true) {
    for (const std::uint64_t factor : {1U, 2U, 5U}) {
      if (factor * power >= needed) return factor * power;
    }
    power *= 10;
  }
}

std::string short_count(std::uint64_t n) {
  constexpr std::pair<std::uint64_t, std::string_view> units[] = {{1'000'000'000'000'000'000U, "E"},
                                                                  {1'000'000'000'000'000U, "P"},
                                                                  {1'000'000'000'000U, "T"},
                                                                  {1'000'000'000U, "G"},
                                                                  {1'000'000U, "M"},
                                                                  {1'000U, "k"}};
  for (const auto& [size, suffix] : units) {
    if (n < size) continue;
    const double scaled = static_cast<double>(n) / static_cast<double>(size);
    std::string text = scaled >= 10 ? std::to_string(n / size) : fixed(scaled, 1);
    if (text.ends_with(".0")) text.resize(text.size() - 2);
    return text + std::string(suffix);
  }
  return std::to_string(n);
}

std::string column_chart_svg(std::string_view id, std::string_view title,
                             std::span<const column> columns, std::string_view color,
                             std::string_view part_color) {
  constexpr double height = 200;
  constexpr double top = 8;
  constexpr double bottom = 22;  // x labels
  std::uint64_t largest = 0;
  for (const column& c : columns) largest = std::max(largest, c.value);
  // (Beyond any real count; the axis's top, at most 5 steps, then fits in 64 bits.)
  largest = std::min(largest, std::numeric_limits<std::uint64_t>::max() / 4);
  const std::uint64_t step = axis_step(std::max<std::uint64_t>(largest, 1));
  const std::uint64_t ticks = (std::max<std::uint64_t>(largest, 1) + step - 1) / step;
  const std::uint64_t axis_top = ticks * step;
  double left = 0;
  for (std::uint64_t t = 0; t <= ticks; ++t) {
    left = std::max(left, text_width(short_count(t * step)));
  }
  left += gap;
  const double plot_width = chart_width - left - 2;
  const double plot_height = height - top - bottom;
  const double baseline = top + plot_height;

  std::string out;
  open_chart(out, id, "chart", chart_width, height, {}, title);
  for (std::uint64_t t = 0; t <= ticks; ++t) {
    const double y = baseline - plot_height * share(t * step, axis_top);
    out += "<line x1=\"" + coordinate(left) + "\" y1=\"" + coordinate(y) + "\" x2=\"" +
           coordinate(chart_width) + "\" y2=\"" + coordinate(y) + "\" stroke=\"";
    out += t == 0 ? muted_color : grid_color;
    out += "\" stroke-width=\"1\"/>";
    text_at(out, left - gap, y + 4, short_count(t * step), "end", muted_color);
  }
  const double band =
      columns.empty() ? plot_width : plot_width / static_cast<double>(columns.size());
  const double column_width = band * 0.78;
  // Every label where they fit, else every second, fifth or tenth.
  double label_room = 0;
  for (const column& c : columns) label_room = std::max(label_room, text_width(c.label) + 4);
  std::size_t every = 1;
  for (const std::size_t n : {1U, 2U, 5U, 10U}) {
    every = n;
    if (band * static_cast<double>(n) >= label_room) break;
  }
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const column& c = columns[i];
    const double x = left + band * static_cast<double>(i) + (band - column_width) / 2;
    const double value_height = plot_height * share(c.value, axis_top);
    rect(out, x, baseline - value_height, column_width, value_height, color, c.hover);
    if (c.part != 0) {
      const double part_height = plot_height * share(std::min(c.part, c.value), axis_top);
      rect(out, x, baseline - part_height, column_width, part_height, part_color, c.hover);
    }
    if (i % every == 0) {
      text_at(out, x + column_width / 2, baseline + 15, c.label, "middle", muted_color);
    }
  }
  out += "</svg>";
  return out;
}

std::string empty_chart_svg(std::string_view id, std::string_view title, std::string_view message) {
  constexpr double height = 48;
  std::string out;
  open_chart(out, id, "chart empty-chart", chart_width, height, {}, title);
  rect(out, 0, 0, chart_width, height, track_color, {});
  text_at(out, chart_width / 2, height / 2 + 4, message, "middle", muted_color);
  out += "</svg>";
  return out;
}

std::string legend_html(std::span<const legend_entry> entries) {
  std::string out = "<ul class=\"legend\">";
  for (const legend_entry& entry : entries) {
    out +=
        "<li><svg class=\"swatch\" viewBox=\"0 0 10 10\" width=\"10\" height=\"10\" "
        "aria-hidden=\"true\"><rect width=\"10\" height=\"10\" rx=\"2\" fill=\"";
    append_escaped(out, entry.color);
    out += "\"/></svg><span class=\"label\">";
    append_escaped(out, entry.label);
    out += "</span>";
    if (!entry.detail.empty()) {
      out += " <span class=\"detail\">";
      append_escaped(out, entry.detail);
      out += "</span>";
    }
    out += "</li>";
  }
  out += "</ul>";
  return out;
}

}  // namespace fenbatch::pipeline::detail
