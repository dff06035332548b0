#include "fenbatch/core/chess960.hpp"

namespace fenbatch::core {

// Scharnagl's direct derivation, which follows the placement procedure: the light-squared
// bishop, the dark-squared bishop, the queen, the knights, then rook, king and rook on the
// three files left.
back_rank_pieces chess960_back_rank(std::uint32_t number) noexcept {
  std::uint32_t n = number % chess960_start_count;
  back_rank_pieces rank{};
  std::array<bool, 8> taken{};
  const auto place = [&](std::uint32_t file, piece_type type) {
    rank[file] = type;
    taken[file] = true;
  };
  // The n-th (from 0) file not taken yet.
  const auto free_file = [&](std::uint32_t nth) {
    std::uint32_t file = 0;
    for (;; ++file) {
      if (!taken[file] && nth-- == 0) break;
    }
    return file;
  };
  place(n % 4 * 2 + 1, piece_type::bishop);  // b, d, f, h: light squares
  n /= 4;
  place(n % 4 * 2, piece_type::bishop);  // a, c, e, g: dark squares
  n /= 4;
  place(free_file(n % 6), piece_type::queen);
  n /= 6;
  // The knight pair among the five free files, for the remaining 0..9.
  constexpr std::array<std::array<std::uint32_t, 2>, 10> knight_pairs{
      {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};
  const std::uint32_t first = free_file(knight_pairs[n][0]);
  const std::uint32_t second = free_file(knight_pairs[n][1]);
  place(first, piece_type::knight);
  place(second, piece_type::knight);
  place(free_file(0), piece_type::rook);
  place(free_file(0), piece_type::king);
  place(free_file(0), piece_type::rook);
  return rank;
}

position chess960_start_position(std::uint32_t number) noexcept {
  const back_rank_pieces rank = chess960_back_rank(number);
  position pos;
  for (int file = 0; file < 8; ++file) {
    const piece_type type = rank[static_cast<std::size_t>(file)];
    pos.put({color::white, type}, make_square(file, 0));
    pos.put({color::white, piece_type::pawn}, make_square(file, 1));
    pos.put({color::black, piece_type::pawn}, make_square(file, 6));
    pos.put({color::black, type}, make_square(file, 7));
  }
  // Every rook starts with its castling right.
  pos.castling_rooks = pos.pieces(piece_type::rook) & (rank_bb(0) | rank_bb(7));
  return pos;
}

}  // namespace fenbatch::core
