// Summary, reasons and inputs: see run_sections.hpp.

#include "report/run_sections.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/option_names.hpp"
#include "report/html_text.hpp"
#include "report/report_words.hpp"
#include "report/svg_chart.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// The outcomes in the reconciliation's order; `filtered` only where --where was given,
// `unsampled` only where --sample was, `rare` only where --min-count was (or a part counted
// some), so that the pages of runs without them stay as they were.
struct shown_outcomes {
  bool filtered;
  bool unsampled;
  bool rare;
};
shown_outcomes outcomes_shown(const run_stats& s, const report_options& asked) {
  return {!asked.where.empty() || s.filtered != 0, !asked.sample.empty() || s.unsampled != 0,
          asked.survivors.min_count > 1 || s.rare != 0};
}

std::vector<series> outcome_series(shown_outcomes shown) {
  std::vector<series> parts{{"written", std::string(written_color)},
                            {"duplicates", std::string(duplicates_color)},
                            {"excluded", std::string(excluded_color)}};
  if (shown.filtered) parts.push_back({"filtered", std::string(filtered_color)});
  if (shown.unsampled) parts.push_back({"unsampled", std::string(unsampled_color)});
  if (shown.rare) parts.push_back({"rare", std::string(rare_color)});
  parts.push_back({"invalid", std::string(invalid_color)});
  parts.push_back({"skipped", std::string(skipped_color)});
  return parts;
}

