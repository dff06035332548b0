// The parser of --where expressions: reads the tokens by recursive descent, checks the types as
// it builds each part, and emits the postfix program as it goes (the grammar, the types and
// the order in which faults are found are in where_expression.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/where_expression.hpp"
#include "where_lexer.hpp"

namespace fenbatch::core::detail {

class where_compiler {
 public:
  // `tokens` end with an `end` token; `field_names` is the run's field table (compile_where).
  where_compiler(const std::vector<where_token>& tokens,
                 std::vector<std::string>& field_names) noexcept
      : tokens_(tokens), field_names_(field_names) {}

  // The program, or the first fault (then `out` is untouched).
  [[nodiscard]] where_error compile(where_program& out);

 private:
  // What a parsed part is: its type and first column. A quoted string emits no code (a string
  // only meets == and !=, which decide what it becomes); `literal` says so and `text` holds it.
  // A bare field (`field` >= 0, its index in the table) is a number whose load is the last
  // instruction emitted, so that == and != with a string or another field can replace it.
  struct operand {
    where_type type = where_type::boolean;
    std::uint32_t column = 0;
    bool literal = false;
    std::string_view text;
    std::int64_t field = -1;
  };
  using parse_step = std::optional<operand> (where_compiler::*)();

  std::optional<operand> parse_or();
  std::optional<operand> parse_and();
  std::optional<operand> parse_chain(where_token_kind keyword, where_op op, parse_step next);
  std::optional<operand> parse_not();
  std::optional<operand> parse_comparison();
  std::optional<operand> parse_operand();
  std::optional<operand> parse_abs();
  std::optional<operand> parse_group();

  bool emit_equality(const operand& left, const operand& right, where_op op);
  bool emit_field_equality(const operand& left, const operand& right, bool equal);
  void emit_comparison(const operand& left, const operand& right, where_op op);
  std::int64_t field_index(std::string_view name);
  bool require_numeric(const operand& part, std::string_view role);
  bool require(const operand& part, where_type type, where_errc code, std::string_view role);
  bool enter(const where_token& token);
  bool expect_close(const where_token& open);

  [[nodiscard]] const where_token& peek() const noexcept { return tokens_[next_]; }
  const where_token& advance() noexcept { return tokens_[next_++]; }
  void emit(where_op op, std::int64_t value = 0, std::int64_t value2 = 0,
            where_name name = where_name::pieces);
  void fail(where_errc code, std::uint32_t column, std::string message);

  const std::vector<where_token>& tokens_;
  std::vector<std::string>& field_names_;
  std::vector<std::string> strings_;
  std::vector<std::uint32_t> fields_;
  std::size_t next_ = 0;
  int nesting_ = 0;
  std::size_t stack_depth_ = 0;
  std::size_t max_stack_depth_ = 0;
  std::vector<where_instruction> code_;
  where_needs needs_ = 0;
  where_error error_;
};

}  // namespace fenbatch::core::detail
