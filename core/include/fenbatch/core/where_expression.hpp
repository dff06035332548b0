// `--where EXPR` (issue 28): a condition on a position's values, compiled once into a small
// postfix program that the run evaluates per line, with the set of values it reads, so that the
// run computes only those.
//
// The language
// ------------
//   expression := or
//   or         := and ('or' and)*
//   and        := not ('and' not)*
//   not        := 'not' not | comparison
//   comparison := operand (('==' | '!=' | '<' | '<=' | '>' | '>=') operand)?
//   operand    := integer | decimal | word | string | name | field
//                 | 'abs' '(' expression ')' | '(' expression ')'
// - integer: decimal digits with an optional leading '-' written against them ("-750"), of
//   magnitude at most 2^63 - 1. There is no arithmetic and no unary minus: "- 5" is an error.
// - decimal: an integer, '.', digits ("0.5", "-0.25"); no exponent, no "1." or ".5".
// - field (issue 29): '$' and a name of letters, digits and _ . - (and any byte above 0x7F):
//   "$score", "$2", "$evals.0.depth"; or '${' any text but '}' '}' for other names
//   ("${Best Move}"). What it names is the record's business (a column, a key, an EPD
//   operation...): the run looks the name up in each record
//   (pipeline/src/formats/record_fields.hpp).
// - word: one of w b (a side), none standard chess960 (a castling class), 8x8 10x8 (a board).
// - string: "..." with no escapes; it holds any byte but '"'.
// - name: the vocabulary, where_name below. Names, words and keywords are lower case and exact.
// - Blanks are spaces and tabs. Comparisons do not chain ("1 < x < 9" is an error: write
//   "1 < x and x < 9"), so each comparison is one operator between two operands.
// - Parentheses, abs( and not nest at most where_max_nesting levels deep (the parser recurses
//   only there; chains of and/or are loops).
//
// Types: integer, number, boolean, side, castling, board and string.
// - integer: the integer names, integers, abs(integer).
// - number: decimals, fields, abs(number). An integer and a number compare as numbers (the
//   integer converted to a double): "pieces < 10.5", "$score > 100", "$x == 1" holds for a
//   field "1.0" or "1". All six operators.
// - A field's value in a record is a number when its text reads as one (optional sign, digits,
//   optional '.' and digits; blanks around ignored), else a string, or missing. A comparison
//   that meets a missing field, or a string field where a number is compared, is false (for
//   != too: "$x != 5" is false when x is missing or "abc"); `not` of it is then true.
// - A field compared with == or != to a quoted string compares its text (unquoted, unescaped;
//   a number field by its text too: "$result == \"1\"" holds for 1, not for 1.0). Two fields
//   compared with == or != compare as numbers when both are, else by text. A quoted string
//   compared with <, <=, >, >= is a type_mismatch error.
// - boolean: in_check, ep, every comparison, not, and, or. Booleans stand bare ("in_check",
//   "not ep") and compare with == and != to other booleans. There are no true/false words.
// - side, castling, board: the names and words of each; == and != only, within one type
//   ("side == w", "castling != chess960", "board == 10x8").
// - string: signature and quoted strings; == and != only. A string compared with signature
//   must be a material signature as the statistics write it: K, then the letters Q A C R B N P
//   in that order (each any number of times), v, K, the same ("KRPvKR", "KQACvK"); anything
//   else is a bad_signature error, since it could never match.
// - <, <=, >, >= compare integers only. not, and, or take booleans; the whole expression must be
//   a boolean.
//
// Errors (where_error): a code, the 1-based byte column of the fault and a message. First the
// text is cut into tokens, and the first character, number or name that cannot be read is the
// fault. Then the parser reads the tokens left to right, checking types as it builds each
// part, and reports the first fault it meets: an operand of and/or is checked when the
// operator is read (the left one) or right after it is parsed (the right one), a comparison's
// left operand when an ordering operator is read and its right operand once parsed, a
// parenthesised group or abs(...) counts as one operand at its '(' or 'abs' column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/board_kind.hpp"
#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/types.hpp"

