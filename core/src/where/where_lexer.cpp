#include "where_lexer.hpp"

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "../char_class.hpp"

namespace fenbatch::core::detail {
namespace {

struct word_entry {
  std::string_view text;
  where_type type;
  std::int64_t value;
};

constexpr std::array<word_entry, 7> words{{
    {"w", where_type::side, static_cast<std::int64_t>(color::white)},
    {"b", where_type::side, static_cast<std::int64_t>(color::black)},
    {"none", where_type::castling, static_cast<std::int64_t>(castling_class::none)},
    {"standard", where_type::castling, static_cast<std::int64_t>(castling_class::standard)},
    {"chess960", where_type::castling, static_cast<std::int64_t>(castling_class::chess960)},
    {"8x8", where_type::board, static_cast<std::int64_t>(board_kind::eight_by_eight)},
    {"10x8", where_type::board, static_cast<std::int64_t>(board_kind::ten_by_eight)},
}};

struct keyword_entry {
  std::string_view text;
  where_token_kind kind;
};

constexpr std::array<keyword_entry, 4> keywords{{
    {"and", where_token_kind::keyword_and},
    {"or", where_token_kind::keyword_or},
    {"not", where_token_kind::keyword_not},
    {"abs", where_token_kind::keyword_abs},
}};

constexpr bool is_word_char(char c) noexcept {
  return is_alpha(c) || is_digit(c) || c == '_';
}

// A `$NAME` field name's bytes: JSON paths ("evals.0.depth"), header names ("best-move"),
// UTF-8 names.
constexpr bool is_field_char(char c) noexcept {
  return is_word_char(c) || c == '.' || c == '-' || static_cast<unsigned char>(c) >= 0x80;
}

std::optional<where_token> word_token(std::string_view text) {
  for (const word_entry& w : words) {
    if (w.text == text) {
      where_token t;
      t.kind = where_token_kind::word;
      t.word_type = w.type;
      t.value = w.value;
      return t;
    }
  }
  return std::nullopt;
}

std::optional<where_token> name_or_keyword_token(std::string_view text) {
  for (const keyword_entry& k : keywords) {
    if (k.text == text) {
      where_token t;
      t.kind = k.kind;
      return t;
    }
  }
  for (int i = 0; i < where_name_count; ++i) {
    const auto n = static_cast<where_name>(i);
    if (to_string(n) == text) {
      where_token t;
      t.kind = where_token_kind::name;
      t.name = n;
      return t;
    }
  }
  return word_token(text);
}

// An integer, or nullopt past 2^63 - 1 in magnitude. `digits` is one or more digits.
std::optional<std::int64_t> integer_value(std::string_view digits, bool negative) {
  constexpr auto max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  std::uint64_t magnitude = 0;
  for (const char c : digits) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (magnitude > (max - digit) / 10) return std::nullopt;
    magnitude = magnitude * 10 + digit;
  }
  const auto value = static_cast<std::int64_t>(magnitude);
  return negative ? -value : value;
}

where_error fault(where_errc code, std::size_t at, std::string_view what, std::string_view text) {
  std::string message(what);
  message.append(text);
  return {code, static_cast<std::uint32_t>(at + 1), std::move(message)};
}

std::string quoted(std::string_view text) {
  std::string out("'");
  out.append(text);
  out.push_back('\'');
  return out;
}

std::string character_phrase(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte > 0x20 && byte < 0x7F) return quoted(std::string_view(&c, 1));
  constexpr std::string_view hex = "0123456789ABCDEF";
  std::string out("byte 0x");
  out.push_back(hex[byte >> 4]);
  out.push_back(hex[byte & 15]);
  return out;
}

// A comparison operator at `at`, its length in `length`; nullopt if there is none.
std::optional<where_op> comparison_at(std::string_view s, std::size_t at, std::size_t& length) {
  const char c = s[at];
  const bool then_equals = at + 1 < s.size() && s[at + 1] == '=';
  length = then_equals ? 2 : 1;
  switch (c) {
    case '=': return then_equals ? std::optional(where_op::equal) : std::nullopt;
    case '!': return then_equals ? std::optional(where_op::not_equal) : std::nullopt;
    case '<': return then_equals ? where_op::less_equal : where_op::less;
    case '>': return then_equals ? where_op::greater_equal : where_op::greater;
    default: return std::nullopt;
  }
}

