// libFuzzer target: the --where expression compiler (core/include/fenbatch/core/
// where_expression.hpp, core/src/where).
//
// Input: any bytes, taken as one expression.
//
// Checks (any violation traps):
// - compile_where: no crash; the same answer twice; a refusal has a code, a message and a
//   column in 1..size+1, and leaves an empty program that needs nothing;
// - a compiled program: its loads read only names in needs(), and run on a stack that never
//   underflows, stays within where_stack_size (the bound the evaluator relies on) and ends
//   with one value; it evaluates on three value sets without a crash;
// - a blank in front shifts a refusal's column by one (an empty expression stays at 1) and
//   changes no result;
// - "not (EXPR)" compiles whenever EXPR does (but for nesting past the limit) and evaluates to
//   the opposite.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "fenbatch/core/where_expression.hpp"

namespace {

using namespace fenbatch::core;

void check(bool condition, int line = __builtin_LINE()) {
  if (condition) return;
  std::fprintf(stderr, "%s:%d: check failed\n", __FILE__, line);
  __builtin_trap();
}

std::array<where_values, 3> value_sets() {
  std::array<where_values, 3> sets{};
  where_values& start = sets[1];
  start.pieces = 32;
  start.pawns = 16;
  start.legal_moves = 20;
  start.castling = castling_class::standard;
  start.signature = std::uint64_t{1} << 40 | 0x82221 | std::uint64_t{0x82221} << 20;
  where_values& wide = sets[2];
  wide.pieces = 7;
  wide.pawns = 2;
  wide.side = color::black;
  wide.in_check = true;
  wide.ep = true;
  wide.legal_moves = 3;
  wide.castling = castling_class::chess960;
  wide.halfmove = 12;
  wide.fullmove = 40;
  wide.ply = 79;
  wide.material = -7;
  wide.simple_eval = -1606;
  wide.signature = std::uint64_t{1} << 56 | std::uint64_t{1} << 32;
  wide.board = board_kind::ten_by_eight;
  return sets;
}

void check_stack(const where_program& p) {
  std::size_t depth = 0;
  for (const where_instruction& i : p.code()) {
    switch (i.op) {
      case where_op::push: ++depth; break;
      case where_op::load:
        check(p.needs(i.name));
        ++depth;
        break;
      case where_op::load_field:
      case where_op::field_text_equal:
      case where_op::field_text_not_equal:
      case where_op::fields_equal:
      case where_op::fields_not_equal:
        check(i.operand >= 0);
        ++depth;
        break;
      case where_op::absolute:
      case where_op::absolute_number:
      case where_op::signature_is:
      case where_op::logical_not: check(depth >= 1); break;
      default:
        check(depth >= 2);
        --depth;
        break;
    }
    check(depth <= where_stack_size);
  }
  check(depth == 1);
  check(p.needs() < (1U << where_name_count));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  where_program program;
  const where_error e = compile_where(text, program);
  where_program again;
  const where_error e2 = compile_where(text, again);
  check(e.code == e2.code && e.column == e2.column && e.message == e2.message);
  check(program.code().size() == again.code().size());

  std::string shifted(" ");
  shifted.append(text);
  where_program shifted_program;
  const where_error s = compile_where(shifted, shifted_program);
  check(s.code == e.code);

  if (!e.ok()) {
    check(e.column >= 1 && e.column <= size + 1);
    check(!e.message.empty());
    check(program.code().empty() && program.needs() == 0);
    check(s.column == (e.code == where_errc::empty_expression ? 1 : e.column + 1));
    return 0;
  }
  check_stack(program);
  std::string negated("not (");
  negated.append(text);
  negated.push_back(')');
  where_program negated_program;
  const where_error n = compile_where(negated, negated_program);
  check(n.ok() || n.code == where_errc::too_deep);
  for (const where_values& values : value_sets()) {
    const bool result = program.evaluate(values);
    check(shifted_program.evaluate(values) == result);
    if (n.ok()) check(negated_program.evaluate(values) == !result);
  }
  return 0;
}
