// The precise field-by-field decoder: the reference every decoder implementation must match
// bit for bit (differential tests and fuzzers compare them with decode_precise), and the
// reader of whatever the fast paths decline, which it rejects with a reason and a column.
//
// Accepted input, one line (the terminator LF and one CR before it already removed):
//
//   line       = blanks | blanks "#" anything | blanks record blanks
//   blanks     = { " " | TAB }                      (any run separates fields)
//   record     = placement sep side sep castling sep ep [ counters ] [ sep operations ]
//   counters   = sep halfmove sep fullmove         (6-field FEN; absent = EPD: 0 1)
//   placement  = rank "/" rank "/" ... rank         (exactly 8 ranks, rank 8 first)
//   rank       = { piece | digit }                  covering exactly 8 squares; no two digits
//                                                   in a row (repair mode merges them)
//   piece      = "p" | "n" | "b" | "r" | "q" | "k" | upper-case for white
//   digit      = "1" .. "8"
//   side       = "w" | "b"
//   castling   = "-" | white-rights black-rights    (at most two letters per colour, h-side
//                                                   right first; repair mode takes any order)
//   white      = "K" (outermost rook right of the king on rank 1) | "Q" (outermost left)
//              | "A" .. "H" (the rook on that file: Shredder-FEN, or an X-FEN inner rook)
//   black      = the same in lower case, rank 8
//   ep         = "-" | ("a" .. "h") ("3" | "6")
//   halfmove   = fullmove = ASCII digits, value <= 2^32-1 (leading zeros allowed);
//                fullmove 0 is read as 1
//   operations = EPD operations, see epd_operations.hpp; "hmvc N;" and "fmvn N;" supply the
//                counters of a 4-field record and must agree with counter fields if present.
//
// With decode_options::payload, a record may end in a payload instead:
//   record     = placement sep side sep castling sep ep
//                ( counters [ sep payload ] | sep payload | [ counters ] [ sep operations ] )
//   payload    = anything without ';' whose first token is not three-check counters, and
//                after 4 fields not a number either (that is a halfmove clock); no control
//                bytes but TAB
// kept verbatim; what is accepted without the option keeps its meaning.
//
// Anything else is invalid: 5 fields, a 7th field that is not an operation (no ';' in the rest
// of the line), NUL, control, non-ASCII bytes, and variant syntax ('[', ']', '~', '+').
// Deliberate differences from other parsers (see tests/core/fen_vectors_test.cpp):
// python-chess accepts a last EPD operation without ';', a lone '-' before operations, and
// "a;b" key-value suffixes; shakmaty and chessops accept '_' separators and castling letters in
// any order. fenbatch rejects all of these with a reason; repair mode takes the castling order.
//
// Castling letters are resolved to rook squares with the board known (castling.cpp). This file
// reads the placement and the castling letters; the fields that are the same on every board
// (side, castling "-", ep, counters, operations, payload) are record_fields.hpp's, shared with
// the 10x8 reader.

#include <array>
#include <string_view>

#include "castling.hpp"
#include "line_decoder.hpp"
#include "placement_walk.hpp"

namespace fenbatch::core::decoder {
namespace {

using detail::is_blank;

// Placement byte classes: 1..12 a piece (colour * 6 + type + 1), digit_flag | n a digit,
// slash, 0 anything else.
constexpr std::uint8_t digit_flag = 0x10;
constexpr std::uint8_t slash = 0x20;

constexpr auto placement_table = make_placement_table("PNBRQKpnbrqk", 1, 8, digit_flag, slash);

}  // namespace

fen_status line_decoder::placement() noexcept {
  position& pos = rec_.pos;
  rank_walk<8> at;
  for (; p_ != end_ && !is_blank(*p_); ++p_) {
    const std::uint8_t code = placement_table[static_cast<std::uint8_t>(*p_)];
    if (code != 0 && code <= 12) {
      if (at.file >= 8) return fail(p_, fen_errc::rank_width);
      const auto kind = static_cast<unsigned>(code - 1);
      const bitboard b = square_bb(make_square(at.file, at.rank));
      pos.by_color[kind / 6] |= b;
      pos.by_type[kind % 6] |= b;
      ++at.file;
      at.previous_was_count = false;
    } else if ((code & digit_flag) != 0) {
      if (at.previous_was_count) {
        if (!options_.repair) return fail(p_, fen_errc::rank_syntax);
        rec_.repairs |= repair_bit(repair_kind::digit_run);
      }
      at.file += code & 0x0F;
      if (at.file > 8) return fail(p_, fen_errc::rank_width);
      at.previous_was_count = true;
    } else if (code == slash) {
      if (const fen_errc e = at.next_rank(); e != fen_errc::ok) return fail(p_, e);
    } else if (*p_ == '9') {
      return fail(p_, fen_errc::rank_width);
    } else if (*p_ == '0' && at.previous_was_count && p_[-1] == '1') {
      // "10" is ten empty squares: on this 8-file board a width error (TENBYEIGHT.md).
      return fail(p_ - 1, fen_errc::rank_width);
    } else {
      return fail(p_, unknown_placement_byte(*p_));
    }
  }
  if (const fen_errc e = at.end(); e != fen_errc::ok) return fail(p_, e);
  return {};
}

// The castling letters at p_: the fast resolvers first (when on), then the general one.
castling_problem line_decoder::resolve_letters(const char* field_end) noexcept {
  if (fast_paths_ && fast_castling(p_, field_end, end_, rec_.pos) != nullptr) return {};
  return resolve_castling(p_, field_end, begin_, options_.repair, rec_);
}

template class record_fields<record, 8, line_decoder>;

}  // namespace fenbatch::core::decoder
