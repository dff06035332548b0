// Stockfish's .plain records (the text `stockfish convert` reads): lines `KEY VALUE` up to a
// line `e`, in any order; `fen` holds the position. The parallel stage reads and writes them one
// record at a time (stages/process_plain_records.hpp): the position is validated and written
// canonically (6 fields) in its `fen` line; every other line is kept verbatim, in order, with
// LF endings.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
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

// A key of a .plain line as compared with the record's others: its first 8 bytes as a number,
// and its size, so that the few short keys of a record compare without a call to memcmp.
struct plain_key {
  std::uint64_t head = 0;
  const char* data = nullptr;
  std::size_t size = 0;

  // The key of a line: up to its first space (the whole line if none). Where the buffer has 8
  // bytes from the line's start (up to `readable_end`), they are searched at once (the lowest
  // zero byte of word ^ spaces is exact); keys of 8 bytes or more take the byte loop.
  [[nodiscard]] static plain_key of_line(std::string_view line, const char* readable_end) noexcept {
    if (readable_end - line.data() >= 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, line.data(), sizeof word);
      const std::uint64_t x = word ^ 0x2020202020202020U;
      const std::uint64_t zero = (x - 0x0101010101010101U) & ~x & 0x8080808080808080U;
      if (zero != 0 || line.size() <= sizeof word) {  // (else a key of 8 bytes or more)
        // (countr_zero(0) is 64: no space in the 8 bytes. The key's bytes, below the lowest
        // bit of `zero`, are exact where the key ends before the line does; a key as long as
        // its line makes a bad line or `e`, whose head is never used.)
        const auto space = static_cast<std::size_t>(std::countr_zero(zero)) / 8;
        return {word & ((zero ^ (zero - 1)) >> 8), line.data(), std::min(space, line.size())};
      }
    }
    return slow(line);
  }
  [[nodiscard]] static plain_key slow(std::string_view line) noexcept;
  // One of 64 bits, the same for the same key: two keys with different bits differ.
  [[nodiscard]] std::uint64_t bit() const noexcept {
    return std::uint64_t{1} << ((head * 0x9E3779B97F4A7C15U + size) >> 58);
  }
  [[nodiscard]] bool same(const plain_key& other) const noexcept {
    return head == other.head && size == other.size &&
           (size <= sizeof head || std::memcmp(data, other.data, size) == 0);
  }
};

// A record's shape, taken line by line as the per-record loop finds its lines (one pass over
// them): the first fault in line order (plain_bad_line, plain_repeated_key), the `fen` value
// and its column in the record on one line.
class plain_record_shape {
 public:
  enum class line_kind : std::uint8_t { field, end, bad };

  // `input`: the buffer the record's lines lie in (its bytes may be read 8 at a time).
  explicit plain_record_shape(std::string_view input) noexcept
      : readable_end_(input.data() + input.size()) {}

  // A record starts at `record`, its first line's first byte.
  void start(const char* record) noexcept {
    record_ = record;
    crlf_ = false;
    seen_ = 0;
    fault_ = {};
    fen_ = {};
  }
  // The record's next line (without CR and LF): `e` (the record's end), a `KEY VALUE` field,
  // or a bad line (after a fault, field stands for every line but `e`).
  line_kind add(std::string_view line) noexcept {
    if (!fault_.ok()) return line == "e" ? line_kind::end : line_kind::field;
    const plain_key key = plain_key::of_line(line, readable_end_);
    if (key.size == 0 || key.size == line.size()) {
      if (line == "e") return line_kind::end;
      fault_ = {core::fen_errc::plain_bad_line, one_line_column(record_, line.data())};
      return line_kind::bad;
    }
    const std::uint64_t bit = key.bit();
    if ((seen_ & bit) != 0 && repeats(key, line.data())) {  // (else no key so far is this one)
      fault_ = {core::fen_errc::plain_repeated_key, one_line_column(record_, line.data())};
      return line_kind::field;
    }
    seen_ |= bit;
    if (key.size == fen_key_size && key.head == fen_key_head) fen_ = line.substr(fen_key_size + 1);
    return line_kind::field;
  }
  // The verdict on the lines added up to `e`.
  [[nodiscard]] core::fen_status verdict() const noexcept {
    if (!fault_.ok()) return fault_;
    if (fen_.data() == nullptr) return {core::fen_errc::plain_no_fen, 1};
    return {};
  }
  [[nodiscard]] std::string_view fen() const noexcept { return fen_; }
  // Whether a line had a CR dropped before its LF (else the lines are one run of the input):
  // told by the reader of the lines.
  void set_crlf(bool crlf) noexcept { crlf_ = crlf; }
  [[nodiscard]] bool crlf() const noexcept { return crlf_; }

  // Where the line starting at `line` starts, 1-based, in the record (starting at `record`)
  // on one line: its lines joined by " | ", CRs dropped.
  [[nodiscard]] static std::uint32_t one_line_column(const char* record, const char* line) noexcept;

 private:
  static constexpr std::uint64_t fen_key_head = 0x6E6566;  // "fen", little-endian
  static constexpr std::uint32_t fen_key_size = 3;

  // Whether a line before the one at `line` (all of them fields) has `key`: found again from
  // the record's text, only where the key's bit was seen.
  [[nodiscard]] bool repeats(const plain_key& key, const char* line) const noexcept;

  const char* readable_end_;
  const char* record_ = nullptr;
  std::uint64_t seen_ = 0;  // the keys' bits
  core::fen_status fault_;
  std::string_view fen_;
  bool crlf_ = false;
};

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
  // The same for a record whose shape the per-record loop took as it found its lines (`shape`
  // has had them all, up to `e`).
  core::fen_status read_shaped(const plain_record_shape& shape, std::string_view record,
                               core::record& rec);
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
  core::fen_status read_shape(std::string_view record) noexcept;
  core::fen_status take_shape(const plain_record_shape& shape, std::string_view record) noexcept;
  template <class WriteFen>
  std::size_t write_lines(std::size_t fen_room, text_buffer& text, WriteFen&& write_fen);

  const line_options& lines_;
  core::write_options write_options_;  // the position: 6 fields
  std::string_view record_;            // the record read last
  std::string_view fen_;               // its `fen` value
  bool crlf_ = false;                  // whether a line of it had a CR dropped
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
