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
// This reader owns the lines whose first rank is ten squares wide (has_ten_files, router.cpp);
// an 8-square rank 8 here is rank_width at its '/'.

#include <cstring>

#include "../epd_operations.hpp"
#include "fenbatch/core/line_limits.hpp"
#include "line_reader.hpp"

namespace fenbatch::core::ten_by_eight {
namespace detail {
namespace {

using core::detail::is_blank;
using core::detail::is_digit;

// Three-check counters: "3+3" (remaining checks) or "+1+0" (checks given, lichess).
bool looks_like_check_counts(const char* first, const char* last) noexcept {
  if (first != last && *first == '+') ++first;
  const char* digits = first;
  while (first != last && is_digit(*first)) ++first;
  return first != digits && first != last && *first == '+';
}

// Reads hmvc/fmvn into the counters (scan_operations validates the rest), as the 8x8
// decoder's visitor does for its record type.
class counter_visitor {
 public:
  counter_visitor(record& rec, bool have_counter_fields) noexcept
      : rec_(rec), have_counter_fields_(have_counter_fields) {}

  fen_status opcode(std::string_view op, std::uint32_t column) noexcept {
    target_ = op == "hmvc" ? target::halfmove : op == "fmvn" ? target::fullmove : target::none;
    operands_ = 0;
    if (target_ == target::none) return {};
    bool& seen = target_ == target::halfmove ? seen_halfmove_ : seen_fullmove_;
    if (seen) return {fen_errc::bad_epd_operation, column};  // a second hmvc or fmvn
    seen = true;
    return {};
  }