namespace fenbatch::core {

enum class where_type : std::uint8_t { integer, boolean, side, castling, board, string, number };

// "an integer", "a boolean", "a side", ... for messages.
[[nodiscard]] std::string_view where_type_phrase(where_type t) noexcept;

// The vocabulary: X(name, type). A new name is one line here, a member of where_values, its
// case in the evaluator's value_of (core/src/where/where_program.cpp), and the test's tables.
// clang-format off
#define FENBATCH_WHERE_NAME_TABLE(X)                                                               \
  X(pieces, integer)      /* pieces of both colours, kings and pawns included */                  \
  X(pawns, integer)       /* pawns of both colours */                                              \
  X(side, side)           /* side to move */                                                       \
  X(in_check, boolean)    /* the side to move is in check */                                       \
  X(legal_moves, integer) /* legal moves of the side to move */                                   \
  X(ep, boolean)          /* a legal en-passant capture exists */                                  \
  X(castling, castling)   /* castling class, as the statistics classify */                         \
  X(halfmove, integer)    /* halfmove clock as written */                                          \
  X(fullmove, integer)    /* fullmove number as written */                                         \
  X(ply, integer)         /* 2 * (fullmove - 1) + (1 if black to move) */                          \
  X(material, integer)    /* White minus Black in pawns */                                         \
  X(non_pawn_material, integer) /* both colours' pieces but pawns and kings, in pawns */          \
  X(simple_eval, integer) /* side to move minus opponent, Stockfish's simple_eval */               \
  X(signature, string)    /* material signature */                                                 \
  X(board, board)         /* 8x8 or 10x8 */
// clang-format on

#define FENBATCH_WHERE_NAME_ENUMERATOR(name, type) name,
enum class where_name : std::uint8_t { FENBATCH_WHERE_NAME_TABLE(FENBATCH_WHERE_NAME_ENUMERATOR) };
#undef FENBATCH_WHERE_NAME_ENUMERATOR

#define FENBATCH_WHERE_NAME_ONE(name, type) +1
inline constexpr int where_name_count = 0 FENBATCH_WHERE_NAME_TABLE(FENBATCH_WHERE_NAME_ONE);
#undef FENBATCH_WHERE_NAME_ONE

[[nodiscard]] std::string_view to_string(where_name n) noexcept;
[[nodiscard]] where_type type_of(where_name n) noexcept;

// A set of names, one bit each (bit i: where_name i): what a program reads.
using where_needs = std::uint16_t;
static_assert(where_name_count <= 16);

[[nodiscard]] constexpr where_needs needs_bit(where_name n) noexcept {
  return static_cast<where_needs>(1U << static_cast<unsigned>(n));
}

// The value of one field (`$NAME`) in one record: a number when its text reads as one, else a
// string; `missing` when the record has no such field. `text` views the field's text (unquoted,
// unescaped; numbers too).
struct where_field {
  enum class kind : std::uint8_t { missing, number, string };
  kind type = kind::missing;
  double number = 0;
  std::string_view text;
};

// Reads `text` as a field value: a number (optional + or -, digits, optional '.' and digits, or
// '.' and digits; blanks around ignored; no exponent, no inf or nan) or else a string.
[[nodiscard]] where_field read_where_field(std::string_view text) noexcept;

// The values of one position. The caller fills those the program needs (the rest are not read).
struct where_values {
  std::int64_t pieces = 0;
  std::int64_t pawns = 0;
  std::int64_t legal_moves = 0;
  std::int64_t halfmove = 0;
  std::int64_t fullmove = 1;
  std::int64_t ply = 0;
  std::int64_t material = 0;
  std::int64_t non_pawn_material = 0;
  std::int64_t simple_eval = 0;
  // core::material_signature(pos) on 8x8, ten_by_eight::material_signature(pos) on 10x8: the
  // code the statistics count (its marker bit tells the board), never its text.
  std::uint64_t signature = 0;
  color side = color::white;
  castling_class castling = castling_class::none;
  board_kind board = board_kind::eight_by_eight;
  bool in_check = false;
  bool ep = false;
  // The fields of the record (issue 29), indexed as the run's field table
  // (compile_where's `field_names`); read only by programs with fields. Null: every field is
  // missing.
  const where_field* fields = nullptr;
};

// Why an expression was refused: X(name, description).
// clang-format off
#define FENBATCH_WHERE_ERRC_TABLE(X)                                                               \
  X(ok, "valid")                                                                                   \
  X(empty_expression, "the expression is empty")                                                   \
  X(unexpected_character, "a character that starts no token")                                      \
  X(unterminated_string, "a string without its closing quote")                                     \
  X(bad_number, "a malformed number or word")                                                      \
  X(number_out_of_range, "an integer beyond 2^63 - 1 in magnitude")                                \
  X(unknown_name, "a name outside the vocabulary")                                                 \
  X(expected_value, "an operand is missing")                                                       \
  X(unexpected_token, "a token where an operator or the end was expected")                         \
  X(expected_open_parenthesis, "abs without its '('")                                              \
  X(expected_close_parenthesis, "a '(' without its ')'")                                           \
  X(chained_comparison, "comparisons do not chain")                                                \
  X(too_deep, "nested too deeply")                                                                 \
  X(expected_boolean, "an operand of not, and, or, or the expression, is not a boolean")           \
  X(expected_integer, "the operand of abs is not an integer")                                      \
  X(type_mismatch, "a comparison between types that do not compare")                               \
  X(bad_signature, "a string compared with signature is no material signature")                   \
  X(bad_field, "a '$' without a field name, or '${' without its '}'")
// clang-format on

#define FENBATCH_WHERE_ERRC_ENUMERATOR(name, description) name,
enum class where_errc : std::uint8_t { FENBATCH_WHERE_ERRC_TABLE(FENBATCH_WHERE_ERRC_ENUMERATOR) };
#undef FENBATCH_WHERE_ERRC_ENUMERATOR

[[nodiscard]] std::string_view to_string(where_errc e) noexcept;
[[nodiscard]] std::string_view describe(where_errc e) noexcept;

struct where_error {
  where_errc code = where_errc::ok;
  std::uint32_t column = 0;  // 1-based byte column of the fault (length + 1: at the end)
  std::string message;       // one phrase naming what was found, for the line above the caret

