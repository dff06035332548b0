// The 10x8 reader, validator, writer and key on hand-worked lines (TENBYEIGHT.md, and the 8x8
// rules where it is silent). Columns are counted by hand: "5k4/" is columns 1-4, each "10/"
// three more, so on the board "5k4/10/10/10/10/10/10/5K4" rank 2 starts at column 20, rank 1 at
// 23, and the fields follow at 27 (side), 29 (castling "-"), 31 (ep "-"), 33 and 35 (counters).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/line_limits.hpp"
#include "fenbatch/core/material.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/material.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

constexpr decode_options strict{};
constexpr decode_options repair{.repair = true};
constexpr decode_options with_payload{.payload = true};

constexpr std::string_view capablanca =
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
constexpr std::string_view bare_kings = "5k4/10/10/10/10/10/10/5K4 w - - 0 1";

// The canonical line, or "reason at column".
std::string read(std::string_view line, const decode_options& options = strict,
                 const write_options& write = {}) {
  record rec;
  const fen_status status = parse_record(line, options, rec);
  if (!status.ok()) {
    return std::string(to_string(status.code)) + " at " + std::to_string(status.column);
  }
  return to_canonical(rec, line, write);
}

record parsed(std::string_view line, const decode_options& options = strict) {
  record rec;
  const fen_status status = parse_record(line, options, rec);
  EXPECT_TRUE(status.ok()) << line << ": " << to_string(status.code) << " at " << status.column;
  return rec;
}

position_key key_of(std::string_view line, key_kind kind = key_kind::position) {
  return make_key(parsed(line), kind);
}

