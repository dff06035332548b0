// Compiling a --where expression, and evaluating the compiled program per line.
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "fenbatch/core/where_expression.hpp"
#include "where_compiler.hpp"
#include "where_lexer.hpp"

namespace fenbatch::core {
namespace {

std::int64_t value_of(const where_values& v, where_name n) noexcept {
  switch (n) {
    case where_name::pieces: return v.pieces;
    case where_name::pawns: return v.pawns;
    case where_name::side: return static_cast<std::int64_t>(v.side);
    case where_name::in_check: return v.in_check ? 1 : 0;
    case where_name::legal_moves: return v.legal_moves;
    case where_name::ep: return v.ep ? 1 : 0;
    case where_name::castling: return static_cast<std::int64_t>(v.castling);
    case where_name::halfmove: return v.halfmove;
    case where_name::fullmove: return v.fullmove;
    case where_name::ply: return v.ply;
    case where_name::material: return v.material;
    case where_name::non_pawn_material: return v.non_pawn_material;
    case where_name::simple_eval: return v.simple_eval;
    // The code's bits as they are: only compared for equality.
    case where_name::signature: return static_cast<std::int64_t>(v.signature);
    case where_name::board: return static_cast<std::int64_t>(v.board);
  }
  return 0;
}

double as_number(std::int64_t bits) noexcept {
  return std::bit_cast<double>(bits);
}
std::int64_t as_bits(double number) noexcept {
  return std::bit_cast<std::int64_t>(number);
}

// Field `field` of the values; every field is missing when the caller gave none.
const where_field& field_of(const where_values& v, std::int64_t field) noexcept {
  static constexpr where_field missing{};
  return v.fields != nullptr ? v.fields[field] : missing;
}

// A field's value on the stack: its number, or NaN (which no number comparison holds for).
std::int64_t field_number(const where_values& v, std::int64_t field) noexcept {
  const where_field& f = field_of(v, field);
  return as_bits(f.type == where_field::kind::number ? f.number
                                                     : std::numeric_limits<double>::quiet_NaN());
}

// Fields compared with == (`equal`) or !=: false when either is missing; as numbers when both
// are, else by text.
bool fields_compare(const where_field& a, const where_field& b, bool equal) noexcept {
  using kind = where_field::kind;
  if (a.type == kind::missing || b.type == kind::missing) return false;
  const bool same =
      a.type == kind::number && b.type == kind::number ? a.number == b.number : a.text == b.text;
  return same == equal;
}

// A number comparison; `integers` says which operands are integers to convert (bit 1: a, 2: b).
// With NaN (a missing or string field) every comparison is false, != included.
bool compare_numbers(where_op op, std::int64_t a_bits, std::int64_t b_bits,
                     std::int64_t integers) noexcept {
  const double a = (integers & 1) != 0 ? static_cast<double>(a_bits) : as_number(a_bits);
  const double b = (integers & 2) != 0 ? static_cast<double>(b_bits) : as_number(b_bits);
  switch (op) {
    case where_op::number_equal: return a == b;
    case where_op::number_not_equal: return a < b || a > b;
    case where_op::number_less: return a < b;
    case where_op::number_less_equal: return a <= b;
    case where_op::number_greater: return a > b;
    default: return a >= b;
  }
}

// An integer comparison (`op` from equal to greater_equal).
bool compare_integers(where_op op, std::int64_t a, std::int64_t b) noexcept {
  switch (op) {
    case where_op::equal: return a == b;
    case where_op::not_equal: return a != b;
    case where_op::less: return a < b;
    case where_op::less_equal: return a <= b;
    case where_op::greater: return a > b;
    default: return a >= b;
  }
}

// The ops that push a value computed from fields alone (the text comparisons).
bool field_text_value(const where_instruction& i, const where_values& v,
                      const std::vector<std::string>& strings) noexcept {
  const where_field& f = field_of(v, i.operand);
  switch (i.op) {
    case where_op::field_text_equal:
    case where_op::field_text_not_equal: {
      if (f.type == where_field::kind::missing) return false;
      const bool same = f.text == strings[static_cast<std::size_t>(i.operand2)];
      return same == (i.op == where_op::field_text_equal);
    }
    default: return fields_compare(f, field_of(v, i.operand2), i.op == where_op::fields_equal);
  }
}

bool is_blank_byte(char c) noexcept {
  return c == ' ' || c == '\t';
}

// The common field, an optional '-' and at most 15 digits with no blank nor point, read in one
// pass; false for anything else (read_where_field's general path then decides).
bool read_short_integer(std::string_view text, double& value) noexcept {
  const bool negative = !text.empty() && text.front() == '-';
  const std::size_t first = negative ? 1 : 0;
  if (text.size() <= first || text.size() - first > 15) return false;
  std::uint64_t integer = 0;
  for (std::size_t i = first; i < text.size(); ++i) {
    const auto digit = static_cast<unsigned>(text[i]) - unsigned{'0'};
    if (digit > 9) return false;
    integer = integer * 10 + digit;
  }
  value = negative ? -static_cast<double>(integer) : static_cast<double>(integer);
  return true;
}

}  // namespace

where_field read_where_field(std::string_view text) noexcept {
  where_field out;
  out.text = text;
  if (read_short_integer(text, out.number)) {
    out.type = where_field::kind::number;
    return out;
  }
  out.type = where_field::kind::string;
  std::string_view s = text;
  while (!s.empty() && is_blank_byte(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank_byte(s.back())) s.remove_suffix(1);
  const bool negative = !s.empty() && s.front() == '-';
  if (!s.empty() && (s.front() == '+' || negative)) s.remove_prefix(1);
  std::size_t digits = 0;
  std::size_t points = 0;
  std::uint64_t integer = 0;  // the digits' value while there are few enough to be exact
  for (const char c : s) {
    if (c >= '0' && c <= '9') {
      ++digits;
      integer = integer * 10 + static_cast<std::uint64_t>(c - '0');
    } else if (c == '.') {
      ++points;
    } else {
      return out;
    }
  }
  if (digits == 0 || points > 1) return out;
  double value = 0;
  if (points == 0 && digits <= 15) {
    value = static_cast<double>(integer);  // exact: below 2^53 (from_chars costs ~100x more)
  } else if (std::from_chars(s.data(), s.data() + s.size(), value).ec != std::errc{}) {
    return out;
  }
  out.type = where_field::kind::number;
  out.number = negative ? -value : value;
  return out;
}

where_error compile_where(std::string_view expression, where_program& out,
                          std::vector<std::string>& field_names) {
  out = where_program{};
  std::vector<detail::where_token> tokens;
  if (where_error e = detail::lex_where(expression, tokens); !e.ok()) return e;
  return detail::where_compiler(tokens, field_names).compile(out);
}

where_error compile_where(std::string_view expression, where_program& out) {
  std::vector<std::string> field_names;
  return compile_where(expression, out, field_names);
}

bool where_program::misses_field(const where_values& values) const noexcept {
  for (const std::uint32_t f : fields_) {
    if (field_of(values, f).type == where_field::kind::missing) return true;
  }
  return false;
}

// The compiler checked the types and bounded the stack (where_stack_size), so the loop checks
// neither. Integer values stay far from 2^63 and literals are at most 2^63 - 1 in magnitude, so
// abs cannot overflow.
bool where_program::evaluate(const where_values& values) const noexcept {
  // The common rules `$FIELD op literal` (`$score > 100`) and `NAME op literal` (`pieces > 8`):
  // compared without the stack loop.
  if (code_.size() == 3 && code_[1].op == where_op::push) {
    const where_op op = code_[2].op;
    if (code_[0].op == where_op::load_field && op >= where_op::number_equal &&
        op <= where_op::number_greater_equal) {
      return compare_numbers(op, field_number(values, code_[0].operand), code_[1].operand,
                             code_[2].operand);
    }
    if (code_[0].op == where_op::load && op >= where_op::equal && op <= where_op::greater_equal) {
      return compare_integers(op, value_of(values, code_[0].name), code_[1].operand);
    }
  }
  std::array<std::int64_t, where_stack_size> stack;  // NOLINT: written before it is read
  std::size_t top = 0;
  for (const where_instruction& i : code_) {
    if (i.op == where_op::push || i.op == where_op::load) {
      stack[top++] = i.op == where_op::push ? i.operand : value_of(values, i.name);
      continue;
    }
    switch (i.op) {
      case where_op::load_field: stack[top++] = field_number(values, i.operand); continue;
      case where_op::field_text_equal:
      case where_op::field_text_not_equal:
      case where_op::fields_equal:
      case where_op::fields_not_equal:
        stack[top++] = field_text_value(i, values, strings_) ? 1 : 0;
        continue;
      default: break;
    }
    std::int64_t& a = stack[top - 1];
    switch (i.op) {
      case where_op::absolute: a = a < 0 ? -a : a; continue;
      case where_op::absolute_number: a = as_bits(std::fabs(as_number(a))); continue;
      case where_op::signature_is: a = (a == i.operand || a == i.operand2) ? 1 : 0; continue;
      case where_op::logical_not: a = a == 0 ? 1 : 0; continue;
      default: break;
    }
    const std::int64_t b = stack[--top];
    std::int64_t& left = stack[top - 1];
    switch (i.op) {
      case where_op::equal: left = left == b; break;
      case where_op::not_equal: left = left != b; break;
      case where_op::less: left = left < b; break;
      case where_op::less_equal: left = left <= b; break;
      case where_op::greater: left = left > b; break;
      case where_op::greater_equal: left = left >= b; break;
      case where_op::logical_and: left = left & b; break;
      case where_op::logical_or: left = left | b; break;
      case where_op::number_equal:
      case where_op::number_not_equal:
      case where_op::number_less:
      case where_op::number_less_equal:
      case where_op::number_greater:
      case where_op::number_greater_equal:
        left = compare_numbers(i.op, left, b, i.operand) ? 1 : 0;
        break;
      default: break;
    }
  }
  return top != 0 && stack[0] != 0;
}

}  // namespace fenbatch::core
