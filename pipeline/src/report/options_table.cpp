// The options table: see options_table.hpp.

#include "report/options_table.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/core/option_names.hpp"
#include "fenbatch/pipeline/binary_size.hpp"
#include "fenbatch/pipeline/compression.hpp"
#include "fenbatch/version.hpp"
#include "report/html_text.hpp"
#include "report/report_words.hpp"

namespace fenbatch::pipeline::detail {
namespace {

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

// Each --where, one a line in the order given, with the lines it filtered (each filtered line
// counted under the first expression it failed).
void where_rows(page& p, const run_stats& s, const std::vector<std::string>& where) {
  p.raw("<tr><th scope=\"row\">where</th><td>");
  if (where.empty()) p.text("none");
  for (std::size_t i = 0; i < where.size(); ++i) {
    if (i != 0) p.raw("<br/>");
    p.element("<code>", where[i], "</code>");
    const std::uint64_t filtered = i < s.filtered_by_where.size() ? s.filtered_by_where[i] : 0;
    p.text(": filtered " + with_commas(filtered));
    const std::uint64_t missing = i < s.missing_by_where.size() ? s.missing_by_where[i] : 0;
    if (missing != 0) p.text(", " + with_commas(missing) + " with a field missing");
  }
  p.raw("</td></tr>");
}

// With --split, each split with its fraction, file and lines; with --sample, the fraction and
// seed. Neither row without its option, so that the pages of other runs stay as they were.
void selection_rows(page& p, const run_stats& s, const report_options& asked) {
  const std::vector<split_output>& splits = asked.outputs.splits;
  if (!splits.empty()) {
    p.raw("<tr><th scope=\"row\">split</th><td>");
    for (std::size_t i = 0; i < splits.size(); ++i) {
      if (i != 0) p.raw("<br/>");
      p.text(splits[i].name + " (" + splits[i].fraction + "): ");
      p.element("<span class=\"path\">", splits[i].path, "</span>");
      const std::uint64_t written = i < s.written_by_split.size() ? s.written_by_split[i] : 0;
      p.text(", written " + with_commas(written));
    }
    p.raw("</td></tr>");
    option_row(p, "split seed", std::to_string(asked.split_seed));
  }
  if (!asked.sample.empty()) {
    option_row(p, "sample", asked.sample + " (seed " + std::to_string(asked.sample_seed) + ")");
  }
}

std::string path_or_none(const std::string& path) {
  return path.empty() ? "none" : path;
}

// --columns: "id, fen, move", or "none".
std::string columns_text(const std::vector<std::string>& names) {
  std::string text = names.empty() ? "none" : "";
  for (const std::string& name : names) text.append(text.empty() ? "" : ", ").append(name);
  return text;
}

// Which occurrence survives, shown only when it is not plain dedupe.
std::string survivors_text(const survivor_policy& survivors) {
  std::string text = "keep ";
  text += survivors.keep_text();
  text += ", at most ";
  text += std::to_string(survivors.max_per_position);
  text += " per position, at least ";
  text += std::to_string(survivors.min_count);
  text += " occurrences";
  return text;
}

// --apply-moves, --exclude-apply-moves, --check-move, each shown only when given.
void move_rows(page& p, const report_options& asked) {
  if (const std::string apply = to_string(asked.lines.moves.apply); !apply.empty()) {
    option_row(p, "apply moves", apply);
  }
  if (const std::string apply = to_string(asked.exclude_moves); !apply.empty()) {
    option_row(p, "exclude apply moves", apply);
  }
  if (!asked.lines.moves.check_field.empty()) {
    option_row(p, "check move", asked.lines.moves.check_field);
  }
}

}  // namespace

void write_options(page& p, const run_stats& s, const report_options& asked) {
  p.raw(
      "<section id=\"run-options\"><h2>Options</h2><div class=\"table-box\"><table "
      "id=\"options\"><tbody>");
  std::vector<std::string> inputs;
  for (const std::string& input : asked.inputs)
    inputs.push_back(input == "-" ? "standard input" : input);
  option_rows(p, "inputs", inputs, inputs_listed);
  option_row(p, "output", output_name(asked.outputs.output));
  option_row(p, "dedupe", yes_no(asked.dedupe));
  option_row(p, "key", core::to_string(asked.lines.key));
  option_row(p, "format",
             asked.lines.plain_output ? "plain" : core::to_string(asked.lines.write.format));
  option_row(p, "castling", core::to_string(asked.lines.write.castling));
  option_row(p, "ep", core::to_string(asked.lines.write.ep));
  option_row(p, "repair", yes_no(asked.lines.decode.repair));
  option_row(p, "payload", yes_no(asked.lines.decode.payload));
  option_row(
      p, "input format",
      asked.lines.format ? std::string(to_string(*asked.lines.format)) : "by each input's name");
  option_row(p, "fen field",
             asked.lines.fen_field.empty() ? "fen (the default)" : asked.lines.fen_field);
  option_row(p, "header", std::string(to_string(asked.lines.header)));
  option_row(p, "columns", columns_text(asked.lines.columns));
  option_row(p, "compress",
             std::string(to_string(asked.outputs.codec)) +
                 (asked.outputs.level != 0 ? ", level " + std::to_string(asked.outputs.level)
                                           : ", the codec's default level"));
  option_row(p, "top", std::to_string(asked.top));
  where_rows(p, s, asked.where);
  if (asked.uniqueness) option_row(p, "uniqueness", "yes (see Distinct positions)");
  selection_rows(p, s, asked);
  if (!asked.survivors.plain()) option_row(p, "survivors", survivors_text(asked.survivors));
  move_rows(p, asked);
  option_rows(p, "exclude", asked.references, inputs_listed);
  if (!asked.references.empty()) {
    const reference_stats& r = s.reference;
    option_row(p, "reference",
               counted(r.files, "file", "files") + ", " + counted(r.lines, "line", "lines") + ", " +
                   with_commas(r.valid) + " valid, " + with_commas(r.invalid) + " invalid, " +
                   with_commas(r.positions) + " positions");
  }
  option_row(p, "duplicates", path_or_none(asked.outputs.duplicates));
  option_row(p, "counts", path_or_none(asked.outputs.counts));
  option_row(p, "rejects", path_or_none(asked.outputs.rejects));
  option_row(p, "stats json", path_or_none(asked.outputs.stats_json));
  option_row(p, "report", path_or_none(asked.outputs.report));
  option_row(
      p, "threads",
      std::to_string(s.threads) + (asked.threads_asked == 0
                                       ? " (the usable CPUs)"
                                       : " (asked: " + std::to_string(asked.threads_asked) + ')'));
  option_row(p, "chunk size", binary_size(asked.chunk_size));
  const memory_stats& m = s.memory;
  option_row(p, "memory budget",
             m.limit_bytes == 0 ? std::string("not reported")
                                : binary_size(m.limit_bytes) +
                                      (m.limit_source.empty() ? "" : " (" + m.limit_source + ')'));
  if (asked.dedupe) {
    option_row(p, "dedupe mode",
               m.partitioned ? "partitioned after " + with_commas(m.lines_before_switch) +
                                   " lines: " + with_commas(m.partitions) + " partitions, " +
                                   binary_size(m.temp_bytes) + " of temporary files"
                             : "in memory");
  }
  if (asked.max_bytes != 0) option_row(p, "max bytes", binary_size(asked.max_bytes));
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
  option_row(p, "fenbatch version", FENBATCH_VERSION_STRING);
  option_row(p, "decoder", core::decoder_name());
  p.raw("</tbody></table></div></section>");
}

}  // namespace fenbatch::pipeline::detail
