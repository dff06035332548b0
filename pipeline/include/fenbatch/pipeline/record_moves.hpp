// Moves applied and checked (issue 29): --apply-moves FIELD[:N] plays the first N moves of a
// field's UCI move list before anything else reads the record's position; --check-move FIELD
// rejects a record whose move list is not legal from its position; --exclude-apply-moves does
// for --exclude references what --apply-moves does for the inputs. Fields are named as
// `$NAME` in --where names them (a CSV/TSV column by header name or 1-based number, a payload
// column `N` of FEN lines, ...). The rules of the moves are core/uci_moves.hpp's.
#pragma once

#include <cstdint>
#include <string>

#include "fenbatch/core/uci_moves.hpp"

namespace fenbatch::pipeline {

struct move_request {
  std::string field;                      // empty: no moves
  std::uint32_t count = core::all_moves;  // the first `count` moves, or all of them
};

// FIELD, or FIELD:N when N was given (empty without a field): as the options are typed.
[[nodiscard]] inline std::string to_string(const move_request& moves) {
  std::string text = moves.field;
  if (!text.empty() && moves.count != core::all_moves) {
    text.append(":").append(std::to_string(moves.count));
  }
  return text;
}

struct record_moves {
  move_request apply;       // played first, in the record reader
  std::string check_field;  // empty: none; checked after `apply`, from the position it gave
  [[nodiscard]] bool empty() const noexcept { return apply.field.empty() && check_field.empty(); }
};

}  // namespace fenbatch::pipeline
