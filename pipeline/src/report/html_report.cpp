// The report page: a summary first (what a person looks for: how many lines, how many written,
// what went wrong), then why lines were rejected, each input, the positions, the most repeated
// positions as boards, and the options. Charts come from svg_chart, boards from board_diagram;
// this file decides what is shown and in which words (those of the JSON statistics and of the
// --stats summary).

#include "fenbatch/pipeline/html_report.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "fenbatch/core/board_kind.hpp"
#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/option_names.hpp"
#include "fenbatch/pipeline/binary_size.hpp"
#include "fenbatch/pipeline/compression.hpp"
#include "fenbatch/pipeline/record_format.hpp"
#include "report/board_diagram.hpp"
#include "report/html_text.hpp"
#include "report/svg_chart.hpp"

namespace fenbatch::pipeline {
namespace {

using detail::append_escaped;
using detail::escaped;
using detail::percent;
using detail::with_commas;

// A colour for each outcome, the same in every chart: the Okabe-Ito palette, which readers
// with any common colour-vision deficiency tell apart, with grey for lines that are no records.
constexpr std::string_view written_color = "#009E73";
constexpr std::string_view duplicates_color = "#0072B2";
constexpr std::string_view excluded_color = "#CC79A7";
constexpr std::string_view invalid_color = "#D55E00";
constexpr std::string_view skipped_color = "#8C8C8C";
// Positions: every valid line, and the lines written among them.
constexpr std::string_view valid_color = "#56B4E9";

// Lines drawn per chart or listed per table where a run has very many inputs or samples.
constexpr std::size_t inputs_drawn = 25;
constexpr std::size_t inputs_listed = 200;
constexpr std::size_t samples_listed = 30;
constexpr std::size_t names_in_heading = 3;

constexpr std::string_view style_sheet = R"css(
:root{color-scheme:light}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:#fff;color:#1f2328;font:15px/1.45 system-ui,sans-serif}
.page{max-width:68rem;margin:0 auto;padding:1rem 1rem 1.5rem}
header.top{margin-bottom:.5rem}
.kicker{margin:0;font-size:.75rem;letter-spacing:.08em;text-transform:uppercase;color:#59636e}
h1{margin:.1rem 0 .15rem;font-size:1.5rem;line-height:1.25;overflow-wrap:anywhere}
.when{margin:0 0 .75rem;color:#59636e;font-size:.85rem}
h2{font-size:1.15rem;margin:2rem 0 .75rem;padding-top:.6rem;border-top:1px solid #d1d9e0}
h3{font-size:.95rem;margin:0 0 .5rem}
p{margin:.25rem 0 .75rem}
.note{color:#59636e;font-size:.85rem}
.warning{background:#fff8c5;border:1px solid #d4a72c;border-radius:.4rem;padding:.4rem .6rem}
.numbers{display:grid;grid-template-columns:repeat(auto-fit,minmax(8.75rem,1fr));gap:.5rem;margin:0 0 1rem}
.numbers div{background:#f6f8fa;border:1px solid #e1e6eb;border-radius:.5rem;padding:.4rem .65rem;min-width:0}
.numbers dt{font-size:.75rem;color:#59636e}
.numbers dd{margin:0;font-size:1.4rem;line-height:1.25;font-weight:650;font-variant-numeric:tabular-nums}
.numbers dd small{display:block;font-size:.75rem;font-weight:400;color:#59636e}
.numbers dd.long{font-size:1.1rem}
.numbers .run dd{font-size:1.05rem;font-weight:600}
.numbers dd.long{font-size:1.1rem}
.numbers .wide{grid-column:span 2}
.outcomes{margin:0 0 1rem}
.outcomes h2{border:0;margin:0 0 .4rem;padding:0;font-size:1rem}
svg.chart{display:block;width:100%;height:auto;max-width:30rem;overflow:visible}
svg.strip{max-width:none;height:2.25rem;border-radius:.35rem;overflow:hidden;background:#eaeef2}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1.1rem;list-style:none;margin:.5rem 0 0;padding:0;font-size:.85rem}
.legend li{display:flex;align-items:baseline;gap:.35rem}
.legend .swatch{flex:none;align-self:center}
.legend .detail{color:#59636e;font-variant-numeric:tabular-nums}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr));gap:1rem;align-items:start}
.card{border:1px solid #d1d9e0;border-radius:.6rem;padding:.75rem .85rem;min-width:0}
.card .legend{margin:0 0 .6rem}
.card.wide{grid-column:1/-1}
.empty{color:#59636e;font-style:italic}
.table-box{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:.85rem;width:100%}
th,td{padding:.3rem .5rem;border-bottom:1px solid #e1e6eb;text-align:left;vertical-align:top}
thead th{border-bottom:2px solid #d1d9e0;font-weight:600;white-space:nowrap}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td{overflow-wrap:anywhere}
td.path{min-width:11rem}
.nowrap{white-space:nowrap}
#options th{width:1%;white-space:nowrap;color:#59636e;font-weight:500}
code{font-family:ui-monospace,monospace;font-size:.9em}
.values{list-style:none;margin:.6rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.15rem .4rem;font-size:.75rem;color:#59636e;font-variant-numeric:tabular-nums}
.values li{white-space:nowrap}
.values b{color:#1f2328;font-weight:600}
.facts{margin:.6rem 0 0;font-size:.85rem;color:#59636e}
.boards{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:1.25rem 1rem}
figure.position{margin:0;max-width:15rem;min-width:0}
svg.board{display:block;width:100%;height:auto}
figcaption{font-size:.85rem;margin-top:.25rem}
figcaption .count{font-weight:600}
.fen{display:block;margin-top:.15rem;font-size:.75rem;color:#1f2328;overflow-wrap:anywhere;user-select:all}
.piece-symbols{position:absolute;width:0;height:0;overflow:hidden}
footer{margin-top:2rem;padding-top:.6rem;border-top:1px solid #d1d9e0;color:#59636e;font-size:.8rem}
@media (max-width:30rem){
.page{padding:.75rem .75rem 1.25rem}
h1{font-size:1.3rem}
.numbers{grid-template-columns:repeat(2,minmax(0,1fr));gap:.4rem}
.numbers dd{font-size:1.2rem}
.numbers .run dd{font-size:.95rem}
.card{padding:.6rem}
.boards{grid-template-columns:repeat(2,minmax(0,1fr));gap:1rem .75rem}
}
@page{margin:14mm}
@media print{
body{font-size:10pt}
.page{max-width:none;padding:0}
.numbers div{background:none}
.card,figure,tr,.numbers div,.outcomes,svg.chart{break-inside:avoid}
h2,h3{break-after:avoid}
svg.chart,svg.board,svg.swatch{print-color-adjust:exact;-webkit-print-color-adjust:exact}
.table-box{overflow:visible}
.warning{background:none}
}
)css";

// --- Words and numbers ---------------------------------------------------------------------

std::string yes_no(bool value) {
  return value ? "yes" : "no";
}

// "1 file", "2,000 files".
std::string counted(std::uint64_t n, std::string_view one, std::string_view many) {
  return with_commas(n) + ' ' + std::string(n == 1 ? one : many);
}

// "/data/a.epd.zst" as "a.epd.zst"; "-" as "standard input".
std::string input_name(std::string_view path) {
  if (path == "-") return "standard input";
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  const std::size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::string output_name(std::string_view path) {
  return path == "-" ? "standard output" : std::string(path);
}

std::string iso_utc(std::chrono::system_clock::time_point when) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  std::tm parts{};
  if (gmtime_r(&seconds, &parts) == nullptr) return "unknown";
  char text[32];
  if (std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts) == 0) return "unknown";
  return text;
}

// 0.042 s, 12.3 s, 4 min 05 s, 2 h 03 min.
std::string duration_text(double seconds) {
  if (!(seconds > 0)) return "0 s";
  if (seconds < 10) return detail::fixed(seconds, 3) + " s";
  if (seconds < 60) return detail::fixed(seconds, 1) + " s";
  const auto whole = static_cast<std::uint64_t>(std::min(seconds, 1e12));
  const auto two_digits = [](std::uint64_t n) { return (n < 10 ? "0" : "") + std::to_string(n); };
  if (whole < 3600) return std::to_string(whole / 60) + " min " + two_digits(whole % 60) + " s";
  return std::to_string(whole / 3600) + " h " + two_digits(whole / 60 % 60) + " min";
}

// A rate that is finite whatever the time: nothing for a run that took no measurable time.
bool has_rate(const run_stats& s) {
  return s.wall_seconds > 0 && std::isfinite(s.wall_seconds);
}

std::string per_second(double amount, double seconds) {
  const double rate = std::min(amount / seconds, 1e18);
  return with_commas(static_cast<std::uint64_t>(std::llround(rate)));
}

// "a.epd, b.epd and 3 more", or what the run read from.
std::string heading(const run_config& config) {
  if (config.inputs.empty()) return "No input";
  std::string text;
  const std::size_t named = std::min(config.inputs.size(), names_in_heading);
  for (std::size_t i = 0; i < named; ++i) {
    if (i != 0) text += i + 1 == config.inputs.size() ? " and " : ", ";
    text += input_name(config.inputs[i]);
  }
  if (config.inputs.size() > named) {
    text += " and " + with_commas(config.inputs.size() - named) + " more";
  }
  return text;
}

// --- Page parts ----------------------------------------------------------------------------

struct page {
  std::string html;
  void raw(std::string_view markup) { html += markup; }
  void text(std::string_view plain) { append_escaped(html, plain); }
  // <tag attributes>text</tag>, the text escaped.
  void element(std::string_view open, std::string_view plain, std::string_view close) {
    raw(open);
    text(plain);
    raw(close);
  }
};

std::array<detail::series, 5> outcome_series() {
  return {{{"written", std::string(written_color)},
           {"duplicates", std::string(duplicates_color)},
           {"excluded", std::string(excluded_color)},
           {"invalid", std::string(invalid_color)},
           {"skipped", std::string(skipped_color)}}};
}

std::array<std::uint64_t, 5> outcome_values(const run_counters& c) {
  return {c.written, c.duplicates, c.excluded, c.invalid, c.skipped()};
}

void big_number(page& p, std::string_view id, std::string_view label, std::string_view value,
                std::string_view detail_text = {}, std::string_view classes = {}) {
  p.raw("<div id=\"");
  p.raw(id);
  if (!classes.empty()) {
    p.raw("\" class=\"");
    p.raw(classes);
  }
  p.raw("\"><dt>");
  p.text(label);
  // Counts of a trillion and more in a smaller size, so that they keep to a line or two.
  p.raw(value.size() > 13 ? "</dt><dd class=\"long\">" : "</dt><dd>");
  // Long counts may break after a comma on a phone, never inside a group of digits.
  for (const char c : escaped(value))
    p.raw(c == ',' ? std::string_view(",<wbr/>") : std::string_view(&c, 1));
  if (!detail_text.empty()) p.element("<small>", detail_text, "</small>");
  p.raw("</dd></div>");
}

// What the run found: its lines, and the lines by outcome.
void write_counts(page& p, const run_stats& s, const run_config& config) {
  p.raw("<dl class=\"numbers\">");
  big_number(p, "number-lines", "lines", with_commas(s.lines));
  big_number(p, "number-written", "written", with_commas(s.written), percent(s.written, s.lines));
  big_number(p, "number-duplicates", "duplicates", with_commas(s.duplicates),
             percent(s.duplicates, s.lines));
  if (!config.exclude_paths.empty() || s.excluded != 0) {
    big_number(p, "number-excluded", "excluded", with_commas(s.excluded),
               percent(s.excluded, s.lines));
  }
  big_number(p, "number-invalid", "invalid", with_commas(s.invalid), percent(s.invalid, s.lines));
  if (config.dedupe) {
    big_number(p, "number-unique", "unique", with_commas(s.unique), "distinct positions");
  } else {
    big_number(p, "number-unique", "unique", "\xE2\x80\x94", "without dedupe");
  }
  p.raw("</dl>");
}

void write_warnings(page& p, const run_stats& s) {
  if (!s.reconciles()) {
    p.element("<p class=\"warning\">",
              "The counts do not add up: lines \xE2\x89\xA0 written + duplicates + excluded + "
              "invalid + skipped.",
              "</p>");
  }
  if (s.stopped_at_max_bytes) {
    p.element("<p class=\"warning\">",
              "Reading stopped at the byte limit (max bytes): the inputs were not read to their "
              "end.",
              "</p>");
  }
  if (!s.inputs_changed.empty()) {
    std::string names;
    for (const std::string& path : s.inputs_changed) names += (names.empty() ? "" : ", ") + path;
    p.element("<p class=\"warning\">", "Inputs changed while they were read: " + names, "</p>");
  }
}

void write_outcomes(page& p, const run_stats& s) {
  p.raw("<div class=\"outcomes\"><h2>Lines by outcome</h2>");
  const auto series = outcome_series();
  const auto values = outcome_values(s);
  p.raw(detail::stacked_bar_svg("chart-outcomes", "Lines by outcome", series, values,
                                "No lines were read."));
  if (s.lines == 0) {
    p.element("<p class=\"empty\">", "No lines were read.", "</p>");
  } else {
    std::vector<detail::legend_entry> legend;
    for (std::size_t i = 0; i < series.size(); ++i) {
      legend.push_back({series[i].label, series[i].color,
                        with_commas(values[i]) + " (" + percent(values[i], s.lines) + ')'});
    }
    p.raw(detail::legend_html(legend));
  }
  p.raw("</div>");
}

// How the run went.
void write_run_numbers(page& p, const run_stats& s, const std::string& when) {
  p.raw("<dl class=\"numbers run\">");
  const bool rate = has_rate(s);
  big_number(p, "number-mb-per-second", "MB/s",
             rate ? detail::fixed(static_cast<double>(s.bytes) / 1e6 / s.wall_seconds, 1)
                  : "\xE2\x80\x94");
  big_number(p, "number-lines-per-second", "lines/s",
             rate ? per_second(static_cast<double>(s.lines), s.wall_seconds) : "\xE2\x80\x94");
  big_number(p, "number-wall-time", "wall time", duration_text(s.wall_seconds));
  big_number(p, "number-threads", "threads", std::to_string(s.threads));
  big_number(p, "number-finished", "finished (UTC)", when, {}, "wide");
  p.raw("</dl>");
}

// First the counts and the outcome bar, the page's first screen on a laptop or a phone.
void write_summary(page& p, const run_stats& s, const run_config& config,
                   std::chrono::system_clock::time_point finished) {
  p.raw("<section id=\"summary\"><p class=\"when\">Finished <time datetime=\"");
  const std::string when = iso_utc(finished);
  p.text(when);
  p.raw("\">");
  p.text(when);
  p.raw("</time>");
  p.text(" \xC2\xB7 " + counted(s.inputs.size(), "input", "inputs") + " \xC2\xB7 " +
         detail::fixed(static_cast<double>(s.bytes) / 1e6, 1) + " MB of text");
  p.raw("</p>");
  write_counts(p, s, config);
  write_warnings(p, s);
  write_outcomes(p, s);
  write_run_numbers(p, s, when);
  p.raw("</section>");
}

void write_reasons(page& p, const run_stats& s) {
  p.raw("<section id=\"reasons\"><h2>Invalid lines by reason</h2><div class=\"cards\">");
  p.raw("<div class=\"card\">");
  const counter_info& reasons = describe(counter::invalid_by_reason);
  const std::span<const std::uint64_t> counts = reasons.values(s);
  std::vector<std::pair<std::uint64_t, std::size_t>> occurred;  // (count, reason)
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (counts[i] != 0 && core::is_error(static_cast<core::fen_errc>(i))) {
      occurred.emplace_back(counts[i], i);
    }
  }
  // By count, then in the order of the reasons' list.
  std::stable_sort(occurred.begin(), occurred.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  if (occurred.empty()) {
    p.raw("<p id=\"chart-reasons\" class=\"empty\">No invalid lines.</p></div>");
  } else {
    std::uint64_t invalid = 0;
    for (const auto& [count, reason] : occurred) invalid += count;
    std::vector<detail::bar> bars;
    for (const auto& [count, reason] : occurred) {
      const auto code = static_cast<core::fen_errc>(reason);
      const std::string name(core::to_string(code));
      const std::string value = with_commas(count) + " (" + percent(count, invalid) + ')';
      bars.push_back({name,
                      count,
                      0,
                      value,
                      name + ": " + value + "\n" + std::string(core::describe(code)),
                      {}});
    }
    detail::bar_chart_style style;
    style.color = invalid_color;
    p.raw(detail::bar_chart_svg("chart-reasons", "Invalid lines by reason", bars, style));
    p.raw(
        "<p class=\"note\">Percentages of the invalid lines. The reasons are those of "
        "<code class=\"nowrap\">fenbatch --list-reasons</code>.</p></div>");
  }
  if (!s.invalid_samples.empty()) {
    p.raw(
        "<div class=\"card\"><h3>First invalid lines</h3><div class=\"table-box\"><table "
        "id=\"invalid-samples\"><thead><tr><th>where</th><th>reason</th></tr></thead><tbody>");
    std::size_t listed = 0;
    for (const invalid_sample& sample : s.invalid_samples) {
      if (listed++ == samples_listed) break;
      p.element(
          "<tr><td class=\"path\"><code>",
          sample.file + ':' + std::to_string(sample.line) + ':' + std::to_string(sample.column),
          "</code></td>");
      p.element("<td class=\"nowrap\">", core::to_string(sample.reason), "</td></tr>");
    }
    p.raw("</tbody></table></div>");
    if (s.invalid_samples.size() > samples_listed) {
      p.element("<p class=\"note\">",
                with_commas(s.invalid_samples.size() - samples_listed) + " more not listed.",
                "</p>");
    }
    p.raw("</div>");
  }
  p.raw("</div></section>");
}

// The folder all inputs are in ("/data/corpus/"), to be said once instead of on every row;
// empty where they share none but the root, or one is standard input.
std::string common_folder(const std::vector<input_stats>& inputs) {
  if (inputs.empty()) return {};
  std::string_view prefix = inputs.front().path;
  prefix = prefix.substr(0, prefix.rfind('/') + 1);  // (npos + 1: none)
  for (const input_stats& input : inputs) {
    const std::string_view path = input.path;
    std::size_t same = 0;
    while (same < prefix.size() && same < path.size() && prefix[same] == path[same]) ++same;
    prefix = prefix.substr(0, same);
    prefix = prefix.substr(0, prefix.rfind('/') + 1);
    if (path.size() == prefix.size()) prefix = {};  // (a path that is a folder: keep it whole)
  }
  return prefix == "/" ? std::string() : std::string(prefix);
}

std::string input_label(std::string_view path, std::size_t folder_length) {
  return path == "-" ? std::string("standard input") : std::string(path.substr(folder_length));
}

void write_inputs(page& p, const run_stats& s) {
  p.raw("<section id=\"per-input\"><h2>Inputs</h2><div class=\"cards\"><div class=\"card\">");
  const auto series = outcome_series();
  if (s.inputs.empty()) {
    p.raw(detail::empty_chart_svg("chart-inputs", "Lines by outcome per input", "No inputs."));
    p.raw("</div></div></section>");
    return;
  }
  const std::string folder = common_folder(s.inputs);
  std::vector<detail::legend_entry> legend;
  for (const detail::series& part : series) legend.push_back({part.label, part.color, {}});
  p.raw(detail::legend_html(legend));
  std::vector<detail::stacked_row> rows;
  for (std::size_t i = 0; i < s.inputs.size() && i < inputs_drawn; ++i) {
    const input_stats& input = s.inputs[i];
    const auto values = outcome_values(input.counts);
    const std::string lines =
        with_commas(input.counts.lines) + (input.counts.lines == 1 ? " line" : " lines");
    rows.push_back({input_label(input.path, folder.size()), lines,
                    input_label(input.path, 0) + ": " + lines,
                    std::vector<std::uint64_t>(values.begin(), values.end())});
  }
  p.raw(detail::stacked_rows_svg("chart-inputs", "Lines by outcome per input", series, rows));
  if (!folder.empty()) {
    p.raw("<p class=\"note\">In ");
    p.element("<code class=\"path\">", folder, "</code>.</p>");
  }
  if (s.inputs.size() > inputs_drawn) {
    p.element("<p class=\"note\">",
              "The first " + with_commas(inputs_drawn) + " of " + with_commas(s.inputs.size()) +
                  " inputs are drawn; the table lists " +
                  (s.inputs.size() > inputs_listed ? "the first " + with_commas(inputs_listed)
                                                   : std::string("all")) +
                  '.',
              "</p>");
  }
  p.raw(
      "</div><div class=\"card wide\"><div class=\"table-box\"><table id=\"inputs-table\">"
      "<thead><tr><th>input</th><th class=\"n\">lines</th><th class=\"n\">written</th>"
      "<th class=\"n\">duplicates</th><th class=\"n\">excluded</th><th class=\"n\">invalid</th>"
      "<th class=\"n\">skipped</th></tr></thead><tbody>");
  for (std::size_t i = 0; i < s.inputs.size() && i < inputs_listed; ++i) {
    const input_stats& input = s.inputs[i];
    p.element("<tr><td class=\"path\">", input_label(input.path, folder.size()), "</td>");
    p.element("<td class=\"n\">", with_commas(input.counts.lines), "</td>");
    for (const std::uint64_t value : outcome_values(input.counts)) {
      p.element("<td class=\"n\">", with_commas(value), "</td>");
    }
    p.raw("</tr>");
  }
  p.raw("</tbody></table></div></div></div></section>");
}

// Bars for counts over the valid lines, with the lines written among them where dedupe or
// --exclude dropped some.
detail::bar count_bar(std::string label, std::uint64_t value, std::uint64_t written,
                      std::uint64_t whole, bool show_written) {
  std::string text = with_commas(value) + " (" + percent(value, whole) + ')';
  std::string detail_text = show_written ? with_commas(written) + " written" : std::string();
  std::string hover = label + ": " + text + (show_written ? ", " + detail_text : "");
  return {std::move(label),           value,
          show_written ? written : 0, std::move(text),
          std::move(hover),           std::move(detail_text)};
}

detail::bar_chart_style positions_style(bool labels_above = false) {
  detail::bar_chart_style style;
  style.color = valid_color;
  style.part_color = written_color;
  style.labels_above = labels_above;
  return style;
}

void write_card(page& p, std::string_view title, const std::string& chart) {
  p.element("<div class=\"card\"><h3>", title, "</h3>");
  p.raw(chart);
}

void write_piece_count(page& p, const run_stats& s, bool show_written) {
  constexpr std::string_view title = "Pieces on the board";
  std::size_t first = piece_count_extent;
  std::size_t last = 0;
  for (std::size_t n = 0; n < piece_count_extent; ++n) {
    if (s.piece_count[n] == 0 && s.written_piece_count[n] == 0) continue;
    first = std::min(first, n);
    last = std::max(last, n);
  }
  if (first > last) {
    write_card(p, title, detail::empty_chart_svg("chart-piece-count", title, "No valid lines."));
    p.raw("</div>");
    return;
  }
  std::vector<detail::column> columns;
  for (std::size_t n = first; n <= last; ++n) {
    std::string hover = with_commas(s.piece_count[n]) + " valid lines with " + std::to_string(n) +
                        " pieces (" + percent(s.piece_count[n], s.valid) + ')';
    if (show_written) hover += ", " + with_commas(s.written_piece_count[n]) + " written";
    columns.push_back({std::to_string(n), s.piece_count[n],
                       show_written ? s.written_piece_count[n] : 0, std::move(hover)});
  }
  write_card(
      p, title,
      detail::column_chart_svg("chart-piece-count", title, columns, valid_color, written_color));
  p.raw("<ul class=\"values\" aria-label=\"valid lines by number of pieces\">");
  for (std::size_t n = first; n <= last; ++n) {
    if (s.piece_count[n] == 0) continue;
    p.element("<li><b>", std::to_string(n), "</b>: ");
    p.text(with_commas(s.piece_count[n]));
    if (show_written) p.text(" / " + with_commas(s.written_piece_count[n]));
    p.raw("</li>");
  }
  p.raw("</ul>");
  p.element("<p class=\"note\">",
            show_written ? "Pieces: valid lines / lines written." : "Pieces: valid lines.",
            "</p></div>");
}

void write_material(page& p, const run_stats& s, bool show_written) {
  constexpr std::string_view title = "Most frequent material";
  const std::vector<counted_material> top = s.top_material();
  if (top.empty()) {
    write_card(p, title, detail::empty_chart_svg("chart-material", title, "No valid lines."));
    p.raw("</div>");
    return;
  }
  std::map<std::pair<std::string, core::board_kind>, std::uint64_t> written;
  if (show_written) {
    for (const counted_material& m :
         pipeline::top_material(s.written_material, s.written_material.size())) {
      written[{m.text, m.board}] = m.count;
    }
  }
  std::vector<detail::bar> bars;
  for (const counted_material& m : top) {
    std::string label = m.text;
    if (m.board == core::board_kind::ten_by_eight) label += " (10x8)";
    const auto found = written.find({m.text, m.board});
    bars.push_back(count_bar(std::move(label), m.count, found == written.end() ? 0 : found->second,
                             s.valid, show_written));
  }
  write_card(p, title, detail::bar_chart_svg("chart-material", title, bars, positions_style(true)));
  p.element("<p class=\"note\">",
            "Material signatures: White's pieces, v, Black's (K king, Q queen, R rook, B bishop, "
            "N knight, P pawn; on 10x8 also A archbishop, C chancellor). Percentages of the "
            "valid lines.",
            "</p></div>");
}

void write_positions(page& p, const run_stats& s) {
  p.raw("<section id=\"positions\"><h2>Positions</h2>");
  const bool show_written = s.written != s.valid;
  if (s.valid == 0) {
    p.element("<p class=\"note\">", "No valid lines.", "</p>");
  } else if (show_written) {
    p.element("<p class=\"note\">",
              "Over the " + with_commas(s.valid) +
                  " valid lines, before dedupe; the part in green is the lines written.",
              "</p>");
    const std::array<detail::legend_entry, 2> legend{{{"valid lines", std::string(valid_color), {}},
                                                      {"written", std::string(written_color), {}}}};
    p.raw(detail::legend_html(legend));
  } else {
    p.element("<p class=\"note\">",
              "Over the " + with_commas(s.valid) + " valid lines, all of them written.", "</p>");
  }
  p.raw("<div class=\"cards\">");

  const auto bars_card = [&](std::string_view id, std::string_view title,
                             const std::vector<detail::bar>& bars) {
    write_card(p, title,
               s.valid == 0 ? detail::empty_chart_svg(id, title, "No valid lines.")
                            : detail::bar_chart_svg(id, title, bars, positions_style()));
  };
  bars_card("chart-side-to-move", "Side to move",
            {count_bar("white", s.white_to_move, s.written_white_to_move, s.valid, show_written),
             count_bar("black", s.black_to_move, s.written_black_to_move, s.valid, show_written)});
  p.raw("</div>");
  bars_card("chart-castling", "Castling rights",
            {count_bar("none", s.castling_none, s.written_castling_none, s.valid, show_written),
             count_bar("standard", s.castling_standard, s.written_castling_standard, s.valid,
                       show_written),
             count_bar("chess960", s.castling_chess960, s.written_castling_chess960, s.valid,
                       show_written)});
  p.element("<p class=\"facts\">",
            "In check: " + with_commas(s.in_check) + " (" + percent(s.in_check, s.valid) +
                ") \xC2\xB7 a legal en-passant capture: " + with_commas(s.legal_ep) + " (" +
                percent(s.legal_ep, s.valid) + ')',
            "</p></div>");
  if (s.ten_by_eight_lines != 0) {
    const std::uint64_t records = s.lines - s.skipped();
    std::vector<detail::bar> boards;
    for (const auto& [name, lines, written] :
         {std::tuple{"8x8", s.eight_by_eight_lines, s.eight_by_eight_written},
          std::tuple{"10x8", s.ten_by_eight_lines, s.ten_by_eight_written}}) {
      std::string text = with_commas(lines) + " lines (" + percent(lines, records) + ')';
      std::string detail_text = with_commas(written) + " written";
      std::string hover = std::string(name) + ": " + text + ", " + detail_text;
      boards.push_back(
          {name, lines, written, std::move(text), std::move(hover), std::move(detail_text)});
    }
    write_card(p, "Boards",
               detail::bar_chart_svg("chart-boards", "Lines by board", boards, positions_style()));
    p.element("<p class=\"note\">", "Records (lines not skipped) by the width of their board.",
              "</p></div>");
  }
  write_piece_count(p, s, show_written);
  write_material(p, s, show_written);
  p.raw("</div></section>");
}

void write_most_repeated(page& p, const run_stats& s, const run_config& config) {
  p.raw("<section id=\"most-repeated\"><h2>Most repeated positions</h2>");
  if (s.most_repeated.empty()) {
    p.element("<p class=\"empty\">",
              config.dedupe ? "No position was seen twice." : "Counted with dedupe only.",
              "</p></section>");
    return;
  }
  std::vector<std::optional<detail::board_picture>> boards;
  bool ten_files = false;
  for (const repeated_position& entry : s.most_repeated) {
    boards.push_back(detail::read_board(entry.text));
    ten_files = ten_files || (boards.back() && boards.back()->files == 10);
  }
  p.element("<p class=\"note\">",
            std::string("The positions met most often, with how many times each was seen (key: ") +
                std::string(core::to_string(config.key)) + ")." +
                (ten_files ? " On 10x8 boards, A is an archbishop (bishop and knight), C a "
                             "chancellor (rook and knight)."
                           : ""),
            "</p>");
  p.raw(detail::piece_symbols_svg());
  p.raw("<div class=\"boards\">");
  for (std::size_t i = 0; i < s.most_repeated.size(); ++i) {
    const repeated_position& entry = s.most_repeated[i];
    const std::optional<detail::board_picture>& board = boards[i];
    std::string side;
    if (board && board->side != 0) side = board->side == 'w' ? "White to move" : "Black to move";
    const std::string seen =
        "seen " + with_commas(entry.count) + (entry.count == 1 ? " time" : " times");
    p.raw("<figure class=\"position\">");
    if (board) {
      p.raw(
          detail::board_svg(*board, "#" + std::to_string(i + 1) + ", " + seen + ": " + entry.text));
    }
    p.element("<figcaption><span class=\"count\">", "#" + std::to_string(i + 1) + " " + seen,
              "</span>");
    if (!side.empty()) p.text(" \xC2\xB7 " + side);
    p.element("<code class=\"fen\">", entry.text, "</code></figcaption></figure>");
  }
  p.raw("</div></section>");
}

void option_row(page& p, std::string_view name, std::string_view value) {
  p.element("<tr><th scope=\"row\">", name, "</th>");
  p.element("<td>", value, "</td></tr>");
}

// Several values, one a line.
void option_rows(page& p, std::string_view name, const std::vector<std::string>& values,
                 std::size_t listed) {
  p.element("<tr><th scope=\"row\">", name, "</th><td>");
  if (values.empty()) p.text("none");
  for (std::size_t i = 0; i < values.size() && i < listed; ++i) {
    if (i != 0) p.raw("<br/>");
    p.element("<span class=\"path\">", values[i], "</span>");
  }
  if (values.size() > listed) {
    p.raw("<br/>");
    p.text("and " + with_commas(values.size() - listed) + " more");
  }
  p.raw("</td></tr>");
}

std::string path_or_none(const std::string& path) {
  return path.empty() ? "none" : path;
}

void write_options(page& p, const run_stats& s, const run_config& config) {
  p.raw(
      "<section id=\"run-options\"><h2>Options</h2><div class=\"table-box\"><table "
      "id=\"options\"><tbody>");
  std::vector<std::string> inputs;
  for (const std::string& input : config.inputs)
    inputs.push_back(input == "-" ? "standard input" : input);
  option_rows(p, "inputs", inputs, inputs_listed);
  option_row(p, "output", output_name(config.output));
  option_row(p, "dedupe", yes_no(config.dedupe));
  option_row(p, "key", core::to_string(config.key));
  option_row(p, "format", core::to_string(config.write.format));
  option_row(p, "castling", core::to_string(config.write.castling));
  option_row(p, "ep", core::to_string(config.write.ep));
  option_row(p, "repair", yes_no(config.decode.repair));
  option_row(p, "payload", yes_no(config.decode.payload));
  option_row(p, "input format",
             config.format ? std::string(to_string(*config.format)) : "by each input's name");
  option_row(p, "fen field", config.fen_field.empty() ? "fen (the default)" : config.fen_field);
  option_row(
      p, "compress",
      std::string(to_string(config.output_compression)) +
          (config.compression_level != 0 ? ", level " + std::to_string(config.compression_level)
                                         : ", the codec's default level"));
  option_row(p, "top", std::to_string(config.top));
  option_rows(p, "exclude", config.exclude_paths, inputs_listed);
  if (!config.exclude_paths.empty()) {
    const reference_stats& r = s.reference;
    option_row(p, "reference",
               counted(r.files, "file", "files") + ", " + counted(r.lines, "line", "lines") + ", " +
                   with_commas(r.valid) + " valid, " + with_commas(r.invalid) + " invalid, " +
                   with_commas(r.positions) + " positions");
  }
  option_row(p, "duplicates", path_or_none(config.duplicates_path));
  option_row(p, "counts", path_or_none(config.counts_path));
  option_row(p, "rejects", path_or_none(config.rejects_path));
  option_row(p, "stats json", path_or_none(config.stats_json_path));
  option_row(p, "report", path_or_none(config.report_path));
  option_row(p, "threads",
             std::to_string(s.threads) +
                 (config.threads == 0 ? " (the usable CPUs)"
                                      : " (asked: " + std::to_string(config.threads) + ')'));
  option_row(p, "chunk size", binary_size(config.chunk_size));
  const memory_stats& m = s.memory;
  option_row(p, "memory budget",
             m.limit_bytes == 0 ? std::string("not reported")
                                : binary_size(m.limit_bytes) +
                                      (m.limit_source.empty() ? "" : " (" + m.limit_source + ')'));
  if (config.dedupe) {
    option_row(p, "dedupe mode",
               m.partitioned ? "partitioned after " + with_commas(m.lines_before_switch) +
                                   " lines: " + with_commas(m.partitions) + " partitions, " +
                                   binary_size(m.temp_bytes) + " of temporary files"
                             : "in memory");
  }
  if (config.max_bytes != 0) option_row(p, "max bytes", binary_size(config.max_bytes));
  if (s.distribution.ranks != 0) {
    option_row(p, "ranks",
               with_commas(s.distribution.ranks) + " (" +
                   binary_size(s.distribution.bytes_exchanged) + " exchanged, " +
                   binary_size(s.distribution.bytes_joined) + " joined)");
  }
  const counter_info& repairs = describe(counter::repairs);
  const std::span<const std::uint64_t> repaired = repairs.values(s);
  std::string repaired_text;
  for (std::size_t k = 0; k < repaired.size(); ++k) {
    if (repaired[k] == 0) continue;
    repaired_text += (repaired_text.empty() ? "" : ", ") + repairs.element_name(k) + ' ' +
                     with_commas(repaired[k]);
  }
  if (!repaired_text.empty()) option_row(p, "repairs made", repaired_text);
  option_row(p, "fenbatch version", FENBATCH_VERSION);
  option_row(p, "decoder", core::decoder_name());
  p.raw("</tbody></table></div></section>");
}

}  // namespace

std::string to_html_report(const run_stats& stats, const run_config& config,
                           std::chrono::system_clock::time_point finished) {
  page p;
  p.raw(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'\"/><meta name=\"color-scheme\" content=\"light\"/>"
      "<meta name=\"generator\" content=\"fenbatch " FENBATCH_VERSION "\"/><title>");
  const std::string title = heading(config);
  p.text("fenbatch report: " + title);
  p.raw("</title><style>");
  p.raw(style_sheet);
  p.raw(
      "</style></head><body><div class=\"page\"><header class=\"top\">"
      "<p class=\"kicker\">fenbatch report</p>");
  p.element("<h1>", title, "</h1></header><main>");
  write_summary(p, stats, config, finished);
  write_reasons(p, stats);
  write_inputs(p, stats);
  write_positions(p, stats);
  write_most_repeated(p, stats, config);
  write_options(p, stats, config);
  p.raw("</main><footer>fenbatch " FENBATCH_VERSION "</footer></div></body></html>\n");
  return std::move(p.html);
}

}  // namespace fenbatch::pipeline
