// What the board-independent templates (write_tail.hpp, validate_steps.hpp,
// decoder/castling_resolver.hpp) need from a board: its public vocabulary (types.hpp: its types,
// and forwards to the functions a plain bitboard or integer would not find by itself), and its
// position and record. One struct per board.
#pragma once

#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core::detail {

struct eight_by_eight_board : eight_by_eight_vocabulary {
  using position = core::position;
  using record = core::record;
};

struct ten_by_eight_board : ten_by_eight::ten_by_eight_vocabulary {
  using position = ten_by_eight::position;
  using record = ten_by_eight::record;
};

}  // namespace fenbatch::core::detail