// `-?digits.digits` as a double, or nullopt.
std::optional<double> decimal_value(std::string_view text) {
  const std::size_t point = text.find('.');
  const std::size_t first = text[0] == '-' ? 1 : 0;
  if (point == std::string_view::npos || point == first || point + 1 == text.size()) {
    return std::nullopt;
  }
  for (std::size_t i = first; i < text.size(); ++i) {
    if (i != point && !is_digit(text[i])) return std::nullopt;
  }
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The token starting with a digit or '-': an integer, a decimal, 8x8 or 10x8.
where_error number_token(std::string_view text, std::size_t at, where_token& out) {
  const bool negative = text[0] == '-';
  const std::string_view digits = text.substr(negative ? 1 : 0);
  bool all_digits = !digits.empty();
  for (const char c : digits) all_digits &= is_digit(c);
  if (const std::optional<double> decimal = decimal_value(text)) {
    out.kind = where_token_kind::decimal;
    out.number = *decimal;
    return {};
  }
  if (all_digits) {
    const std::optional<std::int64_t> value = integer_value(digits, negative);
    if (!value) return fault(where_errc::number_out_of_range, at, "integer out of range: ", text);
    out.kind = where_token_kind::integer;
    out.value = *value;
    return {};
  }
  if (std::optional<where_token> word = word_token(text)) {
    out = *word;
    return {};
  }
  return fault(where_errc::bad_number, at, "malformed number ", quoted(text));
}

// A field at `at` ('$'): `$NAME` or `${ANY TEXT}`; `length` is set to its bytes.
where_error field_token(std::string_view s, std::size_t at, std::size_t& length, where_token& out) {
  out.kind = where_token_kind::field;
  if (at + 1 < s.size() && s[at + 1] == '{') {
    const std::size_t close = s.find('}', at + 2);
    if (close == std::string_view::npos || close == at + 2) {
      return fault(
          where_errc::bad_field, at,
          close == std::string_view::npos ? "'${' without its '}'" : "empty field name '${}'", "");
    }
    length = close + 1 - at;
    out.text = s.substr(at + 2, close - at - 2);
    return {};
  }
  length = 1;
  while (at + length < s.size() && is_field_char(s[at + length])) ++length;
  if (length == 1) return fault(where_errc::bad_field, at, "'$' without a field name", "");
  out.text = s.substr(at + 1, length - 1);
  return {};
}

}  // namespace

where_error lex_where(std::string_view s, std::vector<where_token>& out) {
  out.clear();
  std::size_t at = 0;
  while (at < s.size()) {
    const char c = s[at];
    if (is_blank(c)) {
      ++at;
      continue;
    }
    where_token token;
    std::size_t length = 1;
    if (c == '(' || c == ')') {
      token.kind = c == '(' ? where_token_kind::open : where_token_kind::close;
    } else if (const std::optional<where_op> op = comparison_at(s, at, length)) {
      token.kind = where_token_kind::compare;
      token.op = *op;
    } else if (c == '"') {
      const std::size_t close = s.find('"', at + 1);
      if (close == std::string_view::npos) {
        return fault(where_errc::unterminated_string, at, "string without its closing quote", "");
      }
      token.kind = where_token_kind::string;
      length = close + 1 - at;
    } else if (c == '$') {
      if (where_error e = field_token(s, at, length, token); !e.ok()) return e;
    } else if (is_word_char(c) || c == '-') {
      // A number's run takes '.' too, so that a decimal is one token ("0.5").
      const bool numeric = is_digit(c) || c == '-';
      length = 1;
      while (at + length < s.size() &&
             (is_word_char(s[at + length]) || (numeric && s[at + length] == '.'))) {
        ++length;
      }
      const std::string_view text = s.substr(at, length);
      if (is_digit(c) || c == '-') {
        if (where_error e = number_token(text, at, token); !e.ok()) return e;
      } else if (std::optional<where_token> t = name_or_keyword_token(text)) {
        token = *t;
      } else {
        return fault(where_errc::unknown_name, at, "unknown name ", quoted(text));
      }
    } else {
      std::string what("unexpected ");
      what.append(character_phrase(c));
      if (c == '=') what.append(" (comparisons use ==)");
      if (c == '!') what.append(" (write != or not)");
      return fault(where_errc::unexpected_character, at, what, "");
    }
    token.column = static_cast<std::uint32_t>(at + 1);
    if (token.kind == where_token_kind::string) {
      token.text = s.substr(at + 1, length - 2);
    } else if (token.kind != where_token_kind::field) {
      token.text = s.substr(at, length);
    }
    out.push_back(token);
    at += length;
  }
  where_token end;
  end.column = static_cast<std::uint32_t>(s.size() + 1);
  out.push_back(end);
  return {};
}

}  // namespace fenbatch::core::detail
