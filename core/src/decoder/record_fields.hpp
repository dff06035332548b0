// The board-independent part of reading one line, shared by the 8x8 decoder (line_decoder)
// and the 10x8 reader (ten_by_eight/line_reader.hpp): the line's framing, the side, the en
// passant field, the castling field's "-", the counters, EPD operations (hmvc/fmvn) and the
// payload. Only the placement and the castling letters depend on the board; each reader
// supplies those.
//
// Record is core::record or ten_by_eight::record (the same member names), Files the board's
// width, Fields the reader deriving from this: it provides resolve_letters(field_end), which
// resolves a castling field other than "-" at p_ into rook squares (or names its problem). The
// steps that only the precise path takes are defined out of the class and instantiated once per
// reader (precise_fields.cpp, ten_by_eight/decode.cpp), so that they stay calls, never inlined into
// the 8x8 hot path (decode_with).
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "../char_class.hpp"
#include "../epd_operations.hpp"
#include "castling_resolver.hpp"
#include "fenbatch/core/line_limits.hpp"

namespace fenbatch::core::decoder {

// Three-check counters: "3+3" (remaining checks) or "+1+0" (checks given, lichess).
inline bool looks_like_check_counts(const char* first, const char* last) noexcept {
  if (first != last && *first == '+') ++first;
  const char* digits = first;
  while (first != last && detail::is_digit(*first)) ++first;
  return first != digits && first != last && *first == '+';
}

// Validates nothing itself (scan_operations does); reads hmvc/fmvn into the counters.
template <class Record>
class counter_visitor {
 public:
  counter_visitor(Record& rec, bool have_counter_fields) noexcept
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
      if (!detail::is_digit(c)) return {reason, column};
      v = v * 10 + static_cast<std::uint64_t>(c - '0');
      if (v > 0xFFFF'FFFFULL) return {reason, column};
    }
    auto value = static_cast<std::uint32_t>(v);
    if (target_ == target::fullmove && value == 0) {
      value = 1;
      rec_.notes |= static_cast<std::uint8_t>(record_note::fullmove_zero);
    }
    std::uint32_t& field =
        target_ == target::halfmove ? rec_.pos.halfmove_clock : rec_.pos.fullmove_number;
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
  Record& rec_;
  bool have_counter_fields_;
  target target_ = target::none;
  int operands_ = 0;
  bool seen_halfmove_ = false;
  bool seen_fullmove_ = false;
};

template <class Record, int Files, class Fields>
class record_fields {
 protected:
  record_fields(std::string_view line, const decode_options& options, Record& out) noexcept
      : begin_(line.data()), end_(line.data() + line.size()), options_(options), rec_(out) {}

  [[nodiscard]] std::uint32_t column(const char* at) const noexcept {
    return static_cast<std::uint32_t>(at - begin_ + 1);
  }
  // The error at `at`: a byte-level reason if the byte can never appear, else `reason`.
  [[nodiscard]] fen_status fail(const char* at, fen_errc reason) const noexcept {
    if (at != end_) {
      const fen_errc byte = detail::byte_error(at, end_);
      if (byte != fen_errc::ok) reason = byte;
    }
    return {reason, column(at)};
  }
  [[nodiscard]] const char* token_end(const char* at) const noexcept {
    while (at != end_ && !detail::is_blank(*at)) ++at;
    return at;
  }
  void skip_blanks() noexcept {
    const char* const start = p_;
    while (p_ != end_ && detail::is_blank(*p_)) ++p_;
    // Canonical output separates fields by exactly one space (no run at all: end of line).
    if (p_ != start && (p_ - start != 1 || *start != ' ')) {
      rec_.notes |= static_cast<std::uint8_t>(record_note::whitespace_normalized);
    }
  }

  // Length, blanks and comments: ok with p_ at the placement and end_ before the trailing
  // blanks, else why the line holds no record (skipped_blank and skipped_comment included).
  [[gnu::always_inline]] fen_status frame() noexcept {
    if (static_cast<std::size_t>(end_ - begin_) > max_line_length) {
      return {fen_errc::line_too_long, static_cast<std::uint32_t>(max_line_length + 1)};
    }
    p_ = begin_;
    const char* const line_end = end_;
    while (p_ != end_ && detail::is_blank(*p_)) ++p_;
    while (end_ != p_ && detail::is_blank(end_[-1])) --end_;
    if (p_ == end_) return {fen_errc::skipped_blank, 0};
    if (*p_ == '#') return {fen_errc::skipped_comment, 0};
    if (p_ != begin_ || end_ != line_end) {
      rec_.notes |= static_cast<std::uint8_t>(record_note::whitespace_normalized);
    }
    return {};
  }

  // Every field after the placement, field by field (p_ at the placement's end). Inline: in
  // the 8x8 run() this is its precise path's tail, as it was before it was shared.
  [[gnu::always_inline]] fen_status fields_after_placement() noexcept {
    skip_blanks();
    if (fen_status s = side(); !s.ok()) return s;
    skip_blanks();
    if (fen_status s = castling(); !s.ok()) return s;
    skip_blanks();
    if (fen_status s = en_passant(); !s.ok()) return s;
    return counters_and_operations();
  }

