// Standard algebraic notation. Expected strings are written out by hand from the PGN standard
// (section 8.2.3: piece letter, disambiguation by file, then rank, then both; 'x' for captures;
// "=Q" for promotions; "O-O"/"O-O-O"; '+' for check, '#' for mate), never taken from the code.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "fenbatch/core/movegen.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/san.hpp"

namespace fenbatch::core {
namespace {

square parse_square(std::string_view name) {
  return make_square(name[0] - 'a', name[1] - '1');
}

// SAN of the legal move from `from` to `to` (castling: king square to rook square) in the
// position of `fen`, promoting to `promotion` where the move promotes.
std::string san(std::string_view fen, std::string_view from, std::string_view to,
                piece_type promotion = piece_type::queen) {
  record rec;
  const fen_status status = parse_record(fen, {}, rec);
  if (!status.ok()) return "invalid position: " + std::string(to_string(status.code));
  move_list legal;
  generate_legal_moves(rec.pos, legal);
  for (const move m : legal) {
    if (m.from() == parse_square(from) && m.to() == parse_square(to) &&
        (m.kind() != move_kind::promotion || m.promotion() == promotion)) {
      return to_san(rec.pos, m);
    }
  }
  return "no legal move " + std::string(from) + std::string(to);
}

TEST(San, PawnPushesAndCaptures) {
  constexpr std::string_view start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(san(start, "e2", "e4"), "e4");
  EXPECT_EQ(san(start, "g1", "f3"), "Nf3");
  constexpr std::string_view two_captures = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1";
  EXPECT_EQ(san(two_captures, "c4", "d5"), "cxd5");
  EXPECT_EQ(san(two_captures, "e4", "d5"), "exd5");
}

TEST(San, DisambiguatesByFileFirst) {
  constexpr std::string_view knights = "4k3/8/8/8/8/8/8/1N3NK1 w - - 0 1";
  EXPECT_EQ(san(knights, "b1", "d2"), "Nbd2");
  EXPECT_EQ(san(knights, "f1", "d2"), "Nfd2");
  EXPECT_EQ(san(knights, "f1", "h2"), "Nh2");  // only one knight reaches h2
  EXPECT_EQ(san("4k3/8/8/8/8/8/3p4/1N3NK1 w - - 0 1", "b1", "d2"), "Nbxd2");
}

TEST(San, DisambiguatesByRankWhenTheFileIsShared) {
  constexpr std::string_view rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
  EXPECT_EQ(san(rooks, "a1", "a3"), "R1a3");
  EXPECT_EQ(san(rooks, "a5", "a3"), "R5a3");
}

TEST(San, DisambiguatesByFileAndRankWhenNeitherAloneTellsThePiecesApart) {
  // Queens on a1, a3 and c1 all reach b2: a1 shares its file with a3 and its rank with c1.
  constexpr std::string_view queens = "4k3/8/8/7K/8/Q7/8/Q1Q5 w - - 0 1";
  EXPECT_EQ(san(queens, "a1", "b2"), "Qa1b2");
  EXPECT_EQ(san(queens, "a3", "b2"), "Q3b2");
  EXPECT_EQ(san(queens, "c1", "b2"), "Qcb2");
}

TEST(San, APinnedRivalNeedsNoDisambiguation) {
  // The f1 knight is pinned by the h1 rook: only the b1 knight may go to d2.
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/1N2KN1r w - - 0 1", "b1", "d2"), "Nd2");
}

TEST(San, CastlingStandard) {
  constexpr std::string_view white = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_EQ(san(white, "e1", "h1"), "O-O");
  EXPECT_EQ(san(white, "e1", "a1"), "O-O-O");
  constexpr std::string_view black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
  EXPECT_EQ(san(black, "e8", "h8"), "O-O");
  EXPECT_EQ(san(black, "e8", "a8"), "O-O-O");
  // The rook lands on f1 and checks the king on f8.
  EXPECT_EQ(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1", "h1"), "O-O+");
}

TEST(San, CastlingChess960) {
  // King f1, rooks g1 (h-side, the king only swaps with it) and a1.
  constexpr std::string_view chess960 = "4k3/8/8/8/8/8/8/R4KR1 w KQ - 0 1";
  EXPECT_EQ(san(chess960, "f1", "g1"), "O-O");
  EXPECT_EQ(san(chess960, "f1", "a1"), "O-O-O");
  // The rook lands on d1 and checks the king on d8.
  EXPECT_EQ(san("3k4/8/8/8/8/8/8/R4KR1 w KQ - 0 1", "f1", "a1"), "O-O-O+");
}

TEST(San, EnPassantIsAPawnCapture) {
  EXPECT_EQ(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5", "d6"), "exd6");
  // The pawn on d6 then attacks e7.
  EXPECT_EQ(san("8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5", "d6"), "exd6+");
}

TEST(San, PromotionsWithCheck) {
  constexpr std::string_view pawn = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
  EXPECT_EQ(san(pawn, "b7", "b8", piece_type::queen), "b8=Q+");
  EXPECT_EQ(san(pawn, "b7", "b8", piece_type::rook), "b8=R+");
  EXPECT_EQ(san(pawn, "b7", "b8", piece_type::bishop), "b8=B");
  EXPECT_EQ(san(pawn, "b7", "b8", piece_type::knight), "b8=N");
  EXPECT_EQ(san("2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7", "c8", piece_type::queen), "bxc8=Q+");
}

TEST(San, MateEndsInHash) {
  EXPECT_EQ(san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1", "a8"), "Ra8#");
  // Scholar's mate.
  EXPECT_EQ(san("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5", "f7"),
            "Qxf7#");
  // Promotion to mate: the king on b6 covers a7 and b7.
  constexpr std::string_view corner = "k7/2P5/1K6/8/8/8/8/8 w - - 0 1";
  EXPECT_EQ(san(corner, "c7", "c8", piece_type::queen), "c8=Q#");
  EXPECT_EQ(san(corner, "c7", "c8", piece_type::rook), "c8=R#");
  EXPECT_EQ(san(corner, "c7", "c8", piece_type::knight), "c8=N");
}

}  // namespace
}  // namespace fenbatch::core