  [[nodiscard]] bool ok() const noexcept { return code == where_errc::ok; }
};

// Parentheses, abs( and not, nested.
inline constexpr int where_max_nesting = 64;

// One step of a compiled program; the program is a flat postfix sequence over a stack of
// 64-bit values (booleans 0 or 1, the side, castling class and board as their enumerators'
// values, the signature as its code).
enum class where_op : std::uint8_t {
  push,           // operand
  load,           // name's value
  absolute,       // |top|
  equal,          // a == b
  not_equal,      // a != b
  less,           // a < b
  less_equal,     // a <= b
  greater,        // a > b
  greater_equal,  // a >= b
  signature_is,   // top is operand or operand2 (a signature literal's 8x8 and 10x8 codes)
  logical_not,
  logical_and,
  logical_or,
  // Fields and decimals (issue 29). A number is a double's bits on the stack; a field that is
  // missing or a string loads as NaN, which every number comparison finds false.
  load_field,    // field `operand`'s number, or NaN
  number_equal,  // a == b as numbers; `operand` bit 1: a is an integer, bit 2: b is
  number_not_equal,
  number_less,
  number_less_equal,
  number_greater,
  number_greater_equal,
  absolute_number,   // |top| as a number
  field_text_equal,  // field `operand` present and its text == string `operand2`
  field_text_not_equal,
  fields_equal,  // fields `operand` and `operand2` present and equal (as numbers if both are)
  fields_not_equal,
};

struct where_instruction {
  where_op op = where_op::push;
  where_name name = where_name::pieces;
  std::int64_t operand = 0;
  std::int64_t operand2 = 0;
};

// The stack a program needs at most: the parser keeps at most three values pending per level
// of nesting (an or's left operand, an and's, a comparison's), so 3 * (levels + 1) + 1 bounds it.
inline constexpr std::size_t where_stack_size = 3 * (where_max_nesting + 1) + 1;

namespace detail {
class where_compiler;
}

class where_program {
 public:
  // Whether the expression holds for these values. Reads only the names in needs() and, when
  // fields() is not empty, values.fields.
  [[nodiscard]] bool evaluate(const where_values& values) const noexcept;
  [[nodiscard]] where_needs needs() const noexcept { return needs_; }
  [[nodiscard]] bool needs(where_name n) const noexcept { return (needs_ & needs_bit(n)) != 0; }
  [[nodiscard]] const std::vector<where_instruction>& code() const noexcept { return code_; }
  // The fields it reads (indices in the field table), each once, in order of first use.
  [[nodiscard]] const std::vector<std::uint32_t>& fields() const noexcept { return fields_; }
  // Whether a field it reads is missing in these values (for the `missing` statistic).
  [[nodiscard]] bool misses_field(const where_values& values) const noexcept;

 private:
  friend class detail::where_compiler;
  std::vector<where_instruction> code_;
  std::vector<std::string> strings_;  // the text compared with fields (field_text_*)
  std::vector<std::uint32_t> fields_;
  where_needs needs_ = 0;
};

// Compiles `expression`; on an error `out` is left empty (a program that needs nothing).
// `field_names` is the run's field table: each `$NAME` gets the index of its name there,
// appended when new, so that the expressions of one run share one index per name.
[[nodiscard]] where_error compile_where(std::string_view expression, where_program& out,
                                        std::vector<std::string>& field_names);
// The same with a table of its own (for checking an expression alone).
[[nodiscard]] where_error compile_where(std::string_view expression, where_program& out);

}  // namespace fenbatch::core
