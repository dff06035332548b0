// Legality of a decoded 10x8 record (TENBYEIGHT.md, "Legality, in this order"): core's
// validate() (core/src/validate.cpp) on ten files, with the Capablanca-family material rule
// and the archbishop and chancellor as leapers when they stand a knight's move from the king.
// The checks that are the same as on 8x8 are ../validate_steps.hpp's (en_passant.hpp gives
// them this board's rules).

#include <algorithm>

#include "en_passant.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

constexpr int max_pieces = 20;
constexpr int max_pawns = 10;

int excess(bitboard pieces, int start) noexcept {
  return std::max(0, popcount(pieces) - start);
}

// Pieces beyond a starting set must be paid for by missing pawns. The archbishop and
// chancellor count against the cheaper of two sets: one of each (Capablanca, Gothic, Embassy)
// or two archbishops and no chancellor (Janus).
bool too_much_material(const position& pos, color c) noexcept {
  // Each excess is at most its kind's count, so the promoted pieces are at most the pieces
  // other than the king and the pawns: with at most 11 pieces in all (one king, checked
  // before) they are at most 10 - pawns. Most positions of a game pass this test alone.
  const bitboard own = pos.pieces(c);
  if (popcount(own) <= 1 + max_pawns) return false;
  const bitboard bishops = pos.pieces(c, piece_type::bishop);
  const bitboard archbishops = pos.pieces(c, piece_type::archbishop);
  const bitboard chancellors = pos.pieces(c, piece_type::chancellor);
  const int promoted = excess(pos.pieces(c, piece_type::queen), 1) +
                       excess(pos.pieces(c, piece_type::rook), 2) +
                       excess(pos.pieces(c, piece_type::knight), 2) +
                       excess(bishops & light_squares, 1) + excess(bishops & dark_squares, 1) +
                       std::min(excess(archbishops, 1) + excess(chancellors, 1),
                                excess(archbishops, 2) + popcount(chancellors));
  return promoted > max_pawns - popcount(pos.pieces(c, piece_type::pawn));
}

// The board's rules for validate_steps.hpp: en_passant.hpp's, with the counts and material.
struct rules : detail::ten_by_eight_rules {
  static constexpr int max_pieces = ten_by_eight::max_pieces;
  static constexpr int max_pawns = ten_by_eight::max_pawns;
  static bool too_much_material(const position& pos, color c) noexcept {
    return ten_by_eight::too_much_material(pos, c);
  }
};

}  // namespace

// The checks in their order (TENBYEIGHT.md, "Legality, in this order"), as on 8x8.
fen_status validate(record& rec, const decode_options& options) noexcept {
  if (fen_status s = core::detail::board_checks<rules>(rec); !s.ok()) return s;
  if (fen_status s = core::detail::castling_and_ep_checks<rules>(rec, options); !s.ok()) return s;
  if (fen_status s = core::detail::check_checks<rules>(rec); !s.ok()) return s;
  core::detail::note_counters_and_ep<rules>(rec);
  return {};
}

}  // namespace fenbatch::core::ten_by_eight
