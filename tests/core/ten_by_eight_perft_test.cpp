// 10x8 move generation against ../shared/vectors/perft-10x8.epd (Fairy-Stockfish counts) for
// every depth up to 20 million nodes; the deeper ones are in ten_by_eight_perft_long_test.cpp
// (ctest label `long`) and bench/core/ten_by_eight_perft_bench.cpp. Small positions worked out
// by hand check castling, promotion and notation without the shared files.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ten_by_eight_perft_suite.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

constexpr std::uint64_t max_test_nodes = 20'000'000;

TEST(TenByEightPerft, VectorsUpToTwentyMillionNodes) {
  FENBATCH_REQUIRE_SHARED(shared);
  // 6 lines: D1-D4 of all six and D5 of the last (844,954) are under 20 M.
  EXPECT_EQ(
      test::check_ten_by_eight_perft(shared / "vectors" / "perft-10x8.epd", 0, max_test_nodes), 25);
}

// The position of a FEN that the 10x8 reader must accept.
position read(const std::string& fen) {
  record rec;
  const fen_status status = parse_record(fen, {}, rec);
  EXPECT_TRUE(status.ok()) << fen << ": " << to_string(status.code);
  return rec.pos;
}

std::vector<std::string> legal_uci(const std::string& fen) {
  move_list moves;
  generate_legal_moves(read(fen), moves);
  std::vector<std::string> out;
  for (const move m : moves) out.push_back(to_uci(m));
  std::sort(out.begin(), out.end());
  return out;
}

bool contains(const std::vector<std::string>& moves, const std::string& m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// Rook b1 shields c1 from the black rook on a1; after castling (king c1, rook d1) a1 would see
// c1, so the B right gives no move. The rook is pinned along the rank: xa1, c1, d1 (3); king
// e1: d1 f1 d2 e2 f2 (5) = 8.
TEST(TenByEightMoves, CastlingRookMayNotUncoverItsKingsTarget) {
  const auto moves = legal_uci("4k5/10/10/10/10/10/10/rR2K5 w B - 0 1");
  EXPECT_EQ(moves.size(), 8u);
  EXPECT_FALSE(contains(moves, "e1b1"));
}

// The same with a black knight on a1 (it attacks b3 and c2 only): castling is legal, 16 moves.
TEST(TenByEightMoves, CastlingWithAnInnerRookToTheASide) {
  const std::string fen = "4k5/10/10/10/10/10/10/nR2K5 w B - 0 1";
  const auto moves = legal_uci(fen);
  EXPECT_EQ(moves.size(), 16u);
  EXPECT_TRUE(contains(moves, "e1b1"));
  // King to c1, rook to d1; the right is gone.
  const position pos = read(fen);
  const position next =
      after_move(pos, move(make_square(4, 0), make_square(1, 0), move_kind::castling));
  const position expected = read("4k5/10/10/10/10/10/10/n1KR6 b - - 1 1");
  EXPECT_EQ(next.pieces(color::white), expected.pieces(color::white));
  EXPECT_EQ(next.pieces(piece_type::king), expected.pieces(piece_type::king));
  EXPECT_EQ(next.pieces(piece_type::rook), expected.pieces(piece_type::rook));
  EXPECT_EQ(next.castling_rooks, bitboard{0});
}

// Capablanca start with f1-h1 cleared except the rook: king f1 goes to i1, rook j1 to h1; the
// king passes g1, h1 and lands on i1. A black rook on g8 over an open g file forbids it.
TEST(TenByEightMoves, CastlingKingMayNotPassAnAttackedSquare) {
  EXPECT_TRUE(contains(legal_uci("4k5/10/10/10/10/10/10/5K3R w K - 0 1"), "f1j1"));
  EXPECT_FALSE(contains(legal_uci("4k1r3/10/10/10/10/10/10/5K3R w K - 0 1"), "f1j1"));
  // A piece on i1 (the king's target) blocks; one on i1 that is the castling rook itself
  // does not: king h1, rook i1 -> king i1, rook h1.
  EXPECT_FALSE(contains(legal_uci("4k5/10/10/10/10/10/10/5K2NR w K - 0 1"), "f1j1"));
  EXPECT_TRUE(contains(legal_uci("4k5/10/10/10/10/10/10/7KR1 w K - 0 1"), "h1i1"));
}

// White pawns b7 and i7 each promote to Q R B N A C (12); king e1: d1 f1 d2 e2 f2 (5) = 17
// (and the suite's D1).
TEST(TenByEightMoves, PromotionsIncludeArchbishopAndChancellor) {
  const auto moves = legal_uci("4k5/1P6P1/10/10/10/10/1p6p1/4K5 w - - 0 1");
  EXPECT_EQ(moves.size(), 17u);
  for (const char* m : {"b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7b8a", "b7b8c", "i7i8c"}) {
    EXPECT_TRUE(contains(moves, m)) << m;
  }
}

// En passant on the j file: black j7-j5 beside a white pawn on i5 gives i5xj6.
TEST(TenByEightMoves, EnPassantOnTheJFile) {
  const position pos = read("4k5/9p/10/8P1/10/10/10/4K5 b - - 0 1");
  const position next = after_move(pos, move(make_square(9, 6), make_square(9, 4)));
  EXPECT_EQ(next.ep_square, make_square(9, 5));
  move_list moves;
  generate_legal_moves(next, moves);
  std::vector<std::string> uci;
  for (const move m : moves) uci.push_back(to_uci(m));
  EXPECT_TRUE(contains(uci, "i5j6"));
  const auto it = std::find(uci.begin(), uci.end(), "i5j6");
  const position taken = after_move(next, moves.moves[static_cast<std::size_t>(it - uci.begin())]);
  EXPECT_EQ(taken.pieces(piece_type::pawn), square_bb(make_square(9, 5)));
}

}  // namespace
}  // namespace fenbatch::core::ten_by_eight
