#include "where_compiler.hpp"

#include <bit>
#include <string>
#include <utility>

#include "where_signature.hpp"

namespace fenbatch::core::detail {
namespace {

bool is_ordering(where_op op) noexcept {
  return op == where_op::less || op == where_op::less_equal || op == where_op::greater ||
         op == where_op::greater_equal;
}

// How a message names what was found.
std::string found(const where_token& t) {
  if (t.kind == where_token_kind::end) return "the end";
  if (t.kind == where_token_kind::string) return "a string";
  std::string out("'");
  if (t.kind == where_token_kind::field) out.push_back('$');
  out.append(t.text);
  out.push_back('\'');
  return out;
}

std::string phrase(std::string_view before, std::string_view middle, std::string_view after) {
  std::string out(before);
  out.append(middle);
  out.append(after);
  return out;
}

bool is_numeric(where_type t) noexcept {
  return t == where_type::integer || t == where_type::number;
}

// The number comparison for an integer one.
where_op number_op(where_op op) noexcept {
  switch (op) {
    case where_op::equal: return where_op::number_equal;
    case where_op::not_equal: return where_op::number_not_equal;
    case where_op::less: return where_op::number_less;
    case where_op::less_equal: return where_op::number_less_equal;
    case where_op::greater: return where_op::number_greater;
    default: return where_op::number_greater_equal;
  }
}

}  // namespace

where_error where_compiler::compile(where_program& out) {
  if (peek().kind == where_token_kind::end) {
    return {where_errc::empty_expression, 1, "the expression is empty"};
  }
  const std::optional<operand> whole = parse_or();
  if (!whole) return std::move(error_);
  if (peek().kind != where_token_kind::end) {
    const bool unmatched = peek().kind == where_token_kind::close;
    fail(where_errc::unexpected_token, peek().column,
         unmatched ? std::string("')' without its '('")
                   : phrase("expected and, or or the end, found ", found(peek()), ""));
    return std::move(error_);
  }
  if (!require(*whole, where_type::boolean, where_errc::expected_boolean, "the expression")) {
    return std::move(error_);
  }
  // Unreachable by the bound in where_expression.hpp; checked so that evaluate() needs not.
  if (max_stack_depth_ > where_stack_size) {
    return {where_errc::too_deep, 1, "the expression needs too deep a stack"};
  }
  out.code_ = std::move(code_);
  out.needs_ = needs_;
  out.strings_ = std::move(strings_);
  out.fields_ = std::move(fields_);
  return {};
}

std::optional<where_compiler::operand> where_compiler::parse_or() {
  return parse_chain(where_token_kind::keyword_or, where_op::logical_or,
                     &where_compiler::parse_and);
}

std::optional<where_compiler::operand> where_compiler::parse_and() {
  return parse_chain(where_token_kind::keyword_and, where_op::logical_and,
                     &where_compiler::parse_not);
}

// A left-associative chain `part (keyword part)*`, as a loop: long chains need no recursion.
std::optional<where_compiler::operand> where_compiler::parse_chain(where_token_kind keyword,
                                                                   where_op op, parse_step next) {
  std::optional<operand> left = (this->*next)();
  if (!left) return std::nullopt;
  while (peek().kind == keyword) {
    const where_token& word = advance();
    if (!require(*left, where_type::boolean, where_errc::expected_boolean, word.text)) {
      return std::nullopt;
    }
    const std::optional<operand> right = (this->*next)();
    if (!right || !require(*right, where_type::boolean, where_errc::expected_boolean, word.text)) {
      return std::nullopt;
    }
    emit(op);
    left = operand{where_type::boolean, left->column, false, {}};
  }
  return left;
}

std::optional<where_compiler::operand> where_compiler::parse_not() {
  if (peek().kind != where_token_kind::keyword_not) return parse_comparison();
  const where_token& word = advance();
  if (!enter(word)) return std::nullopt;
  const std::optional<operand> inner = parse_not();
  if (!inner || !require(*inner, where_type::boolean, where_errc::expected_boolean, "not")) {
    return std::nullopt;
  }
  emit(where_op::logical_not);
  --nesting_;
  return operand{where_type::boolean, word.column, false, {}};
}

std::optional<where_compiler::operand> where_compiler::parse_comparison() {
  const std::optional<operand> left = parse_operand();
  if (!left || peek().kind != where_token_kind::compare) return left;
  const where_token& op = advance();
  const bool ordering = is_ordering(op.op);
  if (ordering && !require_numeric(*left, op.text)) return std::nullopt;
  const std::optional<operand> right = parse_operand();
  if (!right) return std::nullopt;
  if (ordering) {
    if (!require_numeric(*right, op.text)) return std::nullopt;
    emit_comparison(*left, *right, op.op);
  } else if (!emit_equality(*left, *right, op.op)) {
    return std::nullopt;
  }
  if (peek().kind == where_token_kind::compare) {
    fail(where_errc::chained_comparison, peek().column,
         "comparisons do not chain: join them with and");
    return std::nullopt;
  }
  return operand{where_type::boolean, left->column, false, {}};
}

std::optional<where_compiler::operand> where_compiler::parse_operand() {
  const where_token& t = peek();
  switch (t.kind) {
    case where_token_kind::integer:
      advance();
      emit(where_op::push, t.value);
      return operand{where_type::integer, t.column, false, {}};
    case where_token_kind::decimal:
      advance();
      emit(where_op::push, std::bit_cast<std::int64_t>(t.number));
      return operand{where_type::number, t.column, false, {}};
    case where_token_kind::field: {
      advance();
      const std::int64_t field = field_index(t.text);
      emit(where_op::load_field, field);
      return operand{where_type::number, t.column, false, {}, field};
    }
    case where_token_kind::word:
      advance();
      emit(where_op::push, t.value);
      return operand{t.word_type, t.column, false, {}};
    case where_token_kind::string:
      advance();
      return operand{where_type::string, t.column, true, t.text};
    case where_token_kind::name:
      advance();
      emit(where_op::load, 0, 0, t.name);
      needs_ |= needs_bit(t.name);
      return operand{type_of(t.name), t.column, false, {}};
    case where_token_kind::keyword_abs: return parse_abs();
    case where_token_kind::open: return parse_group();
    default:
      fail(where_errc::expected_value, t.column,
           phrase("expected a name, number, field, word, string, abs( or (; found ", found(t), ""));
      return std::nullopt;
  }
}

std::optional<where_compiler::operand> where_compiler::parse_abs() {
  const where_token& word = advance();
  if (peek().kind != where_token_kind::open) {
    fail(where_errc::expected_open_parenthesis, peek().column,
         phrase("expected '(' after abs, found ", found(peek()), ""));
    return std::nullopt;
  }
  const where_token& open = advance();
  if (!enter(open)) return std::nullopt;
  const std::optional<operand> inner = parse_or();
  const bool number = inner && inner->type == where_type::number;
  if (!inner ||
      (!number && !require(*inner, where_type::integer, where_errc::expected_integer, "abs")) ||
      !expect_close(open)) {
    return std::nullopt;
  }
  emit(number ? where_op::absolute_number : where_op::absolute);
  return operand{inner->type, word.column, false, {}};
}

std::optional<where_compiler::operand> where_compiler::parse_group() {
  const where_token& open = advance();
  if (!enter(open)) return std::nullopt;
  std::optional<operand> inner = parse_or();
  if (!inner || !expect_close(open)) return std::nullopt;
  inner->column = open.column;
  return inner;
}

// == or != between two parts of one type. Strings: two quoted strings compare now; a quoted
// string against signature becomes its codes (where_signature.hpp); two signatures compare as
// any two values do.
bool where_compiler::emit_equality(const operand& left, const operand& right, where_op op) {
  const bool field_and_text = (left.field >= 0 && (right.literal || right.field >= 0)) ||
                              (right.field >= 0 && left.literal);
  if (field_and_text) return emit_field_equality(left, right, op == where_op::equal);
  if (is_numeric(left.type) && is_numeric(right.type)) {
    emit_comparison(left, right, op);
    return true;
  }
  if (left.type != right.type) {
    fail(where_errc::type_mismatch, right.column,
         phrase(phrase("cannot compare ", where_type_phrase(left.type), " with "),
                where_type_phrase(right.type), ""));
    return false;
  }
  if (!left.literal && !right.literal) {
    emit(op);
    return true;
  }
  const bool equal = op == where_op::equal;
  if (left.literal && right.literal) {
    emit(where_op::push, (left.text == right.text) == equal ? 1 : 0);
    return true;
  }
  const operand& literal = left.literal ? left : right;
  const std::optional<signature_codes> codes = read_signature(literal.text);
  if (!codes) {
    fail(where_errc::bad_signature, literal.column,
         phrase("not a material signature such as \"KRPvKR\": \"", literal.text, "\""));
    return false;
  }
  emit(where_op::signature_is, static_cast<std::int64_t>(codes->eight_by_eight),
       static_cast<std::int64_t>(codes->ten_by_eight));
  if (!equal) emit(where_op::logical_not);
  return true;
}

// A bare field == or != a quoted string or another bare field: their loads (the last
// instructions) become one text or field comparison.
bool where_compiler::emit_field_equality(const operand& left, const operand& right, bool equal) {
  const int loads = (left.field >= 0 ? 1 : 0) + (right.field >= 0 ? 1 : 0);
  code_.resize(code_.size() - static_cast<std::size_t>(loads));
  stack_depth_ -= static_cast<std::size_t>(loads);
  if (loads == 2) {
    emit(equal ? where_op::fields_equal : where_op::fields_not_equal, left.field, right.field);
    return true;
  }
  const operand& field = left.field >= 0 ? left : right;
  const operand& text = left.field >= 0 ? right : left;
  strings_.emplace_back(text.text);
  emit(equal ? where_op::field_text_equal : where_op::field_text_not_equal, field.field,
       static_cast<std::int64_t>(strings_.size() - 1));
  return true;
}

// A comparison of two integers, or as numbers when either is one (the integer side converted).
void where_compiler::emit_comparison(const operand& left, const operand& right, where_op op) {
  if (left.type == where_type::integer && right.type == where_type::integer) {
    emit(op);
    return;
  }
  const std::int64_t integers =
      (left.type == where_type::integer ? 1 : 0) | (right.type == where_type::integer ? 2 : 0);
  emit(number_op(op), integers);
}

// The index of field `name` in the run's table (appended when new); noted as read.
std::int64_t where_compiler::field_index(std::string_view name) {
  std::size_t i = 0;
  while (i < field_names_.size() && field_names_[i] != name) ++i;
  if (i == field_names_.size()) field_names_.emplace_back(name);
  const auto index = static_cast<std::uint32_t>(i);
  bool seen = false;
  for (const std::uint32_t f : fields_) seen |= f == index;
  if (!seen) fields_.push_back(index);
  return static_cast<std::int64_t>(index);
}

// An operand of <, <=, >, >=: an integer or a number (the message names integers, as before
// numbers existed, when it is neither).
bool where_compiler::require_numeric(const operand& part, std::string_view role) {
  return part.type == where_type::number ||
         require(part, where_type::integer, where_errc::type_mismatch, role);
}

// Whether `part` has `type`; if not, the fault `code` at its column. `role` names what wanted
// it ("and", "abs", "<", "the expression").
bool where_compiler::require(const operand& part, where_type type, where_errc code,
                             std::string_view role) {
  if (part.type == type) return true;
  std::string message(role);
  message.append(" takes ");
  message.append(where_type_phrase(type));
  message.append(", found ");
  message.append(where_type_phrase(part.type));
  fail(code, part.column, std::move(message));
  return false;
}

bool where_compiler::enter(const where_token& token) {
  if (++nesting_ <= where_max_nesting) return true;
  fail(where_errc::too_deep, token.column, "parentheses, abs( and not nest more than 64 deep");
  return false;
}

bool where_compiler::expect_close(const where_token& open) {
  if (peek().kind != where_token_kind::close) {
    std::string message("expected ')' for the '(' at column ");
    message.append(std::to_string(open.column));
    message.append(", found ");
    message.append(found(peek()));
    fail(where_errc::expected_close_parenthesis, peek().column, std::move(message));
    return false;
  }
  advance();
  --nesting_;
  return true;
}

void where_compiler::emit(where_op op, std::int64_t value, std::int64_t value2, where_name name) {
  code_.push_back({op, name, value, value2});
  switch (op) {
    case where_op::push:
    case where_op::load:
    case where_op::load_field:
    case where_op::field_text_equal:
    case where_op::field_text_not_equal:
    case where_op::fields_equal:
    case where_op::fields_not_equal: ++stack_depth_; break;
    case where_op::absolute:
    case where_op::absolute_number:
    case where_op::signature_is:
    case where_op::logical_not: break;
    default: --stack_depth_; break;  // the binary operators
  }
  if (stack_depth_ > max_stack_depth_) max_stack_depth_ = stack_depth_;
}

void where_compiler::fail(where_errc code, std::uint32_t column, std::string message) {
  error_ = {code, column, std::move(message)};
}

}  // namespace fenbatch::core::detail
