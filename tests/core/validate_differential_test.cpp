// validate() (combined tests first, validate.cpp) against validate_precise(), the checks one by
// one in their order: the same status (reason and column) and the same record afterwards, in
// strict and repair mode, on the shared vectors, a sample of the shared corpora, those records
// mutated, and random boards built directly (records no decoder makes included). Where
// validate() leaves a material hint (record.hpp), it is the position's signature, as counted
// here square by square, and only on an accepted record. Decoded records carry the decoder's
// castling_clean hint into validate(); mutated ones drop it, as record.hpp asks.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/material.hpp"
#include "fenbatch/core/record.hpp"
#include "shared_data.hpp"
#include "validate_precise.hpp"

namespace fenbatch::core {
namespace {

// What validation may change in a record, and its verdict.
struct validation_outcome {
  fen_status status;
  position pos;
  square legal_ep = no_square;
  bool pseudo_legal_ep = false;
  bool in_check = false;
  std::uint8_t repairs = 0;
  std::uint8_t notes = 0;

  friend bool operator==(const validation_outcome&, const validation_outcome&) = default;
};

validation_outcome outcome_of(fen_status status, const record& rec) {
  return {status, rec.pos, rec.legal_ep, rec.pseudo_legal_ep, rec.in_check, rec.repairs, rec.notes};
}

std::string describe(const validation_outcome& o) {
  return std::string(to_string(o.status.code)) + "@" + std::to_string(o.status.column) +
         " castling=" + std::to_string(o.pos.castling_rooks) +
         " ep=" + std::to_string(to_index(o.pos.ep_square)) +
         " legal_ep=" + std::to_string(to_index(o.legal_ep)) +
         " pseudo=" + std::to_string(o.pseudo_legal_ep) + " check=" + std::to_string(o.in_check) +
         " repairs=" + std::to_string(o.repairs) + " notes=" + std::to_string(o.notes);
}

// The material signature's text ("KQRRvKPP"), counted square by square (random boards may
// stack pieces on a square: each colour and kind there counts).
std::string counted_material(const position& pos) {
  std::string text;
  for (const color c : {color::white, color::black}) {
    text += c == color::white ? "K" : "vK";
    for (const auto& [type, letter] : {std::pair{piece_type::queen, 'Q'},
                                       {piece_type::rook, 'R'},
                                       {piece_type::bishop, 'B'},
                                       {piece_type::knight, 'N'},
                                       {piece_type::pawn, 'P'}}) {
      for (int s = 0; s < 64; ++s) {
        if ((pos.pieces(c, type) >> s & 1) != 0) text += letter;
      }
    }
  }
  return text;
}

// Counts the rejections seen, so that a test can say its inputs reached the precise checks.
struct differential {
  int compared = 0;
  int rejected = 0;
  int failures = 0;
  int hinted = 0;
  int castling_hinted = 0;

