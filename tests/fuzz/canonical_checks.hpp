// What the FEN/EPD fuzz targets (fen_decode_fuzzer, ten_by_eight_fuzzer) check alike, for either
// board's record: a trap that names the failed check, the modes and write options they try,
// the status's column, and a written line's size and shape.
#pragma once

#include <array>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::fuzz {

namespace core = fenbatch::core;

// Names the failed check (the replay driver has no stack trace for a trap), then traps: no
// unwinding, so libFuzzer's report shows the stack of the failure.
inline void check(bool condition, const char* file = __builtin_FILE(),
                  int line = __builtin_LINE()) {
  if (condition) return;
  std::fprintf(stderr, "%s:%d: check failed\n", file, line);
  __builtin_trap();
}

inline constexpr core::decode_options strict_mode{false};
inline constexpr core::decode_options repair_mode{true};
inline constexpr core::decode_options payload_mode{false, true};

// The reasons repair mode repairs (decode_options::repair).
inline bool is_repairable(core::fen_errc e) {
  return e == core::fen_errc::rank_syntax || e == core::fen_errc::castling_order ||
         e == core::fen_errc::bad_castling_rights || e == core::fen_errc::bad_ep_square;
}

inline std::array<core::write_options, 12> all_write_options() {
  std::array<core::write_options, 12> all{};
  std::size_t i = 0;
  for (const auto format : {core::output_format::fen, core::output_format::epd}) {
    for (const auto castling : {core::castling_notation::xfen, core::castling_notation::shredder}) {
      for (const auto ep :
           {core::ep_policy::legal, core::ep_policy::pseudo, core::ep_policy::always}) {
        all[i++] = core::write_options{format, castling, ep};
      }
    }
  }
  return all;
}

inline void check_status(core::fen_status status, std::size_t size) {
  if (core::is_error(status.code)) {
    check(status.column >= 1 && status.column <= size + 1);
  } else if (core::is_skipped(status.code)) {
    check(status.column == 0);
  }
}

// write_record into a buffer of exactly `capacity` bytes (the board's max_written_size; heap,
// so ASan sees an overrun), which must agree with to_canonical. The record's board picks
// write_record and to_canonical (argument-dependent lookup).
template <class Record>
std::string write_exact(const Record& rec, std::string_view line,
                        const core::write_options& options, std::size_t capacity) {
  const std::unique_ptr<char[]> buffer(new char[capacity]);
  const std::size_t length = write_record(rec, line, options, buffer.get());
  check(length <= capacity);
  std::string text(buffer.get(), length);
  check(text == to_canonical(rec, line, options));
  return text;
}

// One canonical line: a single line of printable ASCII; in FEN format exactly six fields with
// single spaces.
inline void check_shape(std::string_view text, const core::write_options& options) {
  check(!text.empty() && text.front() != ' ' && text.back() != ' ');
  for (const char c : text) check(c != '\n' && c != '\r' && c != '\0');
  if (options.format == core::output_format::fen) {
    std::size_t spaces = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      check((c > ' ' && c < 0x7F) || c == ' ');
      if (c == ' ') {
        ++spaces;
        check(i + 1 < text.size() && text[i + 1] != ' ');
      }
    }
    check(spaces == 5);
  }
}

// `text`, written from the accepted `rec` with `options` by `write` (the board's write_exact),
// re-reads strictly without repairs or normalization, writes itself again, and keeps the
// position: keys (full only where counters are written), legal ep, check, and the bitboards
// with the ep square `written_ep` says was written. The repair reader reads it alike. The
// record's board picks parse_record and make_key (argument-dependent lookup).
template <class Record, class Write, class WrittenEp>
void check_reads_back(const Record& rec, const std::string& text,
                      const core::write_options& options, Write write, WrittenEp written_ep) {
  Record again;
  check(parse_record(text, strict_mode, again).ok());
  check(again.repairs == 0);
  check(!again.has(core::record_note::whitespace_normalized));
  check(write(again, text, options) == text);

  check(make_key(again, core::key_kind::position) == make_key(rec, core::key_kind::position));
  check(make_key(again, core::key_kind::board) == make_key(rec, core::key_kind::board));
  check(again.legal_ep == rec.legal_ep);
  check(again.in_check == rec.in_check);
  auto expected = rec.pos;
  expected.ep_square = written_ep(rec, options.ep);
  if (options.format == core::output_format::fen) {
    // Six fields carry the counters; EPD output carries only what its operations say.
    check(make_key(again, core::key_kind::full) == make_key(rec, core::key_kind::full));
  } else {
    expected.halfmove_clock = again.pos.halfmove_clock;
    expected.fullmove_number = again.pos.fullmove_number;
  }
  check(again.pos == expected);

  // The repair decoder must read canonical text exactly as the strict one does.
  Record repaired;
  check(parse_record(text, repair_mode, repaired).ok());
  check(repaired.repairs == 0);
  check(write(repaired, text, options) == text);
}

}  // namespace fenbatch::fuzz
