#include <array>
#include <cstring>
#include <optional>
#include <span>
#include <string>

#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/write.hpp"
#include "formats/csv_record.hpp"
#include "formats/plain_records.hpp"
#include "stages/moving_records.hpp"
#include "stages/process_lines.hpp"
#include "stages/process_plain_records.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// The written position of a .plain record: 6 fields, whatever the input's form.
core::write_options fen_format(core::write_options options) noexcept {
  options.format = core::output_format::fen;
  return options;
}

// Appends `fen `, the position, a LF; returns the bytes appended. The position (`text` as
// read) is written by the record's board's write_record.
template <class Record>
std::size_t append_fen_line(const Record& rec, std::string_view text,
                            const core::write_options& options, text_buffer& out) {
  using core::write_record;
  using core::ten_by_eight::write_record;
  out.reserve_more(core::ten_by_eight::max_written_size(text.size()) + 5);
  char* const start = out.end();
  std::memcpy(start, "fen ", 4);
  const std::size_t length = write_record(rec, text, options, start + 4);
  start[4 + length] = '\n';
  out.grow_by(length + 5);
  return length + 5;
}

std::size_t append_text(std::string_view text, text_buffer& out) {
  out.reserve_more(text.size());
  std::memcpy(out.end(), text.data(), text.size());
  out.grow_by(text.size());
  return text.size();
}

// --format plain for FEN/EPD lines: each record as `fen <canonical>` and `e`.
class fen_lines_as_plain : public line_loop::fen_lines {
 public:
  explicit fen_lines_as_plain(const line_options& config)
      : fen_lines(config), options_(fen_format(config.write)) {}
  template <class Record>
  std::size_t write(const Record& rec, std::string_view line, text_buffer& text) const {
    return append_fen_line(rec, line, options_, text) + append_text("e\n", text);
  }

 private:
  core::write_options options_;
};

// --format plain for CSV/TSV records: `fen <canonical>`, then each other column in order as
// `NAME VALUE` (NAME from the header, or the column's 1-based number), then `e`.
class field_records_as_plain {
 public:
  static constexpr bool has_header = true;  // (read, never written: a chunk's header is not)
  field_records_as_plain(const record_layout& layout, const line_options& config)
      : layout_(layout), records_(layout, config), options_(fen_format(config.write)) {}

  template <class Record>
  core::fen_status read(std::string_view line, Record& rec) {
    return records_.read(line, rec);
  }
  [[nodiscard]] bool routes_to_ten_by_eight(std::string_view line) const noexcept {
    return records_.routes_to_ten_by_eight(line);
  }
  template <class Record>
  std::size_t write(const Record& rec, std::string_view line, text_buffer& text) {
    // The position field's content as read: what the record's columns refer to.
    std::size_t n = append_fen_line(rec, written_position(layout_, line, scratch_), options_, text);
    const delimited_dialect dialect =
        layout_.format == input_format::csv ? csv_dialect : tsv_dialect;
    field_span field;
    for (std::size_t i = 0; find_field(line, dialect, i, field).ok(); ++i) {
      if (i == layout_.column) continue;
      line_.clear();
      if (i < layout_.column_names.size()) {
        line_ += layout_.column_names[i];
      } else {
        line_ += std::to_string(i + 1);
      }
      line_ += ' ';
      line_ += field_content(line, field, scratch_);
      line_ += '\n';
      n += append_text(line_, text);
    }
    return n + append_text("e\n", text);
  }

 private:
  const record_layout& layout_;
  field_records records_;
  core::write_options options_;
  std::string scratch_;
  std::string line_;
};

[[nodiscard]] bool is_blank(std::string_view line) noexcept {
  // (A record's first line starts with its key: the search is for the rare blank line.)
  return line.empty() || ((line[0] == ' ' || line[0] == '\t') &&
                          line.find_first_not_of(" \t") == std::string_view::npos);
}

// process_lines (process_lines.hpp) over records: the same outcomes, counters and calls.
// A record's position: plain_records reads the shape the loop took as it found the record's
// lines; the moving decorator (--apply-moves, --check-move) reads the record's text through
// plain_records::read.
inline core::fen_status read_record(plain_records& records, const plain_record_shape& shape,
                                    std::string_view record, core::record& rec) {
  return records.read_shaped(shape, record, rec);
}
template <class Records>
core::fen_status read_record(Records& records, const plain_record_shape& /*shape*/,
                             std::string_view record, core::record& rec) {
  return records.read(record, rec);
}