  fen_status side() noexcept;
  fen_status castling() noexcept;
  fen_status en_passant() noexcept;
  fen_status counter(fen_errc reason, std::uint32_t& value) noexcept;
  fen_status counters_and_operations() noexcept;
  fen_status operations(bool have_counter_fields) noexcept;
  fen_status keep_payload() noexcept;

  const char* const begin_;
  const char* end_;
  const char* p_ = nullptr;
  const decode_options& options_;
  Record& rec_;
};

template <class Record, int Files, class Fields>
fen_status record_fields<Record, Files, Fields>::side() noexcept {
  rec_.side_column = column(p_);
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char c = *p_;
  if (c != 'w' && c != 'b') return fail(p_, fen_errc::bad_side);
  ++p_;
  if (p_ != end_ && !detail::is_blank(*p_)) return fail(p_, fen_errc::bad_side);
  rec_.pos.side_to_move = c == 'w' ? color::white : color::black;
  return {};
}

template <class Record, int Files, class Fields>
fen_status record_fields<Record, Files, Fields>::castling() noexcept {
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char* const field_end = token_end(p_);
  if (*p_ == '-') {
    if (field_end - p_ != 1) return fail(p_ + 1, fen_errc::castling_syntax);
  } else if (const castling_problem problem =
                 static_cast<Fields&>(*this).resolve_letters(field_end);
             problem.at != nullptr) {
    return fail(problem.at, problem.reason);
  }
  p_ = field_end;
  return {};
}

template <class Record, int Files, class Fields>
fen_status record_fields<Record, Files, Fields>::en_passant() noexcept {
  using square_type = decltype(rec_.pos.ep_square);
  rec_.ep_column = column(p_);
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char* const field_end = token_end(p_);
  if (*p_ == '-') {
    if (field_end - p_ != 1) return fail(p_ + 1, fen_errc::ep_syntax);
  } else {
    if (*p_ < 'a' || *p_ >= 'a' + Files) return fail(p_, fen_errc::ep_syntax);
    if (field_end - p_ < 2 || (p_[1] != '3' && p_[1] != '6')) {
      return fail(p_ + 1, fen_errc::ep_syntax);
    }
    if (field_end - p_ != 2) return fail(p_ + 2, fen_errc::ep_syntax);
    rec_.pos.ep_square = static_cast<square_type>((p_[1] - '1') * Files + (*p_ - 'a'));
  }
  p_ = field_end;
  return {};
}

// One counter token at p_: ASCII digits, value <= 2^32-1.
template <class Record, int Files, class Fields>
fen_status record_fields<Record, Files, Fields>::counter(fen_errc reason,
                                                         std::uint32_t& value) noexcept {
  const char* const field_end = token_end(p_);
  std::uint64_t v = 0;
  for (const char* q = p_; q != field_end; ++q) {
    if (!detail::is_digit(*q)) {
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

template <class Record, int Files, class Fields>
fen_status record_fields<Record, Files, Fields>::counters_and_operations() noexcept {
  skip_blanks();
  if (p_ == end_) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::epd_form);
    return {};
  }
  const bool has_semicolon = std::memchr(p_, ';', static_cast<std::size_t>(end_ - p_)) != nullptr;
  bool fifth_is_number = true;
  for (const char* q = p_; q != end_ && !detail::is_blank(*q); ++q) {
    fifth_is_number &= detail::is_digit(*q);
  }
  if (has_semicolon && !fifth_is_number) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::epd_form);
    return operations(false);
  }
  if (options_.payload && !has_semicolon && !fifth_is_number &&
      !looks_like_check_counts(p_, token_end(p_))) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::epd_form);
    return keep_payload();
  }
  auto& pos = rec_.pos;
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

template <class Record, int Files, class Fields>
fen_status record_fields<Record, Files, Fields>::operations(bool have_counter_fields) noexcept {
  rec_.notes |= static_cast<std::uint8_t>(record_note::has_operations);
  rec_.operations_begin = static_cast<std::uint32_t>(p_ - begin_);
  rec_.operations_end = static_cast<std::uint32_t>(end_ - begin_);
  counter_visitor<Record> visitor(rec_, have_counter_fields);
  return detail::scan_operations(begin_, p_, end_, visitor);
}

// The rest of the line, verbatim (the blanks before it are already skipped, those after it
// trimmed with the line's). Control bytes (all but TAB) stay errors, so that the output
// stays text; other bytes, UTF-8 included, are the user's.
template <class Record, int Files, class Fields>
fen_status record_fields<Record, Files, Fields>::keep_payload() noexcept {
  for (const char* q = p_; q != end_; ++q) {
    const auto c = static_cast<std::uint8_t>(*q);
    if ((c < 0x20 && c != '\t') || c == 0x7F) return fail(q, fen_errc::control_char);
  }
  rec_.payload_begin = static_cast<std::uint32_t>(p_ - begin_);
  rec_.payload_end = static_cast<std::uint32_t>(end_ - begin_);
  return {};
}

}  // namespace fenbatch::core::decoder
