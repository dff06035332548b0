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
// Castling letters are resolved to rook squares with the board known (castling.cpp).

#include <array>
#include <cstring>
#include <string_view>

#include "../epd_operations.hpp"
#include "castling.hpp"
#include "line_decoder.hpp"

namespace fenbatch::core::decoder {
namespace {

using detail::is_blank;
using detail::is_digit;

// Placement byte classes: 1..12 a piece (colour * 6 + type + 1), digit_flag | n a digit,
// slash, 0 anything else.
constexpr std::uint8_t digit_flag = 0x10;
constexpr std::uint8_t slash = 0x20;

constexpr auto make_placement_table() {
  std::array<std::uint8_t, 256> t{};
  constexpr std::string_view pieces = "PNBRQKpnbrqk";
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    t[static_cast<std::uint8_t>(pieces[i])] = static_cast<std::uint8_t>(i + 1);
  }
  for (int d = 1; d <= 8; ++d)
    t[static_cast<std::size_t>('0' + d)] = static_cast<std::uint8_t>(digit_flag | d);
  t['/'] = slash;
  return t;
}
constexpr auto placement_table = make_placement_table();

// Three-check counters: "3+3" (remaining checks) or "+1+0" (checks given, lichess).
bool looks_like_check_counts(const char* first, const char* last) noexcept {
  if (first != last && *first == '+') ++first;
  const char* digits = first;
  while (first != last && is_digit(*first)) ++first;
  return first != digits && first != last && *first == '+';
}

// Validates nothing itself (scan_operations does); reads hmvc/fmvn into the counters.
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

fen_status line_decoder::placement() noexcept {
  position& pos = rec_.pos;
  int rank = 7;
  int file = 0;
  bool previous_was_digit = false;
  for (; p_ != end_ && !is_blank(*p_); ++p_) {
    const std::uint8_t code = placement_table[static_cast<std::uint8_t>(*p_)];
    if (code != 0 && code <= 12) {
      if (file >= 8) return fail(p_, fen_errc::rank_width);
      const auto kind = static_cast<unsigned>(code - 1);
      const bitboard b = square_bb(make_square(file, rank));
      pos.by_color[kind / 6] |= b;
      pos.by_type[kind % 6] |= b;
      ++file;
      previous_was_digit = false;
    } else if ((code & digit_flag) != 0) {
      if (previous_was_digit) {
        if (!options_.repair) return fail(p_, fen_errc::rank_syntax);
        rec_.repairs |= repair_bit(repair_kind::digit_run);
      }
      file += code & 0x0F;
      if (file > 8) return fail(p_, fen_errc::rank_width);
      previous_was_digit = true;
    } else if (code == slash) {
      if (file != 8) return fail(p_, fen_errc::rank_width);
      if (rank == 0) return fail(p_, fen_errc::rank_count);
      --rank;
      file = 0;
      previous_was_digit = false;
    } else {
      switch (*p_) {
        case '[':
        case ']':
        case '~':
        case '+': return fail(p_, fen_errc::variant_syntax);
        case '9': return fail(p_, fen_errc::rank_width);
        case '0':
          // "10" is ten empty squares: on this 8-file board a width error (TENBYEIGHT.md).
          if (previous_was_digit && p_[-1] == '1') return fail(p_ - 1, fen_errc::rank_width);
          return fail(p_, fen_errc::bad_piece_char);
        default: return fail(p_, fen_errc::bad_piece_char);
      }
    }
  }
  if (file != 8) return fail(p_, fen_errc::rank_width);
  if (rank != 0) return fail(p_, fen_errc::rank_count);
  return {};
}

fen_status line_decoder::side() noexcept {
  rec_.side_column = column(p_);
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char c = *p_;
  if (c != 'w' && c != 'b') return fail(p_, fen_errc::bad_side);
  ++p_;
  if (p_ != end_ && !is_blank(*p_)) return fail(p_, fen_errc::bad_side);
  rec_.pos.side_to_move = c == 'w' ? color::white : color::black;
  return {};
}

fen_status line_decoder::castling() noexcept {
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char* const field_end = token_end(p_);
  if (*p_ == '-') {
    if (field_end - p_ != 1) return fail(p_ + 1, fen_errc::castling_syntax);
    p_ = field_end;
    return {};
  }
  if (const char* fast_end_at =
          fast_paths_ ? fast_castling(p_, field_end, end_, rec_.pos) : nullptr;
      fast_end_at != nullptr) {
    p_ = fast_end_at;
    return {};
  }
  if (const castling_problem problem =
          resolve_castling(p_, field_end, begin_, options_.repair, rec_);
      problem.at != nullptr) {
    return fail(problem.at, problem.reason);
  }
  p_ = field_end;
  return {};
}

fen_status line_decoder::en_passant() noexcept {
  rec_.ep_column = column(p_);
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char* const field_end = token_end(p_);
  if (*p_ == '-') {
    if (field_end - p_ != 1) return fail(p_ + 1, fen_errc::ep_syntax);
  } else {
    if (*p_ < 'a' || *p_ > 'h') return fail(p_, fen_errc::ep_syntax);
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
fen_status line_decoder::counter(fen_errc reason, std::uint32_t& value) noexcept {
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

fen_status line_decoder::counters_and_operations() noexcept {
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

fen_status line_decoder::operations(bool have_counter_fields) noexcept {
  rec_.notes |= static_cast<std::uint8_t>(record_note::has_operations);
  rec_.operations_begin = static_cast<std::uint32_t>(p_ - begin_);
  rec_.operations_end = static_cast<std::uint32_t>(end_ - begin_);
  counter_visitor visitor(rec_, have_counter_fields);
  return detail::scan_operations(begin_, p_, end_, visitor);
}

// The rest of the line, verbatim (the blanks before it are already skipped, those after it
// trimmed with the line's). Control bytes (all but TAB) stay errors, so that the output
// stays text; other bytes, UTF-8 included, are the user's.
fen_status line_decoder::keep_payload() noexcept {
  for (const char* q = p_; q != end_; ++q) {
    const auto c = static_cast<std::uint8_t>(*q);
    if ((c < 0x20 && c != '\t') || c == 0x7F) return fail(q, fen_errc::control_char);
  }
  rec_.payload_begin = static_cast<std::uint32_t>(p_ - begin_);
  rec_.payload_end = static_cast<std::uint32_t>(end_ - begin_);
  return {};
}

}  // namespace fenbatch::core::decoder