template <line_loop::loop_options options, class Records>
void process_records(chunk& c, const line_options& config, const dedupe_set* excluded,
                     Records& records) {
  using namespace line_loop;
  using line_kind = plain_record_shape::line_kind;
  run_counters& n = c.counts;
  written_facts_tally excluded_facts;
  std::optional<where_field_reader> fields;
  if constexpr (options.selecting) {
    if (!config.where_fields.empty()) fields.emplace(config.where_fields, c.layout);
  }
  where_line_values where_values(config);
  const chunk_lines<Records> lines{c,
                                   config,
                                   excluded,
                                   records,
                                   excluded_facts,
                                   config.with_source_text,
                                   fields ? &*fields : nullptr,
                                   where_values};
  c.text.reserve_more(c.input.data.size() + c.input.data.size() / 4 + 256);

  core::record rec;
  plain_record_shape shape(c.input.data);
  core::line_splitter splitter(c.input.data);
  std::uint32_t index = 0;
  for (core::line_span line; splitter.next(line);) {
    const std::uint32_t first = index++;
    n.crlf_lines += line.crlf ? 1 : 0;
    if (is_blank(line.text)) {
      ++n.skipped_blank;
      continue;
    }
    // One pass: each line is classified and its key taken as it is found.
    const char* const begin = line.text.data();
    const char* end = begin + line.text.size();
    const std::uint64_t crlf_lines = n.crlf_lines - (line.crlf ? 1 : 0);  // before the record
    shape.start(begin);
    // (One call of add(), inlined: the first line is taken like the others; a bad first line
    // is a record of its own.)
    std::uint32_t count = 0;
    line_kind kind;
    for (;;) {
      kind = shape.add(line.text);
      ++count;
      if (kind == line_kind::end || (kind == line_kind::bad && count == 1) ||
          count == max_plain_record_lines || !splitter.next(line)) {
        break;
      }
      n.crlf_lines += line.crlf ? 1 : 0;
      end = line.text.data() + line.text.size();
    }
    const bool ended = kind == line_kind::end;
    const bool alone = kind == line_kind::bad && count == 1;
    shape.set_crlf(n.crlf_lines != crlf_lines);
    index += count - 1;
    n.skipped_record_lines += count - 1;
    const std::string_view record(begin, static_cast<std::size_t>(end - begin));
    if (alone) {
      count_invalid(c, {core::fen_errc::plain_bad_line, 1}, record, first);
      continue;
    }
    if (!ended) {
      count_invalid(c, {core::fen_errc::plain_unterminated, 1}, record, first);
      continue;
    }
    const core::fen_status status = read_record(records, shape, record, rec);
    if (status.ok()) {
      count_and_keep<options>(lines, rec, record, first);
    } else if (records.routes_to_ten_by_eight(record)) {
      process_ten_by_eight_line<options>(lines, record, first);
    } else {
      count_invalid(c, status, record, first);
    }
  }
  n.lines = index;
  n.black_to_move = n.valid - n.white_to_move;
  written_as_valid(n);
  excluded_facts.subtract_from(n);
}

template <bool selecting, class Records>
void process_with(chunk& c, const line_options& config, const dedupe_set* excluded,
                  bool with_origins, Records& records) {
  using line_loop::keys_lines;
  using line_loop::loop_options;
  const bool excluding = excluded != nullptr;
  if (with_origins) {
    if (excluding) {
      process_records<loop_options{true, true, true, selecting}>(c, config, excluded, records);
    } else {
      process_records<loop_options{true, false, true, selecting}>(c, config, excluded, records);
    }
  } else if (keys_lines(config)) {
    if (excluding) {
      process_records<loop_options{true, true, false, selecting}>(c, config, excluded, records);
    } else {
      process_records<loop_options{true, false, false, selecting}>(c, config, excluded, records);
    }
  } else if (excluding) {
    process_records<loop_options{false, true, false, selecting}>(c, config, excluded, records);
  } else {
    process_records<loop_options{false, false, false, selecting}>(c, config, excluded, records);
  }
}

template <class Records>
void process_selected_or_not(chunk& c, const line_options& config, const dedupe_set* excluded,
                             bool with_origins, Records& records) {
  if (!config.moves.empty()) {
    moving_records<Records> moving(records, config.moves, c.layout, config.decode);
    line_loop::process_with<true>(c, config, excluded, with_origins, moving);
  } else if (!line_loop::selects(config)) {
    line_loop::process_with<false>(c, config, excluded, with_origins, records);
  } else {
    line_loop::process_with<true>(c, config, excluded, with_origins, records);
  }
}

}  // namespace

void process_as_plain(chunk& c, const line_options& config, const dedupe_set* excluded,
                      bool with_origins) {
  c.header_to_write = {};  // a CSV/TSV header has no place in .plain records
  if (c.layout != nullptr) {
    field_records_as_plain records(*c.layout, config);
    process_selected_or_not(c, config, excluded, with_origins, records);
  } else {
    fen_lines_as_plain records(config);
    process_selected_or_not(c, config, excluded, with_origins, records);
  }
}

void process_plain_records(chunk& c, const line_options& config, const dedupe_set* excluded,
                           bool with_origins) {
  plain_records records(config);
  if (!config.moves.empty()) {
    moving_records<plain_records> moving(records, config.moves, c.layout, config.decode);
    process_with<true>(c, config, excluded, with_origins, moving);
  } else if (!line_loop::selects(config)) {
    process_with<false>(c, config, excluded, with_origins, records);
  } else {
    process_with<true>(c, config, excluded, with_origins, records);
  }
}

}  // namespace fenbatch::pipeline::detail