  void check(const record& rec, std::string_view what) {
    castling_hinted += rec.castling_clean ? 1 : 0;
    for (const bool repair : {false, true}) {
      record fast = rec;
      fast.material_hint = 0x5eed;  // (a stale hint: validate() must replace it)
      record precise = rec;
      const decode_options options{.repair = repair};
      const validation_outcome a = outcome_of(validate(fast, options), fast);
      if (fast.material_hint != 0) {
        ++hinted;
        if ((!a.status.ok() ||
             material_signature_text(fast.material_hint) != counted_material(fast.pos)) &&
            ++failures <= 10) {
          ADD_FAILURE() << what << ": material hint " << std::hex << fast.material_hint << " for "
                        << counted_material(fast.pos) << ", " << to_string(a.status.code);
        }
      }
      const validation_outcome b = outcome_of(detail::validate_precise(precise, options), precise);
      ++compared;
      if (!b.status.ok()) ++rejected;
      if (a != b && ++failures <= 10) {
        ADD_FAILURE() << what << (repair ? " (repair)" : " (strict)")
                      << "\n  validate: " << describe(a) << "\n  precise:  " << describe(b);
      }
    }
  }
};

// Records as the decoder makes them, or nothing where the line does not decode.
bool decoded(std::string_view line, record& rec) {
  rec = record{};
  if (decode(line, {}, rec).ok()) return true;
  rec = record{};
  return decode(line, {.repair = true}, rec).ok();
}

std::mt19937_64& random_engine() {
  static std::mt19937_64 engine(31);
  return engine;
}

int uniform(int below) {
  return static_cast<int>(random_engine()() % static_cast<std::uint64_t>(below));
}

// One change a corrupted or unusual line could make: a piece moved, added or removed, rights
// or the ep square set at random, the side flipped, a stale letter noted.
void mutate(record& rec) {
  position& pos = rec.pos;
  rec.castling_clean = false;  // (the decoder's hint holds for the board it decoded only)
  const auto sq = static_cast<square>(uniform(64));
  switch (uniform(8)) {
    case 0: {
      const std::optional<piece> p = pos.piece_on(static_cast<square>(uniform(64)));
      if (p) pos.put(*p, sq);
      break;
    }
    case 1: pos.remove(sq); break;
    case 2:
      pos.put(piece{{static_cast<color>(uniform(2)), static_cast<piece_type>(uniform(6))}}, sq);
      break;
    case 3:
      pos.castling_rooks ^= square_bb(static_cast<square>(uniform(2) * 56 + uniform(8)));
      break;
    case 4: pos.ep_square = make_square(uniform(8), uniform(2) != 0 ? 2 : 5); break;
    case 5: pos.side_to_move = ~pos.side_to_move; break;
    case 6: rec.stale_castling_column = 1 + static_cast<std::uint32_t>(uniform(60)); break;
    default:
      pos.castling_rooks ^= square_bb(sq);  // (a right off the back ranks)
      break;
  }
}

// A random board: kings (sometimes none or two), a random number of random pieces, rights on
// back-rank squares (often the rooks'), an ep square now and then, random counters.
record random_record() {
  record rec;
  position& pos = rec.pos;
  for (const color c : {color::white, color::black}) {
    const int kings = uniform(10) == 0 ? uniform(3) : 1;
    const int back = back_rank(c);
    for (int k = 0; k < kings; ++k) {
      // Often on the back rank, where castling needs the king.
      const int rank = uniform(3) != 0 ? back : uniform(8);
      pos.put(piece{{c, piece_type::king}}, make_square(uniform(8), rank));
    }
    for (int r = uniform(4); r > 0; --r) {
      pos.put(piece{{c, piece_type::rook}}, make_square(uniform(8), back));
    }
  }
  for (int n = uniform(28); n > 0; --n) {
    const auto type = static_cast<piece_type>(uniform(5));
    pos.put(piece{{static_cast<color>(uniform(2)), type}}, static_cast<square>(uniform(64)));
  }
  // (put() may stack pieces on a square: kept, a record no decoder makes.)
  const bitboard back_rooks = pos.pieces(piece_type::rook) & (rank_bb(0) | rank_bb(7));
  pos.castling_rooks = back_rooks & random_engine()();
  if (uniform(8) == 0) pos.castling_rooks |= square_bb(make_square(uniform(8), 7 * uniform(2)));
  pos.side_to_move = static_cast<color>(uniform(2));
  if (uniform(4) == 0)
    pos.ep_square = make_square(uniform(8), uniform(3) == 0 ? 3 : 2 + 3 * uniform(2));
  pos.halfmove_clock = static_cast<std::uint32_t>(uniform(3) == 0 ? uniform(200) : 0);
  pos.fullmove_number = static_cast<std::uint32_t>(1 + uniform(80));
  rec.placement_column = 1;
  rec.side_column = 20 + static_cast<std::uint32_t>(uniform(40));
  rec.ep_column = rec.side_column + 4;
  if (uniform(20) == 0) rec.stale_castling_column = rec.side_column + 2;
  return rec;
}

TEST(ValidateDifferential, SharedVectors) {
  FENBATCH_REQUIRE_SHARED(shared);
  differential diff;
  for (const char* name :
       {"fen-vectors.tsv", "epd-bratko_kopec_test.epd", "epd-win_at_chess_test.epd",
        "epd-ccr_one_hour_test.epd", "perft-standard.epd", "perft-chess960.epd"}) {
    for (const std::string& row : test::read_lines(shared / "vectors" / name)) {
      const std::string_view line = std::string_view(row).substr(0, row.find('\t'));
      record rec;
      if (!decoded(line, rec)) continue;
      diff.check(rec, line);
      for (int m = 0; m < 50; ++m) {
        record mutated = rec;
        for (int k = uniform(3); k >= 0; --k) mutate(mutated);
        diff.check(mutated, std::string(line) + " (mutated)");
      }
    }
  }
  EXPECT_GT(diff.compared, 20000);
  EXPECT_GT(diff.rejected, 2000);  // the mutations reach the precise checks' rejections
}

TEST(ValidateDifferential, SharedCorpusSample) {
  FENBATCH_REQUIRE_SHARED(shared);
  differential diff;
  // Standard, Chess960 (X-FEN and Shredder letters), endgames (checks, en passant).
  for (const char* name : {"popularpos_lichess.epd.zst", "3moves_FRC.epd.zst",
                           "DFRC_openings.epd.zst", "endgames.epd.zst"}) {
    const std::string text = test::read_zst(shared / "corpus" / name);
    line_splitter lines(text);
    int index = 0;
    for (line_span line; lines.next(line);) {
      if (++index % 16 != 0) continue;
      record rec;
      if (!decoded(line.text, rec)) continue;
      diff.check(rec, line.text);
      record mutated = rec;
      mutate(mutated);
      diff.check(mutated, std::string(line.text) + " (mutated)");
    }
  }
  EXPECT_GT(diff.compared, 100000);
  EXPECT_GT(diff.hinted, diff.compared / 2);           // the plain path takes most corpus lines
  EXPECT_GT(diff.castling_hinted, diff.compared / 8);  // (each line is checked twice, mutated)
}

TEST(ValidateDifferential, RandomBoards) {
  differential diff;
  for (int i = 0; i < 200000; ++i)
    diff.check(random_record(), "random board #" + std::to_string(i));
  EXPECT_GT(diff.rejected, 10000);
  EXPECT_LT(diff.rejected, diff.compared - 10000);  // and many pass every check
  EXPECT_GT(diff.hinted, 10000);
}

}  // namespace
}  // namespace fenbatch::core
