// The 10x8 X-FEN reader (../shared/TENBYEIGHT.md): the 8x8 precise decoder's grammar
// (core/src/decoder/precise_fields.cpp) widened to ten files, read field by field.
//
//   line       = blanks | blanks "#" anything | blanks record blanks
//   record     = placement sep side sep castling sep ep [ counters ] [ sep operations ]
//                (with decode_options::payload, a payload as on 8x8)
//   placement  = rank "/" rank "/" ... rank         (exactly 8 ranks, rank 8 first)
//   rank       = { piece | count }                  covering exactly 10 squares; no two counts
//                                                   in a row (repair mode adds them up)
//   piece      = "p" | "n" | "b" | "r" | "q" | "k" | "a" | "c" | upper-case for white
//   count      = "1" .. "9" | "10"                  (a "0" that does not end a "10" is
//                                                   rank_syntax, in repair mode too)
//   side       = "w" | "b"
//   castling   = "-" | white-rights black-rights    (at most two letters per colour; K, then
//                                                   files j..a, then Q; repair mode reorders)
//   white      = "K" (outermost rook on the king's j side, rank 1) | "Q" (outermost, a side)
//              | "A" .. "J" (the rook on that file: Shredder-FEN, or an X-FEN inner rook)
//   black      = the same in lower case, rank 8
//   ep         = "-" | ("a" .. "j") ("3" | "6")
//   halfmove   = fullmove = ASCII digits, value <= 2^32-1; fullmove 0 is read as 1
//   operations = EPD operations (../epd_operations.hpp); hmvc/fmvn as on 8x8.
//
// Only the placement and the castling letters are this board's own; the framing and the other
// fields are the 8x8 decoder's steps (../decoder/record_fields.hpp), instantiated here.
//
// This reader owns the lines whose first rank is ten squares wide (has_ten_files, router.cpp);
// an 8-square rank 8 here is rank_width at its '/'.

#include "line_reader.hpp"

namespace fenbatch::core::decoder {
template class record_fields<ten_by_eight::record, ten_by_eight::file_count,
                             ten_by_eight::detail::line_reader>;
}  // namespace fenbatch::core::decoder

namespace fenbatch::core::ten_by_eight {
namespace detail {

fen_status line_reader::run() noexcept {
  if (fen_status s = frame(); !s.ok()) return s;
  rec_.placement_column = column(p_);
  const char* const placement_begin = p_;
  if (const char* field_end = fast_paths_ ? fast_placement(p_, end_, rec_.pos) : nullptr;
      field_end != nullptr) {
    p_ = field_end;
  } else if (fen_status s = placement(); !s.ok()) {
    return s;
  }
  if (!rec_.repaired(repair_kind::digit_run)) {
    rec_.placement_length = static_cast<std::uint32_t>(p_ - placement_begin);
  }
  if (fast_paths_ && fast_tail()) return {};
  return fields_after_placement();
}

}  // namespace detail

namespace {

// Copied into the record to reset it: `out = record{}` built the blank record on the stack
// with rep stos and read it back at once, a store-forwarding stall of a tenth of the core
// path's time (perf, fenbatch_core_bench).
constexpr record blank_record{};

}  // namespace

fen_status detail::decode_precise(std::string_view line, const decode_options& options,
                                  record& out) noexcept {
  out = blank_record;
  return line_reader(line, options, out, false).run();
}

fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept {
  out = blank_record;
  return detail::line_reader(line, options, out, true).run();
}

fen_status parse_record(std::string_view line, const decode_options& options,
                        record& out) noexcept {
  const fen_status s = decode(line, options, out);
  if (!s.ok()) return s;
  return validate(out, options);
}

}  // namespace fenbatch::core::ten_by_eight