std::vector<std::uint64_t> outcome_values(const run_counters& c, shown_outcomes shown) {
  std::vector<std::uint64_t> values{c.written, c.duplicates, c.excluded};
  if (shown.filtered) values.push_back(c.filtered);
  if (shown.unsampled) values.push_back(c.unsampled);
  if (shown.rare) values.push_back(c.rare);
  values.push_back(c.invalid);
  values.push_back(c.skipped());
  return values;
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
void write_counts(page& p, const run_stats& s, const report_options& asked) {
  p.raw("<dl class=\"numbers\">");
  big_number(p, "number-lines", "lines", with_commas(s.lines));
  big_number(p, "number-written", "written", with_commas(s.written), percent(s.written, s.lines));
  big_number(p, "number-duplicates", "duplicates", with_commas(s.duplicates),
             percent(s.duplicates, s.lines));
  if (!asked.references.empty() || s.excluded != 0) {
    big_number(p, "number-excluded", "excluded", with_commas(s.excluded),
               percent(s.excluded, s.lines));
  }
  const shown_outcomes shown = outcomes_shown(s, asked);
  if (shown.filtered) {
    big_number(p, "number-filtered", "filtered", with_commas(s.filtered),
               percent(s.filtered, s.lines));
  }
  if (shown.unsampled) {
    big_number(p, "number-unsampled", "unsampled", with_commas(s.unsampled),
               percent(s.unsampled, s.lines));
  }
  if (shown.rare) {
    big_number(p, "number-rare", "rare", with_commas(s.rare), percent(s.rare, s.lines));
  }
  big_number(p, "number-invalid", "invalid", with_commas(s.invalid), percent(s.invalid, s.lines));
  if (asked.dedupe) {
    big_number(p, "number-unique", "unique", with_commas(s.unique), "distinct positions");
  } else {
    big_number(p, "number-unique", "unique", "\xE2\x80\x94", "without dedupe");
  }
  p.raw("</dl>");
}

void write_warnings(page& p, const run_stats& s, shown_outcomes shown) {
  if (!s.reconciles()) {
    std::string formula =
        "The counts do not add up: lines \xE2\x89\xA0 written + duplicates + "
        "excluded + ";
    if (shown.filtered) formula.append("filtered + ");
    if (shown.unsampled) formula.append("unsampled + ");
    if (shown.rare) formula.append("rare + ");
    formula.append("invalid + skipped.");
    p.element("<p class=\"warning\">", formula, "</p>");
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

void write_outcomes(page& p, const run_stats& s, shown_outcomes shown) {
  p.raw("<div class=\"outcomes\"><h2>Lines by outcome</h2>");
  const auto series = outcome_series(shown);
  const auto values = outcome_values(s, shown);
  p.raw(
      stacked_bar_svg("chart-outcomes", "Lines by outcome", series, values, "No lines were read."));
  if (s.lines == 0) {
    p.element("<p class=\"empty\">", "No lines were read.", "</p>");
  } else {
    std::vector<legend_entry> legend;
    for (std::size_t i = 0; i < series.size(); ++i) {
      legend.push_back({series[i].label, series[i].color,
                        with_commas(values[i]) + " (" + percent(values[i], s.lines) + ')'});
    }
    p.raw(legend_html(legend));
  }
  p.raw("</div>");
}

// How the run went.
void write_run_numbers(page& p, const run_stats& s, const std::string& when) {
  p.raw("<dl class=\"numbers run\">");
  const bool rate = has_rate(s);
  big_number(p, "number-mb-per-second", "MB/s",
             rate ? fixed(static_cast<double>(s.bytes) / 1e6 / s.wall_seconds, 1) : "\xE2\x80\x94");
  big_number(p, "number-lines-per-second", "lines/s",
             rate ? per_second(static_cast<double>(s.lines), s.wall_seconds) : "\xE2\x80\x94");
  big_number(p, "number-wall-time", "wall time", duration_text(s.wall_seconds));
  big_number(p, "number-threads", "threads", std::to_string(s.threads));
  big_number(p, "number-finished", "finished (UTC)", when, {}, "wide");
  p.raw("</dl>");
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

}  // namespace

// First the counts and the outcome bar, the page's first screen on a laptop or a phone.
void write_summary(page& p, const run_stats& s, const report_options& asked,
                   std::chrono::system_clock::time_point finished) {
  p.raw("<section id=\"summary\"><p class=\"when\">Finished <time datetime=\"");
  const std::string when = iso_utc(finished);
  p.text(when);
  p.raw("\">");
  p.text(when);
  p.raw("</time>");
  p.text(" \xC2\xB7 " + counted(s.inputs.size(), "input", "inputs") + " \xC2\xB7 " +
         fixed(static_cast<double>(s.bytes) / 1e6, 1) + " MB of text");
  p.raw("</p>");
  write_counts(p, s, asked);
  write_warnings(p, s, outcomes_shown(s, asked));
  write_outcomes(p, s, outcomes_shown(s, asked));
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
    std::vector<bar> bars;
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
    bar_chart_style style;
    style.color = invalid_color;
    p.raw(bar_chart_svg("chart-reasons", "Invalid lines by reason", bars, style));
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

void write_inputs(page& p, const run_stats& s, const report_options& asked) {
  p.raw("<section id=\"per-input\"><h2>Inputs</h2><div class=\"cards\"><div class=\"card\">");
  const shown_outcomes shown = outcomes_shown(s, asked);
  const auto series = outcome_series(shown);
  if (s.inputs.empty()) {
    p.raw(empty_chart_svg("chart-inputs", "Lines by outcome per input", "No inputs."));
    p.raw("</div></div></section>");
    return;
  }
  const std::string folder = common_folder(s.inputs);
  std::vector<legend_entry> legend;
  for (const detail::series& part : series) legend.push_back({part.label, part.color, {}});
  p.raw(legend_html(legend));
  std::vector<stacked_row> rows;
  for (std::size_t i = 0; i < s.inputs.size() && i < inputs_drawn; ++i) {
    const input_stats& input = s.inputs[i];
    const auto values = outcome_values(input.counts, shown);
    const std::string lines =
        with_commas(input.counts.lines) + (input.counts.lines == 1 ? " line" : " lines");
    rows.push_back({input_label(input.path, folder.size()), lines,
                    input_label(input.path, 0) + ": " + lines,
                    std::vector<std::uint64_t>(values.begin(), values.end())});
  }
  p.raw(stacked_rows_svg("chart-inputs", "Lines by outcome per input", series, rows));
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
      "<thead><tr><th>input</th><th class=\"n\">lines</th>");
  for (const detail::series& part : series) p.element("<th class=\"n\">", part.label, "</th>");
  p.raw("</tr></thead><tbody>");
  for (std::size_t i = 0; i < s.inputs.size() && i < inputs_listed; ++i) {
    const input_stats& input = s.inputs[i];
    p.element("<tr><td class=\"path\">", input_label(input.path, folder.size()), "</td>");
    p.element("<td class=\"n\">", with_commas(input.counts.lines), "</td>");
    for (const std::uint64_t value : outcome_values(input.counts, shown)) {
      p.element("<td class=\"n\">", with_commas(value), "</td>");
    }
    p.raw("</tr>");
  }
  p.raw("</tbody></table></div></div></div></section>");
}

}  // namespace fenbatch::pipeline::detail
