// libFuzzer target: Stockfish's .plain records (pipeline/src/formats/plain_records and
// pipeline/src/input/record_ends).
//
// Input: a .plain text, any bytes. Its records are taken as the pipeline takes them: lines up
// to a line `e`, at most max_plain_record_lines.
//
// Checks (any violation traps):
// - no crash; record_ends' cuts lie in the text, at line starts, after an `e` line where they
//   say so, and never before the offset asked;
// - a rejected record's column lies within the record as rejects show it on one line (lines
//   joined by " | ", which holds no LF), plus one;
// - an accepted record written back (LF endings, `fen` canonical) is accepted again, and
//   writing it again gives the same bytes, with the same position (written_plain_position).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "chunks/text_buffer.hpp"
#include "fenbatch/core/record.hpp"
#include "formats/plain_records.hpp"
#include "input/record_ends.hpp"
#include "plan/resolved_run.hpp"

namespace {

namespace core = fenbatch::core;
using namespace fenbatch::pipeline::detail;

void check(bool condition, int line = __builtin_LINE()) {
  if (condition) return;
  std::fprintf(stderr, "%s:%d: check failed\n", __FILE__, line);
  __builtin_trap();
}

bool at_line_start(std::string_view text, std::size_t at) {
  return at == 0 || at == text.size() || text[at - 1] == '\n';
}

void cuts(std::string_view text) {
  const std::size_t last = last_record_end(text, text.size());
  check(last <= text.size());
  if (last != 0) check(is_record_end_line(text, last - 1));
  for (std::size_t offset = 0; offset <= text.size(); offset += 1 + offset / 3) {
    const std::uint64_t at = record_start_at_or_after(text, offset);
    check(at >= offset || offset > text.size());
    check(at <= text.size());
    check(at_line_start(text, static_cast<std::size_t>(at)));
  }
}

// One record's text (no final LF), as the per-record loop hands it over.
void one_record(std::string_view record, bool ended) {
  const line_options lines;
  plain_records records(lines);
  core::record rec;
  const core::fen_status status = records.read(record, rec);
  std::string scratch;
  const std::string_view shown = record_on_one_line(record, scratch);
  check(shown.find('\n') == std::string_view::npos);
  if (!status.ok()) {
    check(status.column >= 1 && status.column <= shown.size() + 1);
    return;
  }
  if (!ended) return;  // (the loop rejects it before reading)
  text_buffer first;
  const std::size_t n = records.write(rec, record, first);
  const std::string written(first.view(0, n));
  check(!written.empty() && written.back() == '\n');
  const std::string_view again_text(written.data(), written.size() - 1);
  core::record again;
  check(records.read(again_text, again).ok());
  text_buffer second;
  const std::size_t m = records.write(again, again_text, second);
  check(second.view(0, m) == written);
  check(!written_plain_position(written).empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  cuts(text);
  std::size_t position = 0;
  while (position < text.size()) {
    const std::size_t begin = position;
    std::size_t end = begin;
    std::uint32_t count = 0;
    bool ended = false;
    while (position < text.size() && !ended && count < max_plain_record_lines) {
      std::size_t lf = text.find('\n', position);
      if (lf == std::string_view::npos) lf = text.size();
      std::string_view line = text.substr(position, lf - position);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      end = position + line.size();
      ended = line == "e";
      ++count;
      position = lf + 1;
      if (count == 1 && !is_plain_record_line(line)) break;
    }
    one_record(text.substr(begin, end - begin), ended);
  }
  return 0;
}
