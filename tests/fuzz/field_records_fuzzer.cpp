// libFuzzer target: the record formats (pipeline/src/formats): one CSV, TSV or JSON line.
//
// Input: 1 header byte, then the line (its LF and anything after it ignored).
//   bits 0-1  format: 0 CSV, 1 TSV, 2 or 3 JSON lines (key "fen")
//   bits 2-4  CSV/TSV: the 0-based column of the position
//
// Checks (any violation traps):
// - no crash; a found field or member lies within the line; columns of errors within
//   1..size+1;
// - CSV/TSV: writing the field's content back the way it was (quoted or not) rebuilds the line
//   byte for byte; JSON: the member's raw bytes are a string token, an unescaped one holds
//   exactly the decoded text, and writing the text back (append_json_string) gives a line that
//   is found again with the same text;
// - when the text is a position the core accepts, the line with the canonical text put back
//   (as the pipeline writes it) is found again and holds exactly that canonical text.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"
#include "formats/csv_record.hpp"
#include "formats/json_record.hpp"

namespace {

namespace core = fenbatch::core;
using namespace fenbatch::pipeline::detail;

void check(bool condition, int line = __builtin_LINE()) {
  if (condition) return;
  std::fprintf(stderr, "%s:%d: check failed\n", __FILE__, line);
  __builtin_trap();
}

void check_column(core::fen_status s, std::string_view line) {
  check(s.column >= 1 && s.column <= line.size() + 1);
}

// The text, found in `line` and put back as the pipeline does; then found again.
std::string canonical_of(std::string_view text) {
  core::record rec;
  if (!core::parse_record(text, {}, rec).ok()) return {};
  core::write_options options;
  options.format =
      rec.has(core::record_note::epd_form) ? core::output_format::epd : core::output_format::fen;
  return core::to_canonical(rec, text, options);
}

void delimited(std::string_view line, delimited_dialect dialect, std::size_t column) {
  field_span f;
  const core::fen_status s = find_field(line, dialect, column, f);
  if (!s.ok()) {
    check(s.code == core::fen_errc::csv_syntax || s.code == core::fen_errc::missing_field);
    check_column(s, line);
    return;
  }
  check(f.begin <= f.end && f.end <= line.size());
  std::string scratch;
  const std::string content(field_content(line, f, scratch));
  check(content_column(line, f, 0) >= 1 &&
        content_column(line, f, content.size()) <= line.size() + 1);
  std::string rebuilt(line.substr(0, f.begin));
  append_field(rebuilt, content, f.quoted);
  rebuilt += line.substr(f.end);
  check(rebuilt == line);

  const std::string canonical = canonical_of(content);
  if (canonical.empty()) return;
  std::string written(line.substr(0, f.begin));
  append_field(written, canonical, f.quoted);
  written += line.substr(f.end);
  field_span again;
  check(find_field(written, dialect, column, again).ok());
  check(std::string(field_content(written, again, scratch)) == canonical);
}

void json(std::string_view line) {
  json_string_member m;
  std::string scratch;
  const core::fen_status s = find_string_member(line, "fen", m, scratch);
  if (!s.ok()) {
    check(s.code == core::fen_errc::json_syntax || s.code == core::fen_errc::json_not_object ||
          s.code == core::fen_errc::json_missing_key || s.code == core::fen_errc::json_not_string);
    check_column(s, line);
    return;
  }
  check(m.value_begin + 2 <= m.value_end && m.value_end <= line.size());
  check(line[m.value_begin] == '"' && line[m.value_end - 1] == '"');
  const std::string text(m.text);
  if (!m.escaped) check(line.substr(m.value_begin + 1, m.value_end - m.value_begin - 2) == text);

  std::string written(line.substr(0, m.value_begin));
  append_json_string(written, text);
  written += line.substr(m.value_end);
  json_string_member again;
  check(find_string_member(written, "fen", again, scratch).ok());
  check(again.text == text);

  const std::string canonical = canonical_of(text);
  if (canonical.empty()) return;
  written.assign(line.substr(0, m.value_begin));
  append_json_string(written, canonical);
  written += line.substr(m.value_end);
  check(find_string_member(written, "fen", again, scratch).ok());
  check(again.text == canonical);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const unsigned header = data[0];
  std::string_view line(reinterpret_cast<const char*>(data + 1), size - 1);
  line = line.substr(0, line.find('\n'));
  const std::size_t column = (header >> 2) & 7U;
  switch (header & 3U) {
    case 0: delimited(line, csv_dialect, column); break;
    case 1: delimited(line, tsv_dialect, column); break;
    default: json(line); break;
  }
  return 0;
}
