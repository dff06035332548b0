// One 10x8 game in progress for the corpus generator: its position and legal moves, and the
// next move chosen at random or from an implicit book, as the 8x8 games choose theirs.
#pragma once

#include <cstdint>

#include "fenbatch/core/ten_by_eight/movegen.hpp"
#include "rng.hpp"

namespace fenbatch::gen {

struct ten_by_eight_game {
  core::ten_by_eight::position pos;
  core::ten_by_eight::move_list moves;  // legal moves of pos

  void start(const core::ten_by_eight::position& start) noexcept;
  void play(core::ten_by_eight::move m) noexcept;

  [[nodiscard]] core::ten_by_eight::move random_move(rng& random) const noexcept;
  // A central pawn move or a knight move off the rim, in an order fixed by the position's
  // hash, each passed over with chance `book_next`; any legal move with chance `off_book`.
  [[nodiscard]] core::ten_by_eight::move book_move(rng& random, std::uint64_t off_book,
                                                   std::uint64_t book_next) const noexcept;

  // Whether core's 10x8 validation accepts the position, as it would a line holding it.
  [[nodiscard]] bool accepted_by_core() const noexcept;
};

}  // namespace fenbatch::gen
