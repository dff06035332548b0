// UCI move lists played on records (uci_moves.hpp), on both boards. Every expected position is
// written out by hand from the rules of chess (and of Capablanca chess on 10x8), never taken
// from the code under test.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/uci_moves.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/uci_moves.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::core {
namespace {

// The canonical FEN after playing `count` moves of `moves` from `fen`, or the reason and column
// ("illegal_move@6").
template <class Record>
std::string played(std::string_view fen, std::string_view moves, std::uint32_t count) {
  Record rec;
  fen_status status{};
  if constexpr (std::is_same_v<Record, record>) {
    status = parse_record(fen, {}, rec);
  } else {
    status = ten_by_eight::parse_record(fen, {}, rec);
  }
  if (!status.ok()) return "invalid position: " + std::string(to_string(status.code));
  const Record before = rec;
  status = apply_uci_moves(rec, moves, count, {});
  if (!status.ok()) {
    if (!(rec.pos == before.pos)) return "record changed on failure";
    std::string reason(to_string(status.code));
    reason += '@';
    reason += std::to_string(status.column);
    return reason;
  }
  if (rec.placement_length != 0 || rec.plain_tail) return "left the copy hints set";
  return to_canonical(rec, fen, {});
}

std::string play(std::string_view fen, std::string_view moves, std::uint32_t count = all_moves) {
  return played<record>(fen, moves, count);
}
std::string play10(std::string_view fen, std::string_view moves, std::uint32_t count = all_moves) {
  return played<ten_by_eight::record>(fen, moves, count);
}

constexpr std::string_view start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(UciMoves, NormalMovesAdvanceTheCounters) {
  EXPECT_EQ(play(start, "e2e4"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(play(start, "e2e4 e7e5 g1f3"),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  EXPECT_EQ(play(start, "  e2e4\t e7e5  "),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
}

TEST(UciMoves, PlaysOnlyTheFirstN) {
  EXPECT_EQ(play(start, "e2e4 e7e5 g1f3", 1),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  // Moves after the first N are not read: a bad one there does not matter.
  EXPECT_EQ(play(start, "e2e4 zz", 1),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(UciMoves, CaptureEnPassantAndCheck) {
  EXPECT_EQ(play("4k3/8/8/3p4/4P3/8/8/4K3 w - - 3 9", "e4d5"), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 9");
  EXPECT_EQ(play("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2", "d5e6"), "4k3/8/4P3/8/8/8/8/4K3 b - - 0 2");
  // A double push next to an enemy pawn leaves a legal en-passant square.
  EXPECT_EQ(play("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4"), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  record rec;
  ASSERT_TRUE(parse_record("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", {}, rec).ok());
  ASSERT_TRUE(apply_uci_moves(rec, "a1a8", all_moves, {}).ok());
  EXPECT_TRUE(rec.in_check);
  EXPECT_EQ(to_canonical(rec, "", {}), "R3k3/8/8/8/8/8/8/4K3 b - - 1 1");
}

TEST(UciMoves, Promotions) {
  constexpr std::string_view fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
  EXPECT_EQ(play(fen, "e7e8q"), "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1");
  EXPECT_EQ(play(fen, "e7e8n"), "4N3/8/8/8/8/8/k7/4K3 b - - 0 1");
  EXPECT_EQ(play(fen, "e7e8"), "illegal_move@1");   // a promotion needs its letter
  EXPECT_EQ(play(fen, "e1e2q"), "illegal_move@1");  // ... and other moves refuse one
  EXPECT_EQ(play(fen, "e7e8k"), "move_syntax@1");   // not a promotion letter
  EXPECT_EQ(play(fen, "e7e8Q"), "move_syntax@1");   // UCI is lowercase
  EXPECT_EQ(play(fen, "e7e8a"), "move_syntax@1");   // an archbishop only on 10x8
}

TEST(UciMoves, StandardCastlingInBothNotations) {
  constexpr std::string_view fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_EQ(play(fen, "e1g1"), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  EXPECT_EQ(play(fen, "e1h1"), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  EXPECT_EQ(play(fen, "e1c1"), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
  EXPECT_EQ(play(fen, "e1a1"), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
  EXPECT_EQ(play(fen, "e1g1 e8c8"), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
  // Through an attacked square: no castling in either notation.
  EXPECT_EQ(play("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1"), "illegal_move@1");
}

TEST(UciMoves, Chess960Castling) {
  // King b1, rooks a1 and e1.
  constexpr std::string_view fen = "1k6/8/8/8/8/8/8/RK2R3 w KQ - 0 1";
  EXPECT_EQ(play(fen, "b1e1"), "1k6/8/8/8/8/8/8/R4RK1 b - - 1 1");
  EXPECT_EQ(play(fen, "b1g1"), "1k6/8/8/8/8/8/8/R4RK1 b - - 1 1");
  EXPECT_EQ(play(fen, "b1a1"), "1k6/8/8/8/8/8/8/2KRR3 b - - 1 1");
  // b1c1 is also the king's step: that move, not castling.
  EXPECT_EQ(play(fen, "b1c1"), "1k6/8/8/8/8/8/8/R1K1R3 b - - 1 1");
  // King f1, rook h1: f1g1 is the king's step, f1h1 castles.
  EXPECT_EQ(play("5k2/8/8/8/8/8/8/5K1R w K - 0 1", "f1h1"), "5k2/8/8/8/8/8/8/5RK1 b - - 1 1");
  EXPECT_EQ(play("5k2/8/8/8/8/8/8/5K1R w K - 0 1", "f1g1"), "5k2/8/8/8/8/8/8/6KR b - - 1 1");
}

TEST(UciMoves, ReasonsCarryTheColumnOfTheMove) {
  EXPECT_EQ(play(start, "e2e4  e7e5 z9z9"), "move_syntax@12");
  EXPECT_EQ(play(start, "e2e4 e2e4"), "illegal_move@6");
  EXPECT_EQ(play(start, "e2e4 e7e5", 3), "move_syntax@10");  // too few moves: past the end
  EXPECT_EQ(play(start, ""), "move_syntax@1");
  EXPECT_EQ(play(start, "   "), "move_syntax@4");
  EXPECT_EQ(play(start, "0000"), "move_syntax@1");
  EXPECT_EQ(play(start, "e2e4,e7e5"), "move_syntax@1");
  EXPECT_EQ(play(start, "e2e4 i7i5"), "move_syntax@6");  // no i file on 8x8
  EXPECT_EQ(play(start, "e2e9"), "move_syntax@1");
  // A pinned knight may not move.
  EXPECT_EQ(play("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3"), "illegal_move@1");
  // Not the side to move's piece.
  EXPECT_EQ(play(start, "e7e5"), "illegal_move@1");
}

TEST(UciMoves, CheckLeavesTheRecordAsItWas) {
  record rec;
  ASSERT_TRUE(parse_record(start, {}, rec).ok());
  const record before = rec;
  EXPECT_EQ(check_uci_moves(rec, "e2e4"), fen_status{});
  EXPECT_EQ(check_uci_moves(rec, "e2e4 e7e5"), fen_status{});
  EXPECT_EQ(check_uci_moves(rec, "e2e5"), (fen_status{fen_errc::illegal_move, 1}));
  EXPECT_EQ(check_uci_moves(rec, "e2e4 e2e3"), (fen_status{fen_errc::illegal_move, 6}));
  EXPECT_EQ(check_uci_moves(rec, ""), (fen_status{fen_errc::move_syntax, 1}));
  EXPECT_TRUE(rec.pos == before.pos);
}

constexpr std::string_view capablanca =
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

TEST(UciMovesTenByEight, TenFiles) {
  EXPECT_EQ(play10(capablanca, "e2e4"),
            "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1");
  EXPECT_EQ(play10(capablanca, "j2j4 j7j5 i1j3"),
            "rnabqkbcnr/ppppppppp1/10/9p/9P/9N/PPPPPPPPP1/RNABQKBC1R b KQkq - 1 2");
  EXPECT_EQ(play10(capablanca, "k2k4"), "move_syntax@1");
  EXPECT_EQ(play10(capablanca, "j2j9"), "move_syntax@1");
  EXPECT_EQ(play10(capablanca, "e2e4 e2e4"), "illegal_move@6");
}

TEST(UciMovesTenByEight, CapablancaPromotions) {
  constexpr std::string_view fen = "4k5/P9/10/10/10/10/10/4K5 w - - 0 1";
  EXPECT_EQ(play10(fen, "a7a8a"), "A3k5/10/10/10/10/10/10/4K5 b - - 0 1");
  EXPECT_EQ(play10(fen, "a7a8c"), "C3k5/10/10/10/10/10/10/4K5 b - - 0 1");
  EXPECT_EQ(play10(fen, "a7a8q"), "Q3k5/10/10/10/10/10/10/4K5 b - - 0 1");
  EXPECT_EQ(play10(fen, "a7a8x"), "move_syntax@1");
}

TEST(UciMovesTenByEight, CastlingInBothNotations) {
  // King f1, rooks a1 and j1: the king lands on i1 (rook h1) or c1 (rook d1).
  constexpr std::string_view fen = "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1";
  EXPECT_EQ(play10(fen, "f1j1"), "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1");
  EXPECT_EQ(play10(fen, "f1i1"), "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1");
  EXPECT_EQ(play10(fen, "f1a1"), "r4k3r/10/10/10/10/10/10/2KR5R b kq - 1 1");
  EXPECT_EQ(play10(fen, "f1c1"), "r4k3r/10/10/10/10/10/10/2KR5R b kq - 1 1");
}

}  // namespace
}  // namespace fenbatch::core
