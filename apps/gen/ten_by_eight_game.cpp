#include "ten_by_eight_game.hpp"

#include <array>

#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::gen {
namespace {

namespace t = core::ten_by_eight;

// A fixed pseudo-random number per position (splitmix64's finaliser over the bitboards' two
// halves).
std::uint32_t book_order(const t::position& pos) noexcept {
  std::uint64_t h = 0x9E3779B97F4A7C15;
  const auto mix = [&](t::bitboard b) {
    h = (h ^ static_cast<std::uint64_t>(b)) * 0xBF58476D1CE4E5B9;
    h = (h ^ static_cast<std::uint64_t>(b >> 64)) * 0x94D049BB133111EB;
  };
  for (const t::bitboard b : pos.by_color) mix(b);
  for (const t::bitboard b : pos.by_type) mix(b);
  h ^= h >> 31;
  return static_cast<std::uint32_t>(h >> 32);
}

}  // namespace

void ten_by_eight_game::start(const t::position& start) noexcept {
  pos = start;
  t::generate_legal_moves(pos, moves);
}

void ten_by_eight_game::play(t::move m) noexcept {
  pos = t::after_move(pos, m);
  t::generate_legal_moves(pos, moves);
}

t::move ten_by_eight_game::random_move(rng& random) const noexcept {
  return moves.moves[random.below(static_cast<std::uint32_t>(moves.size))];
}

t::move ten_by_eight_game::book_move(rng& random, std::uint64_t off_book,
                                     std::uint64_t book_next) const noexcept {
  std::array<t::move, 96> candidates;
  std::uint32_t count = 0;
  // The four central files of ten: d e f g.
  const t::bitboard center_files = t::file_bb(3) | t::file_bb(4) | t::file_bb(5) | t::file_bb(6);
  const t::bitboard off_rim = t::all_squares & ~(t::file_bb(0) | t::file_bb(t::file_count - 1));
  for (const t::move m : moves) {
    const t::bitboard from = t::square_bb(m.from());
    const bool central_pawn = (pos.pieces(t::piece_type::pawn) & from & center_files) != 0;
    const bool knight =
        (pos.pieces(t::piece_type::knight) & from) != 0 && (t::square_bb(m.to()) & off_rim) != 0;
    if ((central_pawn || knight) && count < candidates.size()) candidates[count++] = m;
  }
  if (count == 0 || random.chance(off_book)) return random_move(random);
  std::uint32_t rank = 0;
  while (rank + 1 < count && random.chance(book_next)) ++rank;
  return candidates[(rank + book_order(pos)) % count];
}

bool ten_by_eight_game::accepted_by_core() const noexcept {
  t::record rec;
  rec.pos = pos;
  return t::validate(rec, {}).ok();
}

}  // namespace fenbatch::gen
