// The castling field's writer (core/src/write_tail.hpp): the X-FEN shortcut for K and Q alone
// (write_outermost_letters) against the letter-by-letter writer (write_castling_letters) on
// random back ranks of both boards: the king on any file, on its back rank or off it, own and
// enemy rooks on random files, and rights on random squares of the back rank (own rooks,
// mostly, or empty squares and enemy rooks: stale rights, which only the letter writer takes).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "board_traits.hpp"
#include "write_tail.hpp"

namespace fenbatch::core::detail {
namespace {

template <class Board>
struct shortcut_count {
  int taken = 0;
  int declined = 0;
};

// One random position of Board and its rights; compares both writers for both colours.
template <class Board>
void compare_on_random_back_ranks(int rounds, shortcut_count<Board>& count) {
  using position = typename Board::position;
  using piece = typename Board::piece;
  using piece_type = typename Board::piece_type;
  std::mt19937 rng(20261128);
  const auto chance = [&rng](unsigned percent) { return rng() % 100 < percent; };
  for (int round = 0; round < rounds; ++round) {
    position pos;
    for (const color c : {color::white, color::black}) {
      const int back = back_rank(c);
      const int king_file = static_cast<int>(rng() % Board::files);
      const int king_rank = chance(90) ? back : (c == color::white ? 1 : 6);
      pos.put(piece{c, piece_type::king}, Board::make_square(king_file, king_rank));
      for (int file = 0; file < Board::files; ++file) {
        if (king_rank == back && file == king_file) continue;
        if (chance(30)) {
          pos.put(piece{c, piece_type::rook}, Board::make_square(file, back));
        } else if (chance(10)) {
          pos.put(piece{~c, piece_type::rook}, Board::make_square(file, back));
        }
      }
      // Rights: each own rook of the back rank, sometimes; rarely another square there.
      const auto own_rooks = pos.pieces(c, piece_type::rook) & Board::rank_bb(back);
      for (int file = 0; file < Board::files; ++file) {
        const auto square = Board::square_bb(Board::make_square(file, back));
        if (((own_rooks & square) != 0 && chance(60)) || chance(3)) pos.castling_rooks |= square;
      }
    }
    for (const color c : {color::white, color::black}) {
      const auto rights = pos.castling_rooks_of(c);
      if (rights == 0) continue;
      std::string letters(16, '\0');
      char* const end =
          write_castling_letters<Board>(pos, c, rights, castling_notation::xfen, letters.data());
      letters.resize(static_cast<std::size_t>(end - letters.data()));
      std::string shortcut(16, '\0');
      char* const after = write_outermost_letters<Board>(pos, c, rights, shortcut.data());
      if (after == nullptr) {
        ++count.declined;
        continue;
      }
      ++count.taken;
      shortcut.resize(static_cast<std::size_t>(after - shortcut.data()));
      EXPECT_EQ(shortcut, letters) << "round " << round;
    }
  }
}

TEST(CastlingWriter, OutermostLettersAsTheLetterWriterOnRandomBackRanks) {
  shortcut_count<eight_by_eight_board> eight;
  compare_on_random_back_ranks<eight_by_eight_board>(20000, eight);
  shortcut_count<ten_by_eight_board> ten;
  compare_on_random_back_ranks<ten_by_eight_board>(20000, ten);
  // Both ways taken on both boards, so that the comparison means something.
  EXPECT_GT(eight.taken, 1000);
  EXPECT_GT(eight.declined, 1000);
  EXPECT_GT(ten.taken, 1000);
  EXPECT_GT(ten.declined, 1000);
}

// The whole field: white then black, "-" without rights, the shortcut or not.
TEST(CastlingWriter, WholeField) {
  using board = eight_by_eight_board;
  position pos;
  const auto put = [&pos](color c, piece_type t, int file, int rank) {
    pos.put(piece{c, t}, board::make_square(file, rank));
  };
  put(color::white, piece_type::king, 4, 0);
  put(color::white, piece_type::rook, 0, 0);
  put(color::white, piece_type::rook, 7, 0);
  put(color::black, piece_type::king, 1, 7);
  put(color::black, piece_type::rook, 0, 7);
  put(color::black, piece_type::rook, 2, 7);
  put(color::black, piece_type::rook, 6, 7);
  const auto field = [&pos](castling_notation notation) {
    std::string text(16, '\0');
    text.resize(
        static_cast<std::size_t>(write_castling<board>(pos, notation, text.data()) - text.data()));
    return text;
  };
  EXPECT_EQ(field(castling_notation::xfen), "-");
  pos.castling_rooks = square_bb(make_square(0, 0)) | square_bb(make_square(7, 0)) |
                       square_bb(make_square(0, 7)) | square_bb(make_square(6, 7));
  EXPECT_EQ(field(castling_notation::xfen), "KQkq");
  EXPECT_EQ(field(castling_notation::shredder), "HAga");
  // Black's right on c8, right of the king but inside g8: its file letter.
  pos.castling_rooks = square_bb(make_square(7, 0)) | square_bb(make_square(2, 7));
  EXPECT_EQ(field(castling_notation::xfen), "Kc");
  EXPECT_EQ(field(castling_notation::shredder), "Hc");
}

}  // namespace
}  // namespace fenbatch::core::detail
