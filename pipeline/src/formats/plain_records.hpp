// Stockfish's .plain records (the text `stockfish convert` reads): lines `KEY VALUE` up to a
// line `e`, in any order; `fen` holds the position. The parallel stage reads and writes them one
// record at a time (stages/process_plain_records.hpp): the position is validated and written
// canonically (6 fields) in its `fen` line; every other line is kept verbatim, in order, with
// LF endings.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "chunks/chunk.hpp"
#include "chunks/text_buffer.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

// A record has at most this many lines, its `e` included: past them, without an `e`, the lines
// read are rejected as one record (plain_unterminated) and the next line starts a new one, so
// that garbage without `e` costs neither memory nor a quadratic check of repeated keys.
inline constexpr std::uint32_t max_plain_record_lines = 64;

// Whether a line of a .plain input can be a record's line: `KEY VALUE` (a key of one or more
// bytes, none of them a space, then one space and the value, possibly empty) or `e`.
[[nodiscard]] bool is_plain_record_line(std::string_view line) noexcept;

// How the parallel stage reads and writes .plain records: read() then, for a valid position,
// write(). A record's text is its lines as read, from its first line's start to the end of its
// `e` line (without that line's LF); lines end in LF or CR LF. Columns count in the record as
// record_on_one_line() shows it.
class plain_records {
 public:
  static constexpr bool has_header = false;

  explicit plain_records(const line_options& lines);

  // The record's verdict: plain_bad_line, plain_repeated_key or plain_no_fen for its shape,
  // else parse_record's verdict on its `fen` value (plain_unterminated past
  // max_plain_record_lines lines).
  core::fen_status read(std::string_view record, core::record& rec);
  // The same for a record split into lines (without CR or LF) already, as the per-record loop
  // has it; the lines must live until write().
  core::fen_status read_lines(std::span<const std::string_view> lines, core::record& rec);
  // Appends the record read last, its `fen` value canonical, with LF endings; returns the bytes
  // appended. (`record` is the text read; the lines read are written.)
  std::size_t write(const core::record& rec, std::string_view record, text_buffer& text);

  // After read() rejected the record: whether its shape was right and its position's first
  // rank is ten squares wide, so that the 10x8 reader owns the verdict.
  [[nodiscard]] bool routes_to_ten_by_eight(std::string_view record) const noexcept;
  core::fen_status read(std::string_view record, core::ten_by_eight::record& rec);
  std::size_t write(const core::ten_by_eight::record& rec, std::string_view record,
                    text_buffer& text);

 private:
  core::fen_status split(std::string_view record) noexcept;
  core::fen_status read_shape(std::span<const std::string_view> lines) noexcept;
  template <class WriteFen>
  std::size_t write_lines(std::size_t fen_room, text_buffer& text, WriteFen&& write_fen);

  const line_options& lines_;
  core::write_options write_options_;  // the position: 6 fields
  std::array<std::string_view, max_plain_record_lines> line_slots_;
  std::size_t line_count_ = 0;
  std::span<const std::string_view> lines_read_;  // the lines of the record read last
  std::string_view fen_;                          // its `fen` value
  std::uint32_t fen_column_ = 0;  // where it starts, 1-based, in the record on one line
  bool shape_ok_ = false;
};

// A record as one line, for --rejects and --duplicates, whose entries are one line each: its
// lines joined by " | " (CRs dropped), in `scratch`, as far as core::overlong_line_prefix
// shows it; a text without LF is returned as it is.
[[nodiscard]] std::string_view record_on_one_line(std::string_view text, std::string& scratch);

// The canonical position in a record as plain_records wrote it: its `fen` value.
[[nodiscard]] std::string_view written_plain_position(std::string_view record) noexcept;

// The canonical position in a record of c's text (without its LF), for the statistics and side
// files that show positions: a .plain record's `fen` value, a CSV/TSV/JSON field's content
// (written_position), or a FEN line itself.
[[nodiscard]] std::string_view written_position_of(const chunk& c, std::string_view text,
                                                   std::string& scratch);

}  // namespace fenbatch::pipeline::detail
