// The tokens of a --where expression (the grammar is in where_expression.hpp).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "fenbatch/core/where_expression.hpp"

namespace fenbatch::core::detail {

enum class where_token_kind : std::uint8_t {
  integer,
  decimal,  // `number`
  field,    // `text`: the name, without '$' and braces
  word,     // w b none standard chess960 8x8 10x8: `value` in the type `word_type`
  string,
  name,
  keyword_and,
  keyword_or,
  keyword_not,
  keyword_abs,
  open,
  close,
  compare,  // `op` is one of where_op's six comparisons
  end,
};

struct where_token {
  where_token_kind kind = where_token_kind::end;
  std::uint32_t column = 0;
  std::string_view text;  // as written (a string without its quotes)
  std::int64_t value = 0;
  double number = 0;
  where_type word_type = where_type::integer;
  where_name name = where_name::pieces;
  where_op op = where_op::equal;
};

// Cuts `expression` into tokens, the last one `end` (at column length + 1). The first
// character, number or name that cannot be read is the error.
[[nodiscard]] where_error lex_where(std::string_view expression, std::vector<where_token>& out);

}  // namespace fenbatch::core::detail
