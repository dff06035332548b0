// libFuzzer target: UCI move lists played on records (core/uci_moves.hpp), on both boards.
//
// Input: 1 header byte, then the move list (any bytes).
//   bit 0     board: 0 8x8, 1 10x8
//   bits 1-2  the start position: one of four per board (standard, Chess960 or Capablanca
//             castling both ways, en passant and promotions at hand)
//   bits 3-7  the count of moves to play: 0 all, else 1..31
//
// Checks (any violation traps):
// - no crash; an error's column lies in 1..size+1; a refused list leaves the record as it was;
// - apply_uci_moves of all the moves succeeds exactly when check_uci_moves does;
// - a played record is valid again: its canonical text parses and writes itself again;
// - from the position reached, every legal move written by to_uci (king-takes-rook castling;
//   and on 8x8 the king's destination too) is accepted and gives after_move's position (the
//   destination notation: the normal move of that text when there is one, else castling).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "fenbatch/core/movegen.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/movegen.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/uci_moves.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/uci_moves.hpp"
#include "fenbatch/core/write.hpp"

namespace {

namespace core = fenbatch::core;
namespace tbe = fenbatch::core::ten_by_eight;

void check(bool condition, int line = __builtin_LINE()) {
  if (condition) return;
  std::fprintf(stderr, "%s:%d: check failed\n", __FILE__, line);
  __builtin_trap();
}

constexpr std::string_view eight_by_eight_starts[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pPp1qppp/2n5/3pP3/8/2N5/PPPQ1PpP/R3K2R w KQkq d6 0 10",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1",
};
constexpr std::string_view ten_by_eight_starts[] = {
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "r4k3r/1P8/10/10/10/10/8p1/R4K3R w KQkq - 0 1",
    "r3k4r/10/10/3pP5/10/10/10/R3K4R w KQkq d6 0 5",
    "4k5/P9/10/10/10/10/9p/4K5 b - - 0 1",
};

template <class Record, class Position>
void expect_same(const Record& rec, const Position& expected) {
  check(rec.pos == expected);
}

// From `rec`, each legal move in the notations it may be written in gives its position.
template <class Record, class MoveList, class Generate, class After, class Uci>
void every_legal_move_accepted(const Record& rec, Generate generate, After after, Uci uci) {
  MoveList legal;
  generate(rec.pos, legal);
  for (const auto m : legal) {
    for (const bool king_takes_rook : {true, false}) {
      const std::string text = uci(m, king_takes_rook);
      Record moved = rec;
      check(apply_uci_moves(moved, text, 1, {}).ok());
      if (king_takes_rook || m.kind() != decltype(m.kind())::castling) {
        expect_same(moved, after(rec.pos, m));
        continue;
      }
      // The destination notation: the normal move of that text if one is legal, else castling.
      auto expected = after(rec.pos, m);
      for (const auto other : legal) {
        if (other.kind() != decltype(m.kind())::castling && uci(other, true) == text) {
          expected = after(rec.pos, other);
        }
      }
      expect_same(moved, expected);
    }
  }
}

template <class Record, class Parse, class Canonical>
Record play(std::string_view fen, std::string_view moves, std::uint32_t count, Parse parse,
            Canonical canonical) {
  Record rec;
  check(parse(fen, rec).ok());
  const Record before = rec;
  const core::fen_status applied = apply_uci_moves(rec, moves, count, {});
  if (count == core::all_moves) check(applied.ok() == check_uci_moves(before, moves).ok());
  if (!applied.ok()) {
    check(applied.code == core::fen_errc::move_syntax ||
          applied.code == core::fen_errc::illegal_move);
    check(applied.column >= 1 && applied.column <= moves.size() + 1);
    check(rec.pos == before.pos);
    return rec;
  }
  Record again;
  const std::string text = canonical(rec);
  check(parse(text, again).ok());
  check(canonical(again) == text);
  return rec;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const unsigned header = data[0];
  const std::string_view moves(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::uint32_t count = (header >> 3) == 0 ? core::all_moves : header >> 3;
  const std::size_t start = (header >> 1) & 3;
  if ((header & 1) == 0) {
    const auto rec = play<core::record>(
        eight_by_eight_starts[start], moves, count,
        [](std::string_view fen, core::record& r) { return core::parse_record(fen, {}, r); },
        [](const core::record& r) { return core::to_canonical(r.pos); });
    every_legal_move_accepted<core::record, core::move_list>(
        rec, [](const core::position& p, core::move_list& l) { core::generate_legal_moves(p, l); },
        [](const core::position& p, core::move m) { return core::after_move(p, m); },
        [](core::move m, bool king_takes_rook) { return core::to_uci(m, king_takes_rook); });
  } else {
    const auto rec = play<tbe::record>(
        ten_by_eight_starts[start], moves, count,
        [](std::string_view fen, tbe::record& r) { return tbe::parse_record(fen, {}, r); },
        [](const tbe::record& r) { return tbe::to_canonical(r.pos); });
    every_legal_move_accepted<tbe::record, tbe::move_list>(
        rec, [](const tbe::position& p, tbe::move_list& l) { tbe::generate_legal_moves(p, l); },
        [](const tbe::position& p, tbe::move m) { return tbe::after_move(p, m); },
        [](tbe::move m, bool) { return tbe::to_uci(m); });
  }
  return 0;
}
