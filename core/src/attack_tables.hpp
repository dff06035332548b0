// Attack tables, built at compile time, and the inline attack queries the hot path uses.
// Sliders use the classical ray method: the first blocker on each ray cuts the ray there.
// Private to core; the public header attacks.hpp exposes the same queries out of line.
#pragma once

#include <array>

#include "fenbatch/core/position.hpp"
#include "fenbatch/core/types.hpp"

namespace fenbatch::core::detail {

// Ray directions; the first four grow the square index, the last four shrink it.
enum ray_dir : int { north, north_east, east, north_west, south, south_west, west, south_east };
inline constexpr int ray_count = 8;
inline constexpr std::array<int, ray_count> ray_file_step{0, 1, 1, -1, 0, -1, -1, 1};
inline constexpr std::array<int, ray_count> ray_rank_step{1, 1, 0, 1, -1, -1, 0, -1};

constexpr bool on_board(int file, int rank) noexcept {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

using square_table = std::array<bitboard, 64>;

constexpr auto make_rays() {
  std::array<square_table, ray_count> rays{};
  for (int d = 0; d < ray_count; ++d) {
    for (int s = 0; s < 64; ++s) {
      int f = (s & 7) + ray_file_step[static_cast<std::size_t>(d)];
      int r = (s >> 3) + ray_rank_step[static_cast<std::size_t>(d)];
      bitboard b = 0;
      while (on_board(f, r)) {
        b |= bitboard{1} << (r * 8 + f);
        f += ray_file_step[static_cast<std::size_t>(d)];
        r += ray_rank_step[static_cast<std::size_t>(d)];
      }
      rays[static_cast<std::size_t>(d)][static_cast<std::size_t>(s)] = b;
    }
  }
  return rays;
}

template <std::size_t N>
constexpr square_table make_steps(const std::array<std::array<int, 2>, N>& steps) {
  square_table table{};
  for (int s = 0; s < 64; ++s) {
    bitboard b = 0;
    for (const auto& [df, dr] : steps) {
      const int f = (s & 7) + df;
      const int r = (s >> 3) + dr;
      if (on_board(f, r)) b |= bitboard{1} << (r * 8 + f);
    }
    table[static_cast<std::size_t>(s)] = b;
  }
  return table;
}

inline constexpr auto rays = make_rays();

// Everything a rook or a bishop on s could reach on an empty board: sliders outside these
// lines cannot attack s, whatever stands between (the cheap test before the ray walks).
constexpr square_table make_slider_lines(std::array<ray_dir, 4> directions) {
  square_table table{};
  for (std::size_t s = 0; s < 64; ++s) {
    for (const ray_dir d : directions) table[s] |= rays[static_cast<std::size_t>(d)][s];
  }
  return table;
}
inline constexpr square_table rook_lines = make_slider_lines({north, east, south, west});
inline constexpr square_table bishop_lines =
    make_slider_lines({north_east, north_west, south_east, south_west});

inline constexpr square_table knight_table = make_steps(std::array<std::array<int, 2>, 8>{
    {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}});
inline constexpr square_table king_table = make_steps(std::array<std::array<int, 2>, 8>{
    {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}});
inline constexpr std::array<square_table, 2> pawn_table{
    make_steps(std::array<std::array<int, 2>, 2>{{{-1, 1}, {1, 1}}}),
    make_steps(std::array<std::array<int, 2>, 2>{{{-1, -1}, {1, -1}}})};

// Squares strictly between a and b on a shared line, and the whole line through both
// (0 when they share none).
struct line_tables {
  std::array<square_table, 64> between{};
  std::array<square_table, 64> line{};
};

constexpr line_tables make_line_tables() {
  line_tables t{};
  for (int a = 0; a < 64; ++a) {
    for (int d = 0; d < ray_count; ++d) {
      const bitboard ray = rays[static_cast<std::size_t>(d)][static_cast<std::size_t>(a)];
      const bitboard opposite =
          rays[static_cast<std::size_t>((d + 4) % ray_count)][static_cast<std::size_t>(a)];
      bitboard walked = 0;  // squares passed so far, walking away from a
      int f = (a & 7) + ray_file_step[static_cast<std::size_t>(d)];
      int r = (a >> 3) + ray_rank_step[static_cast<std::size_t>(d)];
      while (on_board(f, r)) {
        const int b = r * 8 + f;
        t.between[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = walked;
        t.line[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
            ray | opposite | (bitboard{1} << a);
        walked |= bitboard{1} << b;
        f += ray_file_step[static_cast<std::size_t>(d)];
        r += ray_rank_step[static_cast<std::size_t>(d)];
      }
    }
  }
  return t;
}

inline constexpr line_tables lines = make_line_tables();

inline bitboard between_bb(square a, square b) noexcept {
  return lines
      .between[static_cast<std::size_t>(to_index(a))][static_cast<std::size_t>(to_index(b))];
}
inline bitboard line_bb(square a, square b) noexcept {
  return lines.line[static_cast<std::size_t>(to_index(a))][static_cast<std::size_t>(to_index(b))];
}

template <int D>
inline bitboard ray_attacks(square s, bitboard occupied) noexcept {
  const bitboard ray = rays[D][static_cast<std::size_t>(to_index(s))];
  const bitboard blockers = ray & occupied;
  if (blockers == 0) return ray;
  const square first = D < 4 ? lsb(blockers) : msb(blockers);
  return ray ^ rays[D][static_cast<std::size_t>(to_index(first))];
}

inline bitboard rook_attacks(square s, bitboard occupied) noexcept {
  return ray_attacks<north>(s, occupied) | ray_attacks<east>(s, occupied) |
         ray_attacks<south>(s, occupied) | ray_attacks<west>(s, occupied);
}
inline bitboard bishop_attacks(square s, bitboard occupied) noexcept {
  return ray_attacks<north_east>(s, occupied) | ray_attacks<north_west>(s, occupied) |
         ray_attacks<south_east>(s, occupied) | ray_attacks<south_west>(s, occupied);
}
inline bitboard knight_attacks(square s) noexcept {
  return knight_table[static_cast<std::size_t>(to_index(s))];
}
inline bitboard king_attacks(square s) noexcept {
  return king_table[static_cast<std::size_t>(to_index(s))];
}
// Squares a pawn of colour c on s attacks.
inline bitboard pawn_attacks(color c, square s) noexcept {
  return pawn_table[static_cast<std::size_t>(to_index(c))][static_cast<std::size_t>(to_index(s))];
}

// Pieces of colour `by` that attack s, with sliders seeing through `occupied`.
inline bitboard attackers_of(const position& pos, square s, color by, bitboard occupied) noexcept {
  const bitboard them = pos.pieces(by);
  const bitboard queens = pos.pieces(piece_type::queen);
  const auto at = static_cast<std::size_t>(to_index(s));
  bitboard attackers = them & ((knight_attacks(s) & pos.pieces(piece_type::knight)) |
                               (king_attacks(s) & pos.pieces(piece_type::king)) |
                               (pawn_attacks(~by, s) & pos.pieces(piece_type::pawn)));
  // Most squares have no enemy slider on their lines at all: skip the ray walks then.
  const bitboard rook_like = them & (pos.pieces(piece_type::rook) | queens) & rook_lines[at];
  if (rook_like != 0) attackers |= rook_attacks(s, occupied) & rook_like;
  const bitboard bishop_like = them & (pos.pieces(piece_type::bishop) | queens) & bishop_lines[at];
  if (bishop_like != 0) attackers |= bishop_attacks(s, occupied) & bishop_like;
  return attackers;
}

}  // namespace fenbatch::core::detail