TEST(TenByEightDecode, PlacementErrorsNameTheOffendingByte) {
  EXPECT_EQ(read("5k4/10/10/10/10/10/p10/5K4 w - - 0 1"), "rank_width at 21");  // the "10"
  EXPECT_EQ(read("5k4/10/10/10/10/10/100/5K4 w - - 0 1"), "rank_syntax at 22");
  EXPECT_EQ(read("5k4/10/10/10/10/10/0/5K4 w - - 0 1"), "rank_syntax at 20");
  EXPECT_EQ(read("5k4/10/10/10/10/10/19/5K4 w - - 0 1"), "rank_syntax at 21");
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K3 w - - 0 1"), "rank_width at 26");  // field's end
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K4~ w - - 0 1"), "variant_syntax at 26");
  EXPECT_EQ(read(std::string_view("5k4/10/10/10/10/10/10/5K\0004 w - - 0 1", 36)),
            "nul_byte at 25");
  // An 8-file rank 8 read by the 10x8 reader (the router never sends it one).
  EXPECT_EQ(read("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "rank_width at 4");
}

TEST(TenByEightDecode, FieldErrorsNameTheOffendingByte) {
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K4 w -K - 0 1"), "castling_syntax at 30");
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K4 w - k3 0 1"), "ep_syntax at 31");
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K4 w - j4 0 1"), "ep_syntax at 32");
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K4 w - j66 0 1"), "ep_syntax at 33");
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K4 w - - 0 1 foo"), "trailing_garbage at 37");
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K4 w - - 0 1 hmvc 3;"), "counter_conflict at 42");
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K4 w - - x 1"), "bad_halfmove at 33");
  const std::string long_line = std::string(bare_kings) + std::string(max_line_length, ' ');
  EXPECT_EQ(read(long_line), "line_too_long at " + std::to_string(max_line_length + 1));
}

TEST(TenByEightDecode, BlankAndCommentLinesAreSkipped) {
  record rec;
  EXPECT_EQ(decode(" \t ", strict, rec).code, fen_errc::skipped_blank);
  EXPECT_EQ(decode("  # 5k4/10/10/10/10/10/10/5K4 w - - 0 1", strict, rec).code,
            fen_errc::skipped_comment);
}

TEST(TenByEightDecode, SeparatorsAreNormalized) {
  const record rec = parsed(" 5k4/10/10/10/10/10/10/5K4\tw  - - 0 1 ");
  EXPECT_TRUE(rec.has(record_note::whitespace_normalized));
  EXPECT_EQ(read(" 5k4/10/10/10/10/10/10/5K4\tw  - - 0 1 "), bare_kings);
}

TEST(TenByEightDecode, LegalityErrorsInThePolicysOrder) {
  // Janus: two archbishops and no chancellor cost nothing; a third, or a second chancellor,
  // needs a missing pawn (here all ten stand).
  EXPECT_EQ(read("1k8/10/10/10/10/10/PPPPPPPPPP/AA2K5 w - - 0 1"),
            "1k8/10/10/10/10/10/PPPPPPPPPP/AA2K5 w - - 0 1");
  EXPECT_EQ(read("1k8/10/10/10/10/10/PPPPPPPPPP/AAA1K5 w - - 0 1"), "too_much_material at 1");
  EXPECT_EQ(read("1k8/10/10/10/10/10/PPPPPPPPPP/ACC1K5 w - - 0 1"), "too_much_material at 1");
  // a1 is dark, b1 and d1 light.
  EXPECT_EQ(read("1k8/10/10/10/10/10/PPPPPPPPPP/BB2K5 w - - 0 1"),
            "1k8/10/10/10/10/10/PPPPPPPPPP/BB2K5 w - - 0 1");
  EXPECT_EQ(read("1k8/10/10/10/10/10/PPPPPPPPPP/1B1BK5 w - - 0 1"), "too_much_material at 1");
  EXPECT_EQ(read("1k8/10/10/10/10/P9/PPPPPPPPPP/4K5 w - - 0 1"), "too_many_pawns at 1");
  EXPECT_EQ(read("1k8/10/10/10/10/N9/PPPPPPPPPP/RNABQKBCNR w - - 0 1"), "too_many_pieces at 1");
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K4 w - e6 0 1"), "bad_ep_square at 31");
}

TEST(TenByEightDecode, ImpossibleChecksWithArchbishopsAndChancellors) {
  // Chancellor d2 and knight e3 both a knight's move from f1: both leap.
  EXPECT_EQ(read("5k4/10/10/10/10/4n5/3c6/5K4 w - - 0 1"), "impossible_check at 1");
  EXPECT_EQ(read("5k4/10/10/10/10/4c5/3c6/5K4 w - - 0 1"), "impossible_check at 1");
  EXPECT_EQ(read("5k4/10/10/10/10/10/3ap5/5K4 w - - 0 1"), "impossible_check at 1");
  // The chancellor on f4 checks along the file, the archbishop on g2 along the diagonal:
  // neither leaps, and neither pair is on one line through the king.
  EXPECT_EQ(read("5k4/10/10/10/5c4/4n5/10/5K4 w - - 0 1"), "5k4/10/10/10/5c4/4n5/10/5K4 w - - 0 1");
  EXPECT_EQ(read("5k4/10/10/10/10/10/4p1a3/5K4 w - - 0 1"),
            "5k4/10/10/10/10/10/4p1a3/5K4 w - - 0 1");
  // Rook e5 and chancellor e2 on the e file through the king e4.
  EXPECT_EQ(read("5k4/10/10/4r5/4K5/10/4c5/10 w - - 0 1"), "impossible_check at 1");
  // d7-d5 cannot have given the chancellor's check along rank 6: it was there before.
  EXPECT_EQ(read("1k8/10/K8c/3p6/10/10/10/10 w - d6 0 1"), "impossible_check at 1");
  // ... but it can have uncovered the bishop c8's diagonal to f5.
  const record uncovered = parsed("1kb7/10/10/3p1K4/10/10/10/10 w - d6 0 1");
  EXPECT_TRUE(uncovered.in_check);
  EXPECT_EQ(uncovered.legal_ep, no_square);
}

TEST(TenByEightDecode, RepairMergesCountTokens) {
  EXPECT_EQ(read("5k4/10/10/10/10/10/55/5K4 w - - 0 1"), "rank_syntax at 21");
  const record merged = parsed("5k4/10/10/10/10/10/55/5K4 w - - 0 1", repair);
  EXPECT_EQ(merged.repairs, repair_bit(repair_kind::digit_run));
  EXPECT_EQ(read("5k4/10/10/10/10/10/55/5K4 w - - 0 1", repair), bare_kings);
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/113K4 w - - 0 1"), "rank_syntax at 24");
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/113K4 w - - 0 1", repair), bare_kings);
  // Repair adds counts up; it invents no squares and gives '0' no meaning.
  EXPECT_EQ(read("5k4/10/10/10/10/10/11/5K4 w - - 0 1", repair), "rank_width at 22");
  EXPECT_EQ(read("5k4/10/10/10/10/10/010/5K4 w - - 0 1", repair), "rank_syntax at 20");
}

// "r4k3r/10/10/10/10/10/10/" is 24 bytes; after "R4K3R" (or "RR3K4") the side is at 31 and
// castling at 33, after "R4K4" at 30 and 32.
TEST(TenByEightDecode, RepairReordersAndDropsCastlingRights) {
  constexpr std::string_view reordered = "r4k3r/10/10/10/10/10/10/R4K3R w qkQK - 0 1";
  EXPECT_EQ(read(reordered), "castling_order at 34");
  EXPECT_EQ(parsed(reordered, repair).repairs, repair_bit(repair_kind::castling_order));
  EXPECT_EQ(read(reordered, repair), "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");

  constexpr std::string_view no_h_rook = "r4k3r/10/10/10/10/10/10/R4K4 w KQkq - 0 1";
  EXPECT_EQ(read(no_h_rook), "bad_castling_rights at 32");
  EXPECT_EQ(parsed(no_h_rook, repair).repairs, repair_bit(repair_kind::castling_dropped));
  EXPECT_EQ(read(no_h_rook, repair), "r4k3r/10/10/10/10/10/10/R4K4 w Qkq - 0 1");

  constexpr std::string_view both = "r4k3r/10/10/10/10/10/10/R4K4 w QKkq - 0 1";
  EXPECT_EQ(read(both), "castling_order at 33");
  EXPECT_EQ(parsed(both, repair).repairs,
            repair_bit(repair_kind::castling_order) | repair_bit(repair_kind::castling_dropped));
  EXPECT_EQ(read(both, repair), "r4k3r/10/10/10/10/10/10/R4K4 w Qkq - 0 1");

  // Two rights on the a side of the king: the outermost (a1) stays, B is stale.
  constexpr std::string_view two_a_side = "r4k3r/10/10/10/10/10/10/RR3K4 w BA - 0 1";
  EXPECT_EQ(read(two_a_side), "bad_castling_rights at 33");
  EXPECT_EQ(read(two_a_side, repair), "r4k3r/10/10/10/10/10/10/RR3K4 w Q - 0 1");

  constexpr std::string_view stray_ep = "5k4/10/10/10/10/10/10/5K4 w - e6 0 1";
  EXPECT_EQ(parsed(stray_ep, repair).repairs, repair_bit(repair_kind::ep_dropped));
  EXPECT_EQ(read(stray_ep, repair), bare_kings);
}

TEST(TenByEightDecode, InnerRooksAreWrittenWithFileLetters) {
  // Rooks a1 c1 j1: K is j1, C the inner c1 (a1 stands further out).
  constexpr std::string_view inner = "r1r2k3r/10/10/10/10/10/10/R1R2K3R w KCkc - 0 1";
  EXPECT_EQ(read(inner), inner);
  EXPECT_EQ(read(inner, strict, {.castling = castling_notation::shredder}),
            "r1r2k3r/10/10/10/10/10/10/R1R2K3R w JCjc - 0 1");
  EXPECT_EQ(read("r1r2k3r/10/10/10/10/10/10/R1R2K3R w JCjc - 0 1"), inner);
  // Rooks a1 b1 i1 j1 and rights on the inner ones: "IB"; black's corner rooks "kq".
  constexpr std::string_view inner_both = "r4k3r/10/10/10/10/10/10/RR3K2RR w IBkq - 0 1";
  EXPECT_EQ(read(inner_both), inner_both);
  EXPECT_EQ(read(inner_both, strict, {.castling = castling_notation::shredder}),
            "r4k3r/10/10/10/10/10/10/RR3K2RR w IBja - 0 1");
  EXPECT_EQ(read("r4k3r/10/10/10/10/10/10/RR3K2RR w KQkq - 0 1", strict,
                 {.castling = castling_notation::shredder}),
            "r4k3r/10/10/10/10/10/10/RR3K2RR w JAja - 0 1");
}

// White's c5 pawn may take d5 en passant only if the a5 king is not then attacked along
// rank 5 (which the two pawns leave empty).
TEST(TenByEightDecode, EpPoliciesOnAPinnedCapture) {
  constexpr std::string_view pinned = "1k8/10/10/K1Pp5c/10/10/10/10 w - d6 0 1";
  const record rec = parsed(pinned);
  EXPECT_TRUE(rec.pseudo_legal_ep);
  EXPECT_EQ(rec.legal_ep, no_square);
  EXPECT_EQ(read(pinned, strict, {.ep = ep_policy::legal}),
            "1k8/10/10/K1Pp5c/10/10/10/10 w - - 0 1");
  EXPECT_EQ(read(pinned, strict, {.ep = ep_policy::pseudo}), pinned);
  EXPECT_EQ(read(pinned, strict, {.ep = ep_policy::always}), pinned);
  EXPECT_EQ(read("1k8/10/10/K1Pp5q/10/10/10/10 w - d6 0 1"),
            "1k8/10/10/K1Pp5q/10/10/10/10 w - - 0 1");
  // The archbishop h8 pins e5 to the b2 king along the diagonal the capture leaves.
  EXPECT_EQ(read("k6a2/10/10/3pP5/10/10/1K8/10 w - d6 0 1"),
            "k6a2/10/10/3pP5/10/10/1K8/10 w - - 0 1");
  // A knight on g5 blocks the rank: the capture is legal.
  constexpr std::string_view blocked = "1k8/10/10/K1Pp2N2c/10/10/10/10 w - d6 0 1";
  EXPECT_EQ(parsed(blocked).legal_ep, make_square(3, 5));
  EXPECT_EQ(read(blocked), blocked);

  // After e2-e4 no black pawn can take: only `always` keeps e3.
  constexpr std::string_view no_capturer =
      "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 1";
  EXPECT_FALSE(parsed(no_capturer).pseudo_legal_ep);
  EXPECT_EQ(read(no_capturer, strict, {.ep = ep_policy::pseudo}),
            "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1");
  EXPECT_EQ(read(no_capturer, strict, {.ep = ep_policy::always}), no_capturer);

  // A position alone is written as a record of it.
  EXPECT_EQ(to_canonical(parsed(pinned).pos), "1k8/10/10/K1Pp5c/10/10/10/10 w - - 0 1");
  EXPECT_EQ(to_canonical(parsed(pinned).pos, {.ep = ep_policy::pseudo}), pinned);
  EXPECT_EQ(to_canonical(parsed(blocked).pos), blocked);
  EXPECT_EQ(to_canonical(parsed(capablanca).pos, {.format = output_format::epd}),
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq -");
}

TEST(TenByEightDecode, FormatsKeepOperationsAsOn8x8) {
  constexpr std::string_view epd = "5k4/10/10/10/10/10/10/5K4 w - - bm Kf2;  id \"x y\";";
  EXPECT_EQ(read(epd), bare_kings);
  EXPECT_EQ(read(epd, strict, {.format = output_format::epd}),
            "5k4/10/10/10/10/10/10/5K4 w - - bm Kf2; id \"x y\";");
  EXPECT_EQ(read(epd, strict, {.format = output_format::keep}),
            "5k4/10/10/10/10/10/10/5K4 w - - bm Kf2; id \"x y\";");
  constexpr std::string_view fen = "5k4/10/10/10/10/10/10/5K4 w - - 3 9 id \"y\";";
  EXPECT_EQ(read(fen), "5k4/10/10/10/10/10/10/5K4 w - - 3 9");
  EXPECT_EQ(read(fen, strict, {.format = output_format::epd}),
            "5k4/10/10/10/10/10/10/5K4 w - - id \"y\";");
  EXPECT_EQ(read(fen, strict, {.format = output_format::keep}), fen);
  EXPECT_EQ(read("5k4/10/10/10/10/10/10/5K4 w - - hmvc 3; fmvn 0;"),
            "5k4/10/10/10/10/10/10/5K4 w - - 3 1");
}

TEST(TenByEightDecode, PayloadIsKeptVerbatim) {
  constexpr std::string_view labelled = "5k4/10/10/10/10/10/10/5K4 w - - 0 1 | 25 | 0.5";
  EXPECT_EQ(read(labelled), "trailing_garbage at 37");
  EXPECT_EQ(read(labelled, with_payload), labelled);
  constexpr std::string_view four_fields = "5k4/10/10/10/10/10/10/5K4 w - - label  text";
  EXPECT_EQ(read(four_fields, with_payload), "5k4/10/10/10/10/10/10/5K4 w - - 0 1 label  text");
  EXPECT_EQ(read(four_fields, with_payload, {.format = output_format::epd}), four_fields);
}

TEST(TenByEightKey, KindsCoverWhatTheyShould) {
  // Counters: only the full key.
  EXPECT_EQ(key_of(capablanca), key_of("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR "
                                       "w KQkq - 7 30"));
  EXPECT_NE(key_of(capablanca, key_kind::full),
            key_of("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 7 30",
                   key_kind::full));
  // Castling spellings of one right share a key; rights are not part of the board key.
  constexpr std::string_view shredder =
      "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1";
  constexpr std::string_view no_rights =
      "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w - - 0 1";
  EXPECT_EQ(key_of(capablanca), key_of(shredder));
  EXPECT_NE(key_of(capablanca), key_of(no_rights));
  EXPECT_EQ(key_of(capablanca, key_kind::board), key_of(no_rights, key_kind::board));
  // The side to move is part of every key.
  constexpr std::string_view black_to_move =
      "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR b KQkq - 0 1";
  EXPECT_NE(key_of(capablanca, key_kind::board), key_of(black_to_move, key_kind::board));
  // Only a legal ep square counts.
  EXPECT_EQ(key_of("1k8/10/10/K1Pp5c/10/10/10/10 w - d6 0 1"),
            key_of("1k8/10/10/K1Pp5c/10/10/10/10 w - - 0 1"));
  EXPECT_NE(key_of("1k8/10/10/K1Pp6/10/10/10/10 w - d6 0 1"),
            key_of("1k8/10/10/K1Pp6/10/10/10/10 w - - 0 1"));
  EXPECT_EQ(key_of("1k8/10/10/K1Pp6/10/10/10/10 w - d6 0 1", key_kind::board),
            key_of("1k8/10/10/K1Pp6/10/10/10/10 w - - 0 1", key_kind::board));
}

TEST(TenByEightKey, NeverEqualsAnEightByEightKey) {
  core::record chess;
  ASSERT_TRUE(
      core::parse_record("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {}, chess)
          .ok());
  const record capa = parsed(capablanca);
  constexpr std::uint64_t top_bit = std::uint64_t{1} << 63;
  for (const key_kind kind : {key_kind::position, key_kind::full, key_kind::board}) {
    EXPECT_NE(make_key(capa, kind).high & top_bit, 0U);
    EXPECT_EQ(core::make_key(chess, kind).high & top_bit, 0U);
    EXPECT_NE(make_key(capa, kind), core::make_key(chess, kind));
  }
}

TEST(TenByEightStatistics, MaterialSignatureAndCastlingClass) {
  EXPECT_EQ(material_signature_text(material_signature(parsed(capablanca).pos)),
            "KQACRRBBNNPPPPPPPPPPvKQACRRBBNNPPPPPPPPPP");
  EXPECT_EQ(material_signature_text(material_signature(parsed(bare_kings).pos)), "KvK");
  EXPECT_EQ(classify_castling(parsed(capablanca).pos), castling_class::standard);
  EXPECT_EQ(classify_castling(parsed(bare_kings).pos), castling_class::none);
  // A Capablanca random setup (perft-10x8.epd): rooks on b and h, kings on e.
  EXPECT_EQ(classify_castling(
                parsed("qr2k2r1b/ppp1ppp2p/1a1nn4c/1C8/N2pbP4/1P6P1/P1PPP1PP1P/QRNAK2RBB b KQkq - "
                       "2 11")
                    .pos),
            castling_class::chess960);
}

TEST(TenByEightRouter, TheFirstRanksWidthPicksTheReader) {
  EXPECT_TRUE(has_ten_files(capablanca));
  EXPECT_TRUE(has_ten_files("  10/10/10/10/10/10/10/10 w - - 0 1"));
  EXPECT_TRUE(has_ten_files("55/10/10/10/10/10/10/10 w - - 0 1"));   // its reason: rank_syntax
  EXPECT_TRUE(has_ten_files("010/10/10/10/10/10/10/10 w - - 0 1"));  // a '0' covers nothing
  EXPECT_TRUE(has_ten_files("k9 w - - 0 1"));
  EXPECT_FALSE(has_ten_files("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  EXPECT_TRUE(has_ten_files("100/10/10/10/10/10/10/10 w - - 0 1"));  // rank_syntax too
  EXPECT_FALSE(has_ten_files("k10/10/10/10/10/10/10/10 w - - 0 1"));
  EXPECT_FALSE(has_ten_files("9/10/10/10/10/10/10/10 w - - 0 1"));
}

}  // namespace
}  // namespace fenbatch::core::ten_by_eight
