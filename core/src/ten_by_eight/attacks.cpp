// Attack tables of the 10x8 board, built at compile time from coordinates, and the queries of
// ten_by_eight/attacks.hpp. Sliders: each ray's squares beyond its first blocker are removed
// (the blocker found by a bit scan toward the ray's direction).

#include "fenbatch/core/ten_by_eight/attacks.hpp"

#include <array>

namespace fenbatch::core::ten_by_eight {

namespace {

struct step {
  int file;
  int rank;
};

// Rays 0-3 run toward higher squares (lsb finds the first blocker), 4-7 toward lower (msb).
constexpr std::array<step, 8> ray_steps{{
    {0, 1},
    {1, 0},
    {1, 1},
    {-1, 1},  // north, east, north-east, north-west
    {0, -1},
    {-1, 0},
    {-1, -1},
    {1, -1}  // south, west, south-west, south-east
}};

constexpr bool on_board(int file, int rank) noexcept {
  return file >= 0 && file < file_count && rank >= 0 && rank < rank_count;
}

struct tables {
  std::array<std::array<bitboard, square_count>, 8> rays{};
  // The four rays of a kind together: [0] ranks and files, [1] diagonals.
  std::array<std::array<bitboard, square_count>, 2> lines{};
  std::array<bitboard, square_count> knight{};
  std::array<bitboard, square_count> king{};
  std::array<std::array<bitboard, square_count>, color_count> pawn{};
};

constexpr bitboard leaps(int file, int rank, std::initializer_list<step> steps) noexcept {
  bitboard b = 0;
  for (const step d : steps) {
    if (on_board(file + d.file, rank + d.rank)) {
      b |= square_bb(make_square(file + d.file, rank + d.rank));
    }
  }
  return b;
}

constexpr tables make_tables() noexcept {
  tables t{};
  for (int s = 0; s < square_count; ++s) {
    const int file = file_of(square_at(s));
    const int rank = rank_of(square_at(s));
    for (std::size_t r = 0; r < ray_steps.size(); ++r) {
      bitboard ray = 0;
      for (int f = file + ray_steps[r].file, k = rank + ray_steps[r].rank; on_board(f, k);
           f += ray_steps[r].file, k += ray_steps[r].rank) {
        ray |= square_bb(make_square(f, k));
      }
      t.rays[r][static_cast<std::size_t>(s)] = ray;
      t.lines[(r >> 1) & 1][static_cast<std::size_t>(s)] |= ray;
    }
    const auto i = static_cast<std::size_t>(s);
    t.knight[i] =
        leaps(file, rank, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
    t.king[i] =
        leaps(file, rank, {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}});
    t.pawn[0][i] = leaps(file, rank, {{-1, 1}, {1, 1}});
    t.pawn[1][i] = leaps(file, rank, {{-1, -1}, {1, -1}});
  }
  return t;
}

constexpr tables table = make_tables();

bitboard ray_attacks(std::size_t ray, square s, bitboard occupied) noexcept {
  const bitboard full = table.rays[ray][static_cast<std::size_t>(to_index(s))];
  const bitboard blockers = full & occupied;
  if (blockers == 0) return full;
  const square first = ray < 4 ? lsb(blockers) : msb(blockers);
  return full & ~table.rays[ray][static_cast<std::size_t>(to_index(first))];
}

}  // namespace

bitboard knight_attacks(square s) noexcept {
  return table.knight[static_cast<std::size_t>(to_index(s))];
}
bitboard king_attacks(square s) noexcept {
  return table.king[static_cast<std::size_t>(to_index(s))];
}
bitboard pawn_attacks(color c, square s) noexcept {
  return table.pawn[static_cast<std::size_t>(to_index(c))][static_cast<std::size_t>(to_index(s))];
}
bitboard bishop_attacks(square s, bitboard occupied) noexcept {
  return ray_attacks(2, s, occupied) | ray_attacks(3, s, occupied) | ray_attacks(6, s, occupied) |
         ray_attacks(7, s, occupied);
}
bitboard rook_attacks(square s, bitboard occupied) noexcept {
  return ray_attacks(0, s, occupied) | ray_attacks(1, s, occupied) | ray_attacks(4, s, occupied) |
         ray_attacks(5, s, occupied);
}

bitboard between(square a, square b) noexcept {
  for (std::size_t r = 0; r < ray_steps.size(); ++r) {
    const bitboard ray = table.rays[r][static_cast<std::size_t>(to_index(a))];
    if ((ray & square_bb(b)) != 0) {
      return ray & ~table.rays[r][static_cast<std::size_t>(to_index(b))] & ~square_bb(b);
    }
  }
  return 0;
}

bitboard line_through(square a, square b) noexcept {
  for (std::size_t r = 0; r < 4; ++r) {
    const std::size_t opposite = r + 4;
    const bitboard line = table.rays[r][static_cast<std::size_t>(to_index(a))] |
                          table.rays[opposite][static_cast<std::size_t>(to_index(a))] |
                          square_bb(a);
    if (a != b && (line & square_bb(b)) != 0) return line;
  }
  return 0;
}

// Sliders ray by ray, and only the rays that hold a slider of `by` moving along them: most rays
// from a king hold none (callgrind: the eight rays of bishop_attacks and rook_attacks, always
// walked, were a third of validate()).
bitboard attackers(const position& pos, square s, color by, bitboard occupied) noexcept {
  const bitboard theirs = pos.pieces(by);
  const bitboard knight_like = pos.pieces(piece_type::knight) | pos.pieces(piece_type::archbishop) |
                               pos.pieces(piece_type::chancellor);
  const bitboard queens = pos.pieces(piece_type::queen);
  const std::array<bitboard, 2> sliders{
      (pos.pieces(piece_type::rook) | queens | pos.pieces(piece_type::chancellor)) & theirs,
      (pos.pieces(piece_type::bishop) | queens | pos.pieces(piece_type::archbishop)) & theirs};
  bitboard found =
      ((knight_attacks(s) & knight_like) | (king_attacks(s) & pos.pieces(piece_type::king)) |
       (pawn_attacks(~by, s) & pos.pieces(piece_type::pawn))) &
      theirs;
  const auto i = static_cast<std::size_t>(to_index(s));
  // Rays 0, 1, 4, 5 run along ranks and files; 2, 3, 6, 7 along diagonals.
  static constexpr std::array<std::array<std::size_t, 4>, 2> rays_of_kind{
      {{0, 1, 4, 5}, {2, 3, 6, 7}}};
  for (std::size_t kind = 0; kind < 2; ++kind) {
    if ((table.lines[kind][i] & sliders[kind]) == 0) continue;
    for (const std::size_t ray : rays_of_kind[kind]) {
      const bitboard along = table.rays[ray][i] & sliders[kind];
      if (along != 0) found |= ray_attacks(ray, s, occupied) & along;
    }
  }
  return found;
}

bitboard checkers(const position& pos) noexcept {
  const color us = pos.side_to_move;
  return attackers(pos, pos.king_square(us), ~us, pos.occupied());
}

}  // namespace fenbatch::core::ten_by_eight
