// Capablanca-random castling targets (castling.hpp); the rules that make a castling move legal
// are both boards' (../move_steps.hpp).

#include "castling.hpp"

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

}  // namespace fenbatch::core::ten_by_eight::detail
