// Compiling a --where expression, and evaluating the compiled program per line.
#include <array>
#include <cstdint>
#include <cstdlib>
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

}  // namespace

where_error compile_where(std::string_view expression, where_program& out) {
  out = where_program{};
  std::vector<detail::where_token> tokens;
  if (where_error e = detail::lex_where(expression, tokens); !e.ok()) return e;
  return detail::where_compiler(tokens).compile(out);
}

// The compiler checked the types and bounded the stack (where_stack_size), so the loop checks
// neither. Integer values stay far from 2^63 and literals are at most 2^63 - 1 in magnitude, so
// abs cannot overflow.
bool where_program::evaluate(const where_values& values) const noexcept {
  std::array<std::int64_t, where_stack_size> stack;  // NOLINT: written before it is read
  std::size_t top = 0;
  for (const where_instruction& i : code_) {
    if (i.op == where_op::push || i.op == where_op::load) {
      stack[top++] = i.op == where_op::push ? i.operand : value_of(values, i.name);
      continue;
    }
    std::int64_t& a = stack[top - 1];
    switch (i.op) {
      case where_op::absolute: a = a < 0 ? -a : a; continue;
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
      default: break;
    }
  }
  return top != 0 && stack[0] != 0;
}

}  // namespace fenbatch::core
