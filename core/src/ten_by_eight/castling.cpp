// Capablanca-random castling (castling.hpp): path emptiness, an unattacked king path, and the
// Chess960 subtlety that the rook's departure may uncover an attack on the king's target.

#include "castling.hpp"
#include "move_rules.hpp"

#include "fenbatch/core/ten_by_eight/attacks.hpp"

namespace fenbatch::core::ten_by_eight::detail {

namespace {

constexpr int a_side_king_file = 2;  // c
constexpr int a_side_rook_file = 3;  // d
constexpr int j_side_king_file = 8;  // i
constexpr int j_side_rook_file = 7;  // h

}  // namespace

square castling_king_target(square king, square rook) noexcept {
  return make_square(to_index(rook) > to_index(king) ? j_side_king_file : a_side_king_file,
                     rank_of(king));
}
square castling_rook_target(square king, square rook) noexcept {
  return make_square(to_index(rook) > to_index(king) ? j_side_rook_file : a_side_rook_file,
                     rank_of(king));
}

void add_castling_moves(const position& pos, square king, move_list& out) noexcept {
  core::detail::add_castling_moves<ten_by_eight_moves>(pos, king, out);
}

}  // namespace fenbatch::core::ten_by_eight::detail
