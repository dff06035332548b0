// libFuzzer target: arbitrary bytes as one line, through the 10x8 reader (ten_by_eight) in
// strict, repair and payload mode, and through the 8x8 reader beside it. Checks (any violation
// traps, so libFuzzer keeps the input):
// - the status column is 1..size+1 for errors and 0 for skipped lines; decode then validate
//   gives parse_record's status;
// - a line is one board or the other: the 8x8 and the 10x8 reader never both accept it (in the
//   same mode); has_ten_files (the router) is true for every line the 10x8 reader accepts and
//   false for every line the 8x8 reader accepts;
// - whatever the 10x8 reader accepts, written in every format/castling/ep combination (into a
//   buffer of exactly max_written_size bytes), is one line of printable ASCII (six fields with
//   single spaces in FEN format) that re-parses strictly without repairs, writes itself again
//   byte for byte and keeps the position (position, board and, where counters are written,
//   full keys; the bitboards; legal ep; check); the 8x8 reader rejects it; its keys have the
//   10x8 bit (the top bit of `high`) set; a line the writer copies (plain_tail) is what it
//   writes field by field;
// - repair mode accepts every line strict mode accepts, repairs nothing in it and writes the
//   same bytes; a line strict mode rejects for a reason repair mode does not repair is rejected
//   by repair mode too, with the same reason;
// - payload mode accepts what strict mode accepts, with the same output;
// - in every mode the reader with its placement fast path and the precise steps alone
//   (decode_precise) give the same status, column and record, field by field.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "canonical_checks.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/write.hpp"
#include "same_decoding.hpp"
#include "ten_by_eight/line_reader.hpp"

namespace {

using fenbatch::fuzz::all_write_options;
using fenbatch::fuzz::check;
using fenbatch::fuzz::check_shape;
using fenbatch::fuzz::check_status;
using fenbatch::fuzz::is_repairable;

namespace core = fenbatch::core;
namespace tbe = fenbatch::core::ten_by_eight;

using fenbatch::fuzz::payload_mode;
using fenbatch::fuzz::repair_mode;
using fenbatch::fuzz::strict_mode;
constexpr std::array<core::decode_options, 3> all_modes{strict_mode, repair_mode, payload_mode};

tbe::square written_ep(const tbe::record& rec, core::ep_policy policy) {
  switch (policy) {
    case core::ep_policy::legal: return rec.legal_ep;
    case core::ep_policy::pseudo: return rec.pseudo_legal_ep ? rec.pos.ep_square : tbe::no_square;
    case core::ep_policy::always: return rec.pos.ep_square;
  }
  return tbe::no_square;
}

// A 10x8 key carries the board-type bit, so it never equals an 8x8 key.
bool has_ten_by_eight_bit(core::position_key key) {
  return (key.high >> 63) == 1;
}

// The board's written line, into a buffer of exactly its documented size.
std::string write_exact(const tbe::record& rec, std::string_view line,
                        const core::write_options& options) {
  return fenbatch::fuzz::write_exact(rec, line, options, tbe::max_written_size(line.size()));
}

// `rec` was accepted (in any mode) from `line`.
void check_canonical(const tbe::record& rec, std::string_view line) {
  const core::position_key position_key = tbe::make_key(rec, core::key_kind::position);
  const core::position_key board_key = tbe::make_key(rec, core::key_kind::board);
  const core::position_key full_key = tbe::make_key(rec, core::key_kind::full);
  check(has_ten_by_eight_bit(position_key) && has_ten_by_eight_bit(board_key) &&
        has_ten_by_eight_bit(full_key));
  for (const core::write_options& options : all_write_options()) {
    const std::string text = write_exact(rec, line, options);
    check_shape(text, options);
    check(tbe::has_ten_files(text));
    // A line the writer copies (the decoder's plain_tail hint) is what it writes field by field.
    tbe::record field_by_field = rec;
    field_by_field.plain_tail = false;
    check(write_exact(field_by_field, line, options) == text);

    fenbatch::fuzz::check_reads_back(
        rec, text, options,
        [](const tbe::record& r, std::string_view l, const core::write_options& o) {
          return write_exact(r, l, o);
        },
        [](const tbe::record& r, core::ep_policy policy) { return written_ep(r, policy); });

    // Canonical 10x8 text is never an 8x8 line.
    core::record eight;
    check(!core::parse_record(text, strict_mode, eight).ok());
    check(!core::parse_record(text, repair_mode, eight).ok());
  }
}

// The 10x8 reader's verdict on `line` in `mode` (status columns checked, decode + validate
// agreeing with parse_record); returns the status and fills `out`.
core::fen_status read_ten_by_eight(std::string_view line, const core::decode_options& mode,
                                   tbe::record& out) {
  const core::fen_status status = tbe::parse_record(line, mode, out);
  check_status(status, line.size());

  tbe::record stepwise;
  core::fen_status steps = tbe::decode(line, mode, stepwise);
  check_status(steps, line.size());
  if (steps.ok()) {
    steps = tbe::validate(stepwise, mode);
    check_status(steps, line.size());
  }
  check(steps == status);
  return status;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  const bool routed_to_ten = tbe::has_ten_files(line);

  // The fast path against the precise steps, in every mode.
  for (const core::decode_options& mode : all_modes) {
    tbe::record fast;
    tbe::record precise;
    const core::fen_status s = tbe::detail::decode_precise(line, mode, precise);
    check(s == tbe::decode(line, mode, fast));
    if (s.ok()) check(fenbatch::test::same_decoding(precise, fast));
  }

  // One board or the other, in every mode.
  for (const core::decode_options& mode : all_modes) {
    core::record eight;
    const bool eight_ok = core::parse_record(line, mode, eight).ok();
    tbe::record ten;
    const bool ten_ok = tbe::parse_record(line, mode, ten).ok();
    check(!(eight_ok && ten_ok));
    if (ten_ok) check(routed_to_ten);
    if (eight_ok) check(!routed_to_ten);
  }

  tbe::record strict;
  const core::fen_status strict_status = read_ten_by_eight(line, strict_mode, strict);
  tbe::record repaired;
  const core::fen_status repair_status = read_ten_by_eight(line, repair_mode, repaired);
  tbe::record labelled;
  const core::fen_status payload_status = read_ten_by_eight(line, payload_mode, labelled);

  if (strict_status.ok()) {
    check(strict.repairs == 0);
    check(repair_status.ok());
    check(repaired.repairs == 0);
    check(payload_status.ok());
    check(labelled.payload_begin == labelled.payload_end);
    for (const core::write_options& options : all_write_options()) {
      const std::string text = tbe::to_canonical(strict, line, options);
      check(text == tbe::to_canonical(repaired, line, options));
      check(text == tbe::to_canonical(labelled, line, options));
    }
    check_canonical(strict, line);
  } else if (!is_repairable(strict_status.code)) {
    check(repair_status == strict_status);
  }
  if (repair_status.ok()) check_canonical(repaired, line);
  return 0;
}
