// The --where language (issues 28, 29): expected results and error columns are worked out by hand
// from the grammar and type rules in where_expression.hpp, never taken from the engine.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/material.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/material.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/where_expression.hpp"

namespace fenbatch::core {
namespace {

where_program compiled(std::string_view text) {
  where_program program;
  const where_error e = compile_where(text, program);
  EXPECT_TRUE(e.ok()) << text << ": " << e.message << " at column " << e.column;
  return program;
}

bool holds(std::string_view text, const where_values& values) {
  return compiled(text).evaluate(values);
}

where_error error_of(std::string_view text) {
  where_program program;
  return compile_where(text, program);
}

// The start position, by hand.
where_values start_position() {
  where_values v;
  v.pieces = 32;
  v.pawns = 16;
  v.legal_moves = 20;
  v.halfmove = 0;
  v.fullmove = 1;
  v.ply = 0;
  v.material = 0;
  v.simple_eval = 0;
  v.side = color::white;
  v.castling = castling_class::standard;
  v.board = board_kind::eight_by_eight;
  // Q 1, R 2, B 2, N 2, P 8 a side, 4 bits each from bit 0, marker bit 40.
  const std::uint64_t side = 1 | 2 << 4 | 2 << 8 | 2 << 12 | 8 << 16;
  v.signature = std::uint64_t{1} << 40 | side | side << 20;
  return v;
}

TEST(WhereExpression, ComparisonsBindTighterThanNot) {
  where_values v;
  v.pieces = 3;
  EXPECT_FALSE(holds("not pieces == 3", v));
  EXPECT_TRUE(holds("not pieces == 4", v));
}

TEST(WhereExpression, NotBindsTighterThanAnd) {
  where_values v;  // in_check and ep false
  // (not in_check) and ep is false; not (in_check and ep) would be true.
  EXPECT_FALSE(holds("not in_check and ep", v));
  EXPECT_TRUE(holds("not (in_check and ep)", v));
}

TEST(WhereExpression, AndBindsTighterThanOr) {
  where_values v;
  v.ep = true;
  v.pieces = 10;
  // ep or (in_check and pieces > 100) is true; (ep or in_check) and pieces > 100 is false.
  EXPECT_TRUE(holds("ep or in_check and pieces > 100", v));
  EXPECT_FALSE(holds("(ep or in_check) and pieces > 100", v));
}

TEST(WhereExpression, AndAndOrAssociateToTheLeft) {
  const where_program p = compiled("ep or in_check or ep");
  const std::vector<where_op> expected = {where_op::load, where_op::load, where_op::logical_or,
                                          where_op::load, where_op::logical_or};
  std::vector<where_op> ops;
  for (const where_instruction& i : p.code()) ops.push_back(i.op);
  EXPECT_EQ(ops, expected);
}

TEST(WhereExpression, NotNests) {
  where_values v;
  v.ep = true;
  EXPECT_TRUE(holds("not not ep", v));
  EXPECT_FALSE(holds("not not not ep", v));
}

TEST(WhereExpression, EveryIntegerComparison) {
  where_values v;
  v.halfmove = 7;
  struct row {
    std::string_view op;
    bool below, equal, above;  // halfmove OP 8, OP 7, OP 6
  };
  for (const row& r :
       {row{"==", false, true, false}, row{"!=", true, false, true}, row{"<", true, false, false},
        row{"<=", true, true, false}, row{">", false, false, true}, row{">=", false, true, true}}) {
    const std::string left = std::string("halfmove ").append(r.op);
    EXPECT_EQ(holds(left + " 8", v), r.below) << r.op;
    EXPECT_EQ(holds(left + " 7", v), r.equal) << r.op;
    EXPECT_EQ(holds(left + " 6", v), r.above) << r.op;
  }
}

TEST(WhereExpression, AbsAndNegativeIntegers) {
  where_values v;
  v.simple_eval = -751;
  EXPECT_TRUE(holds("abs(simple_eval) > 750", v));
  EXPECT_TRUE(holds("simple_eval < -750", v));
  EXPECT_TRUE(holds("abs(-5) == 5 and abs(5) == 5 and abs(0) == 0", v));
  EXPECT_TRUE(holds("abs((simple_eval)) == 751", v));
  v.simple_eval = 750;
  EXPECT_FALSE(holds("abs(simple_eval) > 750", v));
  EXPECT_TRUE(holds("-9223372036854775807 < 9223372036854775807", v));
  EXPECT_TRUE(holds("abs(-9223372036854775807) == 9223372036854775807", v));
  EXPECT_TRUE(holds("007 == 7 and -0 == 0", v));
}

TEST(WhereExpression, BooleansCompareWithBooleans) {
  where_values v;
  v.in_check = true;
  EXPECT_TRUE(holds("in_check != ep", v));
  EXPECT_TRUE(holds("(pieces > 1) == ep", v));
  EXPECT_TRUE(holds("in_check == (1 < 2)", v));
}

TEST(WhereExpression, WordsCompareWithTheirNames) {
  where_values v;
  v.side = color::black;
  v.castling = castling_class::chess960;
  v.board = board_kind::ten_by_eight;
  EXPECT_TRUE(holds("side == b and side != w", v));
  EXPECT_TRUE(holds("castling == chess960 and castling != standard and castling != none", v));
  EXPECT_TRUE(holds("board == 10x8 and board != 8x8", v));
  EXPECT_TRUE(holds("w == w and w != b and 8x8==8x8 and none != standard", v));
  v = where_values{};
  EXPECT_TRUE(holds("side == w and castling == none and board == 8x8", v));
}

TEST(WhereExpression, EveryNameHasItsType) {
  struct row {
    std::string_view name;
    where_type type;
  };
  const std::vector<row> rows = {
      {"pieces", where_type::integer},      {"pawns", where_type::integer},
      {"side", where_type::side},           {"in_check", where_type::boolean},
      {"legal_moves", where_type::integer}, {"ep", where_type::boolean},
      {"castling", where_type::castling},   {"halfmove", where_type::integer},
      {"fullmove", where_type::integer},    {"ply", where_type::integer},
      {"material", where_type::integer},    {"non_pawn_material", where_type::integer},
      {"simple_eval", where_type::integer}, {"signature", where_type::string},
      {"board", where_type::board},
  };
  ASSERT_EQ(rows.size(), static_cast<std::size_t>(where_name_count));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto n = static_cast<where_name>(i);
    EXPECT_EQ(to_string(n), rows[i].name);
    EXPECT_EQ(type_of(n), rows[i].type) << rows[i].name;
    // One use that each type allows, and the set of names it needs.
    const std::string name(rows[i].name);
    std::string use = name;
    if (rows[i].type == where_type::integer) use.append(" >= 0");
    if (rows[i].type == where_type::side) use.append(" == w");
    if (rows[i].type == where_type::castling) use.append(" == none");
    if (rows[i].type == where_type::board) use.append(" == 8x8");
    if (rows[i].type == where_type::string) use.append(" == \"KvK\"");
    EXPECT_EQ(compiled(use).needs(), needs_bit(n)) << use;
    // An integer where it does not belong: only integers take one.
    const where_error e = error_of(name + " == 1");
    EXPECT_EQ(e.ok(), rows[i].type == where_type::integer) << name;
  }
}

TEST(WhereExpression, NeedsOnlyTheNamesItReads) {
  const where_program p = compiled("pieces >= 16 and not in_check");
  EXPECT_EQ(p.needs(), needs_bit(where_name::pieces) | needs_bit(where_name::in_check));
  EXPECT_TRUE(p.needs(where_name::pieces));
  EXPECT_FALSE(p.needs(where_name::legal_moves));
  EXPECT_EQ(compiled("1 < 2").needs(), 0);
  where_program failed = compiled("ep");
  EXPECT_FALSE(compile_where("ep and pieces", failed).ok());
  EXPECT_EQ(failed.needs(), 0);
  EXPECT_TRUE(failed.code().empty());
}

TEST(WhereExpression, TheIssuesFiltersOnTheStartPosition) {
  const where_values v = start_position();
  EXPECT_FALSE(holds("pieces >= 16 and abs(simple_eval) > 750", v));
  EXPECT_FALSE(holds("pieces < 16 and simple_eval > 3000", v));
  EXPECT_TRUE(holds("not in_check and ply >= 0", v));
  EXPECT_FALSE(holds("not in_check and ply >= 16", v));
  EXPECT_TRUE(holds("legal_moves == 20 and pawns == 16 and material == 0", v));
  EXPECT_TRUE(holds("signature == \"KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP\"", v));
  EXPECT_TRUE(holds("signature != \"KRPvKR\" and \"KRPvKR\" != signature", v));
  EXPECT_TRUE(holds("side == w and castling == standard and board == 8x8", v));
}

TEST(WhereExpression, SignaturesMatchTheStatisticsCodes) {
  record rec;
  ASSERT_TRUE(parse_record("8/8/8/4k3/8/8/4P3/R3K2r w - - 0 1", {}, rec).ok());
  where_values v;
  v.signature = material_signature(rec.pos);
  // White R and P, black R: by hand, bits 4 (R), 16 (P) and 24 (black R), marker 40.
  EXPECT_EQ(v.signature, std::uint64_t{1} << 40 | 1 << 4 | 1 << 16 | 1 << 24);
  EXPECT_TRUE(holds("signature == \"KRPvKR\"", v));
  EXPECT_FALSE(holds("signature == \"KRvKRP\"", v));
  EXPECT_TRUE(holds("signature == signature", v));

  ten_by_eight::record wide;
  ASSERT_TRUE(ten_by_eight::parse_record("5k4/10/10/10/10/10/10/A4K3Q w - - 0 1", {}, wide).ok());
  v.signature = ten_by_eight::material_signature(wide.pos);
  v.board = board_kind::ten_by_eight;
  EXPECT_TRUE(holds("signature == \"KQAvK\"", v));
  ASSERT_TRUE(ten_by_eight::parse_record("5k4/10/10/10/10/10/10/5K3Q w - - 0 1", {}, wide).ok());
  v.signature = ten_by_eight::material_signature(wide.pos);
  // The same text on either board.
  EXPECT_TRUE(holds("signature == \"KQvK\"", v));
  ASSERT_TRUE(parse_record("4k3/8/8/8/8/8/8/4K2Q w - - 0 1", {}, rec).ok());
  v.signature = material_signature(rec.pos);
  EXPECT_TRUE(holds("signature == \"KQvK\"", v));
  EXPECT_FALSE(holds("signature == \"KQvKQ\"", v));
  // Sixteen pawns a side cannot be held by the 4-bit counts, and no valid position has them:
  // the text is a signature that never matches.
  EXPECT_FALSE(holds("signature == \"KPPPPPPPPPPPPPPPPvK\"", v));
}

TEST(WhereExpression, QuotedStringsCompareAsText) {
  const where_values v;
  EXPECT_TRUE(holds("\"abc\" == \"abc\"", v));
  EXPECT_TRUE(holds("\"abc\" != \"abd\"", v));
  EXPECT_TRUE(holds("\"\" == \"\" and \"a b\" != \"a  b\"", v));
  EXPECT_EQ(compiled("\"x\" == \"x\"").needs(), 0);
}

TEST(WhereExpression, BlanksAreOptionalBetweenTokens) {
  where_values v;
  v.pieces = 16;
  EXPECT_TRUE(holds("pieces>=16 and(not\tin_check)", v));
  EXPECT_TRUE(holds("  abs(-3)==3  ", v));
}

struct error_case {
  std::string_view text;
  where_errc code;
  std::uint32_t column;
};

// Columns counted by hand: 1-based bytes; the end of the text is its length + 1.
const error_case error_cases[] = {
    {"", where_errc::empty_expression, 1},
    {" \t ", where_errc::empty_expression, 1},
    {"pieces = 3", where_errc::unexpected_character, 8},
    {"ep && in_check", where_errc::unexpected_character, 4},
    {"!ep", where_errc::unexpected_character, 1},
    {"ep or in_check\n", where_errc::unexpected_character, 15},
    // Characters come first: the type fault at column 1 is not reached.
    {"pieces and $", where_errc::bad_field, 12},
    // Fields and decimals (issue 29).
    {"$ > 1", where_errc::bad_field, 1},
    {"$score > 1 and ${x", where_errc::bad_field, 16},
    {"${} == 1", where_errc::bad_field, 1},
    {"$score < \"a\"", where_errc::type_mismatch, 10},
    {"\"a\" >= $score", where_errc::type_mismatch, 1},
    {"$score == w", where_errc::type_mismatch, 11},
    {"$score == ep", where_errc::type_mismatch, 11},
    {"$score", where_errc::expected_boolean, 1},
    {"$a and ep", where_errc::expected_boolean, 1},
    {"pieces > 1.", where_errc::bad_number, 10},
    {"pieces > 1.2.3", where_errc::bad_number, 10},
    {"pieces > .5", where_errc::unexpected_character, 10},
    {"signature == $s", where_errc::type_mismatch, 14},
    {"signature == \"KRPvKR", where_errc::unterminated_string, 14},
    {"pieces > 12a", where_errc::bad_number, 10},
    {"pieces > -", where_errc::bad_number, 10},
    {"- 5 < pieces", where_errc::bad_number, 1},
    {"8x9 == board", where_errc::bad_number, 1},
    {"board == -8x8", where_errc::bad_number, 10},
    {"pieces>=16and ep", where_errc::bad_number, 9},
    {"pieces > 9223372036854775808", where_errc::number_out_of_range, 10},
    {"pieces > -9223372036854775808", where_errc::number_out_of_range, 10},
    {"piece > 3", where_errc::unknown_name, 1},
    {"pieces > 3 AND ep", where_errc::unknown_name, 12},
    {"side == white", where_errc::unknown_name, 9},
    {"pieces >= 16 and", where_errc::expected_value, 17},
    {"not", where_errc::expected_value, 4},
    {"== 3", where_errc::expected_value, 1},
    {"pieces == not ep", where_errc::expected_value, 11},
    {"ep and ()", where_errc::expected_value, 9},
    {"pieces 3", where_errc::unexpected_token, 8},
    {"(ep))", where_errc::unexpected_token, 5},
    {"ep in_check", where_errc::unexpected_token, 4},
    {"abs simple_eval > 3", where_errc::expected_open_parenthesis, 5},
    {"abs", where_errc::expected_open_parenthesis, 4},
    {"(ep or in_check", where_errc::expected_close_parenthesis, 16},
    {"abs(pieces ep", where_errc::expected_close_parenthesis, 12},
    {"1 < pieces < 9", where_errc::chained_comparison, 12},
    {"ep == in_check == ep", where_errc::chained_comparison, 16},
    {"pieces", where_errc::expected_boolean, 1},
    {"  (pieces)", where_errc::expected_boolean, 3},
    {"pieces and ep", where_errc::expected_boolean, 1},
    {"ep and pieces", where_errc::expected_boolean, 8},
    {"ep or (pieces)", where_errc::expected_boolean, 7},
    {"not pieces", where_errc::expected_boolean, 5},
    {"side", where_errc::expected_boolean, 1},
    {"signature", where_errc::expected_boolean, 1},
    {"\"KvK\" or ep", where_errc::expected_boolean, 1},
    // The type of abs's operand before its missing ')'.
    {"abs(simple_eval > 3", where_errc::expected_integer, 5},
    {"abs(side) > 3", where_errc::expected_integer, 5},
    {"side == 1", where_errc::type_mismatch, 9},
    {"side < b", where_errc::type_mismatch, 1},
    {"3 < side", where_errc::type_mismatch, 5},
    {"ep <= ep", where_errc::type_mismatch, 1},
    {"signature > \"KvK\"", where_errc::type_mismatch, 1},
    {"castling == w", where_errc::type_mismatch, 13},
    {"board == \"8x8\"", where_errc::type_mismatch, 10},
    {"in_check == 1", where_errc::type_mismatch, 13},
    {"3 == (pieces == 2)", where_errc::type_mismatch, 6},
    {"signature == \"KRPvkr\"", where_errc::bad_signature, 14},
    {"\"KPRvK\" != signature", where_errc::bad_signature, 1},
    {"signature == \"KRvKRv\"", where_errc::bad_signature, 14},
    {"signature == \"RvK\"", where_errc::bad_signature, 14},
    {"signature == \"\"", where_errc::bad_signature, 14},
    {"signature == \"KAQvK\"", where_errc::bad_signature, 14},
};

TEST(WhereExpression, EveryErrorHasItsCodeAndColumn) {
  for (const error_case& c : error_cases) {
    const where_error e = error_of(c.text);
    EXPECT_EQ(to_string(e.code), to_string(c.code)) << c.text << ": " << e.message;
    EXPECT_EQ(e.column, c.column) << c.text << ": " << e.message;
    EXPECT_FALSE(e.message.empty()) << c.text;
  }
}

TEST(WhereExpression, MessagesNameWhatWasFound) {
  EXPECT_NE(error_of("piece > 3").message.find("'piece'"), std::string::npos);
  EXPECT_NE(error_of("side == 1").message.find("a side"), std::string::npos);
  EXPECT_NE(error_of("ep and").message.find("the end"), std::string::npos);
  EXPECT_NE(error_of("ep\x01").message.find("0x01"), std::string::npos);
  EXPECT_EQ(describe(where_errc::chained_comparison), "comparisons do not chain");
}

TEST(WhereExpression, NestingStopsAt64Levels) {
  const std::string deep = std::string(64, '(') + "ep" + std::string(64, ')');
  EXPECT_TRUE(error_of(deep).ok());
  const where_error e = error_of("(" + deep + ")");
  EXPECT_EQ(e.code, where_errc::too_deep);
  EXPECT_EQ(e.column, 65U);
  std::string nots;
  for (int i = 0; i < 65; ++i) nots.append("not ");
  const where_error n = error_of(nots + "ep");
  EXPECT_EQ(n.code, where_errc::too_deep);
  EXPECT_EQ(n.column, 257U);  // the 65th "not" starts at 64 * 4 + 1
  std::string abs_chain = "1 == ";
  for (int i = 0; i < 65; ++i) abs_chain.append("abs(");
  const where_error a = error_of(abs_chain + "1" + std::string(65, ')'));
  EXPECT_EQ(a.code, where_errc::too_deep);
  EXPECT_EQ(a.column, 6U + 64 * 4 + 3);  // the '(' of the 65th abs
}

TEST(WhereExpression, TheDeepestStackFits) {
  // At each of the 65 levels an or, an and and a comparison keep their left operands pending.
  std::string text;
  for (int i = 0; i <= where_max_nesting; ++i) text.append("ep or ep and ep == (");
  text.append("ep or ep and ep == ep");  // three more pending, and the last value: 196
  for (int i = 0; i <= where_max_nesting; ++i) text.push_back(')');
  EXPECT_EQ(error_of(text).code, where_errc::too_deep);  // 65 groups
  text = text.substr(20, text.size() - 21);              // 64 groups
  where_values v;
  v.ep = true;
  EXPECT_TRUE(holds(text, v));
  v.ep = false;
  EXPECT_FALSE(holds(text, v));
}

TEST(WhereExpression, LongChainsNeedNoRecursion) {
  std::string text = "ep";
  for (int i = 0; i < 20000; ++i) text.append(" or ep and not in_check");
  where_values v;
  EXPECT_FALSE(holds(text, v));
  v.ep = true;
  EXPECT_TRUE(holds(text, v));
}

}  // namespace
}  // namespace fenbatch::core
