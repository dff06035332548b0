// libFuzzer target: arbitrary bytes as one line, through the decoder in strict and repair mode.
// Checks (any violation traps, so libFuzzer keeps the input):
// - the status column is 1..size+1 for errors and 0 for skipped lines;
// - whatever either mode accepts, written in every format/castling/ep combination (into a buffer
//   of exactly max_written_size bytes), is one line of single-space-separated fields that
//   re-parses in both modes without repairs or whitespace notes, writes itself again byte for
//   byte (idempotence) and keeps the position (position and board keys, the full key where
//   counters are written, the bitboards, legal ep, check);
// - repair mode accepts every line strict mode accepts, repairs nothing in it and writes the
//   same bytes; a line strict mode rejects for a reason repair mode does not repair is rejected
//   by repair mode too, with the same reason ("nothing else is repaired");
// - payload mode (--payload) accepts what strict mode accepts with the same output, and beyond
//   that only lines rejected where a payload may begin; their output reads back to itself.

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
#include "fenbatch/core/write.hpp"

namespace {

using fenbatch::fuzz::all_write_options;
using fenbatch::fuzz::check;
using fenbatch::fuzz::check_shape;
using fenbatch::fuzz::check_status;
using fenbatch::fuzz::is_repairable;

namespace core = fenbatch::core;

using fenbatch::fuzz::payload_mode;
using fenbatch::fuzz::repair_mode;
using fenbatch::fuzz::strict_mode;

core::square written_ep(const core::record& rec, core::ep_policy policy) {
  switch (policy) {
    case core::ep_policy::legal: return rec.legal_ep;
    case core::ep_policy::pseudo: return rec.pseudo_legal_ep ? rec.pos.ep_square : core::no_square;
    case core::ep_policy::always: return rec.pos.ep_square;
  }
  return core::no_square;
}

// The board's written line, into a buffer of exactly its documented size.
std::string write_exact(const core::record& rec, std::string_view line,
                        const core::write_options& options) {
  return fenbatch::fuzz::write_exact(rec, line, options, core::max_written_size(line.size()));
}

// `rec` was accepted (in either mode) from `line`.
void check_canonical(const core::record& rec, std::string_view line) {
  for (const core::write_options& options : all_write_options()) {
    const std::string text = write_exact(rec, line, options);
    check_shape(text, options);

    fenbatch::fuzz::check_reads_back(
        rec, text, options,
        [](const core::record& r, std::string_view l, const core::write_options& o) {
          return write_exact(r, l, o);
        },
        [](const core::record& r, core::ep_policy policy) { return written_ep(r, policy); });
  }
}

// --payload accepts what strict mode accepts and writes the same bytes; beyond that only lines
// strict mode rejects where a payload may begin (trailing_garbage after 6 fields,
// bad_halfmove after 4, or a byte-level reason there); such a line, written, reads back in
// payload mode to itself with the same payload (in EPD output: unless the payload begins with
// a digit, which then reads as a halfmove clock).
void check_payload(std::string_view line, core::fen_status strict_status,
                   const core::record& strict) {
  core::record labelled;
  const core::fen_status status = core::parse_record(line, payload_mode, labelled);
  check_status(status, line.size());
  if (strict_status.ok()) {
    check(status.ok() && labelled.payload_begin == labelled.payload_end);
    for (const core::write_options& options : all_write_options()) {
      check(core::to_canonical(strict, line, options) ==
            core::to_canonical(labelled, line, options));
    }
    return;
  }
  if (!status.ok()) return;
  const core::fen_errc why = strict_status.code;
  check(why == core::fen_errc::trailing_garbage || why == core::fen_errc::bad_halfmove ||
        why == core::fen_errc::non_ascii || why == core::fen_errc::bad_whitespace ||
        why == core::fen_errc::misplaced_bom);
  check(labelled.payload_end > labelled.payload_begin);
  const std::string_view payload = labelled.payload(line);
  for (const core::write_options& options : all_write_options()) {
    const std::string text = write_exact(labelled, line, options);
    check(text.size() > payload.size() && text.ends_with(payload) &&
          text[text.size() - payload.size() - 1] == ' ');
    // In EPD output a payload that begins with a digit reads back as a halfmove clock (a
    // documented limit of 4 fields followed by labels).
    if (options.format == core::output_format::epd && payload.front() >= '0' &&
        payload.front() <= '9') {
      continue;
    }
    core::record again;
    check(core::parse_record(text, payload_mode, again).ok());
    check(again.payload(text) == payload);
    check(write_exact(again, text, options) == text);
    check(core::make_key(again, core::key_kind::position) ==
          core::make_key(labelled, core::key_kind::position));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);

  core::record strict;
  const core::fen_status strict_status = core::parse_record(line, strict_mode, strict);
  check_status(strict_status, size);

  core::record repaired;
  const core::fen_status repair_status = core::parse_record(line, repair_mode, repaired);
  check_status(repair_status, size);

  if (strict_status.ok()) {
    check(strict.repairs == 0);
    check(repair_status.ok());
    check(repaired.repairs == 0);
    for (const core::write_options& options : all_write_options()) {
      check(core::to_canonical(strict, line, options) ==
            core::to_canonical(repaired, line, options));
    }
    check_canonical(strict, line);
  } else if (!is_repairable(strict_status.code)) {
    check(repair_status == strict_status);
  }
  if (repair_status.ok()) check_canonical(repaired, line);
  check_payload(line, strict_status, strict);
  return 0;
}