  fen_status operand(std::string_view text, std::uint32_t column) noexcept {
    if (target_ == target::none) return {};
    if (++operands_ > 1) return {fen_errc::bad_epd_operation, column};
    const fen_errc reason =
        target_ == target::halfmove ? fen_errc::bad_halfmove : fen_errc::bad_fullmove;
    std::uint64_t v = 0;
    for (const char c : text) {
      if (!is_digit(c)) return {reason, column};
      v = v * 10 + static_cast<std::uint64_t>(c - '0');
      if (v > 0xFFFF'FFFFULL) return {reason, column};
    }
    auto value = static_cast<std::uint32_t>(v);
    if (target_ == target::fullmove && value == 0) {
      value = 1;
      rec_.notes |= static_cast<std::uint8_t>(record_note::fullmove_zero);
    }
    position& pos = rec_.pos;
    std::uint32_t& field = target_ == target::halfmove ? pos.halfmove_clock : pos.fullmove_number;
    if (have_counter_fields_) {
      if (field != value) return {fen_errc::counter_conflict, column};
    } else {
      field = value;
      rec_.notes |= static_cast<std::uint8_t>(record_note::counters_from_operations);
    }
    return {};
  }

  fen_status end_operation(std::uint32_t column) const noexcept {
    if (target_ != target::none && operands_ == 0) return {fen_errc::bad_epd_operation, column};
    return {};
  }

 private:
  enum class target : std::uint8_t { none, halfmove, fullmove };
  record& rec_;
  bool have_counter_fields_;
  target target_ = target::none;
  int operands_ = 0;
  bool seen_halfmove_ = false;
  bool seen_fullmove_ = false;
};

}  // namespace

fen_status line_reader::run() noexcept {
  if (static_cast<std::size_t>(end_ - begin_) > max_line_length) {
    return {fen_errc::line_too_long, static_cast<std::uint32_t>(max_line_length + 1)};
  }
  p_ = begin_;
  const char* const line_end = end_;
  while (p_ != end_ && is_blank(*p_)) ++p_;
  while (end_ != p_ && is_blank(end_[-1])) --end_;
  if (p_ == end_) return {fen_errc::skipped_blank, 0};
  if (*p_ == '#') return {fen_errc::skipped_comment, 0};
  if (p_ != begin_ || end_ != line_end) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::whitespace_normalized);
  }
  rec_.placement_column = column(p_);
  if (fen_status s = placement(); !s.ok()) return s;
  skip_blanks();
  if (fen_status s = side(); !s.ok()) return s;
  skip_blanks();
  if (fen_status s = castling(); !s.ok()) return s;
  skip_blanks();
  if (fen_status s = en_passant(); !s.ok()) return s;
  return counters_and_operations();
}

fen_status line_reader::side() noexcept {
  rec_.side_column = column(p_);
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char c = *p_;
  if (c != 'w' && c != 'b') return fail(p_, fen_errc::bad_side);
  ++p_;
  if (p_ != end_ && !is_blank(*p_)) return fail(p_, fen_errc::bad_side);
  rec_.pos.side_to_move = c == 'w' ? color::white : color::black;
  return {};
}

fen_status line_reader::en_passant() noexcept {
  rec_.ep_column = column(p_);
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char* const field_end = token_end(p_);
  if (*p_ == '-') {
    if (field_end - p_ != 1) return fail(p_ + 1, fen_errc::ep_syntax);
  } else {
    if (*p_ < 'a' || *p_ > 'j') return fail(p_, fen_errc::ep_syntax);
    if (field_end - p_ < 2 || (p_[1] != '3' && p_[1] != '6')) {
      return fail(p_ + 1, fen_errc::ep_syntax);
    }
    if (field_end - p_ != 2) return fail(p_ + 2, fen_errc::ep_syntax);
    rec_.pos.ep_square = make_square(*p_ - 'a', p_[1] - '1');
  }
  p_ = field_end;
  return {};
}

// One counter token at p_: ASCII digits, value <= 2^32-1.
fen_status line_reader::counter(fen_errc reason, std::uint32_t& value) noexcept {
  const char* const field_end = token_end(p_);
  std::uint64_t v = 0;
  for (const char* q = p_; q != field_end; ++q) {
    if (!is_digit(*q)) {
      if (looks_like_check_counts(p_, field_end)) return fail(p_, fen_errc::variant_syntax);
      return fail(q, reason);
    }
    v = v * 10 + static_cast<std::uint64_t>(*q - '0');
    if (v > 0xFFFF'FFFFULL) return fail(p_, reason);
  }
  value = static_cast<std::uint32_t>(v);
  p_ = field_end;
  return {};
}

fen_status line_reader::counters_and_operations() noexcept {
  skip_blanks();
  if (p_ == end_) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::epd_form);
    return {};
  }
  const bool has_semicolon = std::memchr(p_, ';', static_cast<std::size_t>(end_ - p_)) != nullptr;
  bool fifth_is_number = true;
  for (const char* q = p_; q != end_ && !is_blank(*q); ++q) fifth_is_number &= is_digit(*q);
  if (has_semicolon && !fifth_is_number) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::epd_form);
    return operations(false);
  }
  if (options_.payload && !has_semicolon && !fifth_is_number &&
      !looks_like_check_counts(p_, token_end(p_))) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::epd_form);
    return keep_payload();
  }
  position& pos = rec_.pos;
  if (fen_status s = counter(fen_errc::bad_halfmove, pos.halfmove_clock); !s.ok()) return s;
  skip_blanks();
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  if (fen_status s = counter(fen_errc::bad_fullmove, pos.fullmove_number); !s.ok()) return s;
  if (pos.fullmove_number == 0) {
    pos.fullmove_number = 1;
    rec_.notes |= static_cast<std::uint8_t>(record_note::fullmove_zero);
  }
  skip_blanks();
  if (p_ == end_) return {};
  if (!has_semicolon) {
    if (looks_like_check_counts(p_, token_end(p_))) return fail(p_, fen_errc::variant_syntax);
    if (options_.payload) return keep_payload();
    return fail(p_, fen_errc::trailing_garbage);
  }
  return operations(true);
}

fen_status line_reader::operations(bool have_counter_fields) noexcept {
  rec_.notes |= static_cast<std::uint8_t>(record_note::has_operations);
  rec_.operations_begin = static_cast<std::uint32_t>(p_ - begin_);
  rec_.operations_end = static_cast<std::uint32_t>(end_ - begin_);
  counter_visitor visitor(rec_, have_counter_fields);
  return core::detail::scan_operations(begin_, p_, end_, visitor);
}

// The rest of the line, verbatim, as on 8x8: control bytes (all but TAB) stay errors.
fen_status line_reader::keep_payload() noexcept {
  for (const char* q = p_; q != end_; ++q) {
    const auto c = static_cast<std::uint8_t>(*q);
    if ((c < 0x20 && c != '\t') || c == 0x7F) return fail(q, fen_errc::control_char);
  }
  rec_.payload_begin = static_cast<std::uint32_t>(p_ - begin_);
  rec_.payload_end = static_cast<std::uint32_t>(end_ - begin_);
  return {};
}

}  // namespace detail

fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept {
  out = record{};
  return detail::line_reader(line, options, out).run();
}

fen_status parse_record(std::string_view line, const decode_options& options,
                        record& out) noexcept {
  const fen_status s = decode(line, options, out);
  if (!s.ok()) return s;
  return validate(out, options);
}

}  // namespace fenbatch::core::ten_by_eight
