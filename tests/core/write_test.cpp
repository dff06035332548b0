// Canonical output: castling notation, en-passant policies, EPD operations, counters.
// Expected strings come from python-chess fen()/shredder_fen() behaviour as recorded in
// ../shared/vectors/fen-vectors.tsv, or from the spec in the issue.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "fenbatch/core/movegen.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"
#include "shared_data.hpp"

namespace fenbatch::core {
namespace {

std::string canonical(std::string_view line, const write_options& options = {}) {
  record rec;
  const fen_status status = parse_record(line, {}, rec);
  if (!status.ok()) return "error: " + std::string(to_string(status.code));
  return to_canonical(rec, line, options);
}

constexpr write_options shredder{output_format::fen, castling_notation::shredder, ep_policy::legal};
constexpr write_options epd{output_format::epd, castling_notation::xfen, ep_policy::legal};
constexpr write_options pseudo_ep{output_format::fen, castling_notation::xfen, ep_policy::pseudo};
constexpr write_options always_ep{output_format::fen, castling_notation::xfen, ep_policy::always};

// keep: an EPD record as epd, a FEN record as fen followed by its operations (issue 14: an
// .epd output of 6-field lines must lose neither counters nor operations).
TEST(Write, KeepWritesEachRecordInItsOwnForm) {
  constexpr write_options keep{output_format::keep, castling_notation::xfen, ep_policy::legal};
  EXPECT_EQ(canonical("4k3/8/8/8/8/8/8/4K2R w K - 5 40", keep), "4k3/8/8/8/8/8/8/4K2R w K - 5 40");
  EXPECT_EQ(canonical("4k3/8/8/8/8/8/8/4K2R w K -", keep), "4k3/8/8/8/8/8/8/4K2R w K -");
  EXPECT_EQ(canonical("4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+;  id \"a\";", keep),
            "4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+; id \"a\";");
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - 3 9 id \"six\";", keep),
            "8/8/8/8/8/8/8/K6k w - - 3 9 id \"six\";");
  // The same records in the other formats, for contrast.
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - 3 9 id \"six\";"), "8/8/8/8/8/8/8/K6k w - - 3 9");
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - 3 9 id \"six\";", epd),
            "8/8/8/8/8/8/8/K6k w - - id \"six\";");
}

TEST(Write, StartPositionIsUnchanged) {
  constexpr std::string_view start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(canonical(start), start);
  EXPECT_EQ(canonical(start, shredder), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

TEST(Write, Chess960CastlingInXfenAndShredder) {
  // python-chess test.py: X-FEN KQkq round-trips, shredder_fen castling 'EAea'.
  constexpr std::string_view c960 = "rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w KQkq - 0 1";
  EXPECT_EQ(canonical(c960), c960);
  EXPECT_EQ(canonical(c960, shredder), "rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w EAea - 0 1");
  // Inner rook G1 (h1 holds a rook further out): letter in X-FEN; shredder 'Gga'.
  constexpr std::string_view inner =
      "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11";
  EXPECT_EQ(canonical(inner), inner);
  EXPECT_EQ(canonical(inner, shredder),
            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11");
}

TEST(Write, ShredderInputIsWrittenAsXfen) {
  // DFRC_openings spells rights as HFhf; K/Q name the outermost rook on each side.
  EXPECT_EQ(canonical("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  // chess-library setXfen: K is the outermost rook (h1), F the inner one (f1).
  EXPECT_EQ(canonical("4k3/8/8/8/8/8/8/4KR1R w H - 0 1"), "4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
  EXPECT_EQ(canonical("4k3/8/8/8/8/8/8/4KR1R w F - 0 1"), "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
  EXPECT_EQ(canonical("4kr1r/8/8/8/8/8/8/4K3 b f - 0 1"), "4kr1r/8/8/8/8/8/8/4K3 b f - 0 1");
}

TEST(Write, EpSquareWrittenOnlyWhenALegalCaptureExists) {
  // Stockfish tests/instrumented.py and python-chess test.py.
  EXPECT_EQ(canonical("k1r5/8/8/PpP5/8/2K5/8/8 w - b6 0 1"), "k1r5/8/8/PpP5/8/2K5/8/8 w - b6 0 1");
  EXPECT_EQ(canonical("k1r5/8/8/1pP5/8/2K5/8/8 w - b6 0 1"), "k1r5/8/8/1pP5/8/2K5/8/8 w - - 0 1");
  EXPECT_EQ(canonical("k7/8/8/r2pPK2/8/8/8/8 w - d6 0 1"), "k7/8/8/r2pPK2/8/8/8/8 w - - 0 1");
  EXPECT_EQ(canonical("k7/8/8/r1PpPK2/8/8/8/8 w - d6 0 1"), "k7/8/8/r1PpPK2/8/8/8/8 w - d6 0 1");
  EXPECT_EQ(canonical("8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1"), "8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1");
}

TEST(Write, EpPoliciesPseudoAndAlways) {
  // d5xe6 is pseudo-legal but exposes the king on the fifth rank (python-chess test.py).
  constexpr std::string_view skewer = "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1";
  EXPECT_EQ(canonical(skewer), "8/8/8/r2Pp2K/8/8/4k3/8 w - - 0 1");
  EXPECT_EQ(canonical(skewer, pseudo_ep), "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1");
  EXPECT_EQ(canonical(skewer, always_ep), "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1");
  // No white pawn attacks e6 at all (chess.js test): only `always` keeps it.
  constexpr std::string_view no_capturer =
      "rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PP1PPPPP/RNBQKBNR w KQkq e6 0 2";
  EXPECT_EQ(canonical(no_capturer), "rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(canonical(no_capturer, pseudo_ep),
            "rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(canonical(no_capturer, always_ep), no_capturer);
}

TEST(Write, FieldsAreSeparatedBySingleSpacesAndCountersLoseLeadingZeros) {
  EXPECT_EQ(canonical(" \t4k3/8/8/8/8/8/8/4K3\tw  -  -  007   0042 \t"),
            "4k3/8/8/8/8/8/8/4K3 w - - 7 42");
  EXPECT_EQ(canonical("4k3/8/8/8/8/8/8/4K3 w - - 0 0"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(canonical("4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295"),
            "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295");
}

TEST(Write, EpdRecordsGainDefaultCountersInFenFormat) {
  EXPECT_EQ(canonical("4k3/8/8/8/8/8/8/4K3 w - -"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  // chess-library: setEpd then getFen gives the counters from hmvc/fmvn.
  EXPECT_EQ(
      canonical("r1bqkb1r/pp3pp1/2nppn2/7p/3NP1PP/2N5/PPP2P2/R1BQKBR1 w Qkq - hmvc 0; fmvn 9;"),
      "r1bqkb1r/pp3pp1/2nppn2/7p/3NP1PP/2N5/PPP2P2/R1BQKBR1 w Qkq - 0 9");
  EXPECT_EQ(canonical("4k3/8/8/8/8/8/8/4K3 b - - fmvn 17; hmvc 13;"),
            "4k3/8/8/8/8/8/8/4K3 b - - 13 17");
}

TEST(Write, EpdFormatKeepsOperationsWithSingleSpaces) {
  EXPECT_EQ(
      canonical("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";", epd),
      "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";");
  EXPECT_EQ(canonical("4k3/8/8/8/8/8/8/4K3 w - -   bm\tKd2  Ke2 ;id \"a;  \\\"b\";c0 x;", epd),
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 Ke2; id \"a;  \\\"b\"; c0 x;");
  // Counter fields are not operations: a FEN written as EPD keeps the four fields only.
  EXPECT_EQ(canonical("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", epd),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
  // A 6-field FEN followed by operations (ccr_one_hour_test.epd): fen drops them, epd keeps.
  constexpr std::string_view ccr =
      "rn1qkb1r/pp2pppp/5n2/3p1b2/3P4/2N1P3/PP3PPP/R1BQKBNR w KQkq - 0 1 id \"CCR01\"; bm Qb3;";
  EXPECT_EQ(canonical(ccr), "rn1qkb1r/pp2pppp/5n2/3p1b2/3P4/2N1P3/PP3PPP/R1BQKBNR w KQkq - 0 1");
  EXPECT_EQ(canonical(ccr, epd),
            "rn1qkb1r/pp2pppp/5n2/3p1b2/3P4/2N1P3/PP3PPP/R1BQKBNR w KQkq - id \"CCR01\"; bm Qb3;");
}

TEST(Write, LongestRecordFitsTheAdvertisedBound) {
  // Operations packed without spaces grow by one byte each when written.
  std::string line = "4k3/8/8/8/8/8/8/4K3 w - -";
  line += ' ';
  while (line.size() + 2 <= max_line_length) line += "a;";
  record rec;
  ASSERT_TRUE(parse_record(line, {}, rec).ok());
  const std::string out = to_canonical(rec, line, epd);
  EXPECT_LE(out.size(), max_written_size(line.size()));
  EXPECT_EQ(out.size(), line.size() + (line.size() - 26) / 2 - 1);
}

// write_position: a position alone, with no line or record behind it.

position parsed(std::string_view line) {
  record rec;
  EXPECT_TRUE(parse_record(line, {}, rec).ok()) << line;
  return rec.pos;
}

constexpr write_options epd_always{output_format::epd, castling_notation::xfen, ep_policy::always};

TEST(WritePosition, StartPositionInEitherNotationAndFormat) {
  constexpr std::string_view start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(to_canonical(parsed(start)), start);
  EXPECT_EQ(to_canonical(parsed(start), shredder),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  EXPECT_EQ(to_canonical(parsed(start), epd),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
  constexpr std::string_view inner =
      "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11";
  EXPECT_EQ(to_canonical(parsed(inner)), inner);
  EXPECT_EQ(to_canonical(parsed(inner), shredder),
            "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11");
}

TEST(WritePosition, EpSquareFollowsThePolicyWithoutARecord) {
  constexpr std::string_view skewer = "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1";
  EXPECT_EQ(to_canonical(parsed(skewer)), "8/8/8/r2Pp2K/8/8/4k3/8 w - - 0 1");
  EXPECT_EQ(to_canonical(parsed(skewer), pseudo_ep), "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1");
  EXPECT_EQ(to_canonical(parsed(skewer), always_ep), "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1");
  constexpr std::string_view no_capturer =
      "rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PP1PPPPP/RNBQKBNR w KQkq e6 0 2";
  EXPECT_EQ(to_canonical(parsed(no_capturer)),
            "rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(to_canonical(parsed(no_capturer), pseudo_ep),
            "rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(to_canonical(parsed(no_capturer), always_ep), no_capturer);
  constexpr std::string_view capture = "k1r5/8/8/PpP5/8/2K5/8/8 w - b6 0 1";
  EXPECT_EQ(to_canonical(parsed(capture)), capture);
  EXPECT_EQ(to_canonical(parsed("k1r5/8/8/1pP5/8/2K5/8/8 w - b6 0 1")),
            "k1r5/8/8/1pP5/8/2K5/8/8 w - - 0 1");
  EXPECT_EQ(to_canonical(parsed("8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1"), epd_always),
            "8/8/8/2k5/2pP4/8/4K3/8 b - d3");
}

TEST(WritePosition, PositionAfterADoublePush) {
  // The FEN specification's example after 1. e4: the square is written whatever can take.
  const position start = parsed("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const position after = after_move(start, move(make_square(4, 1), make_square(4, 3)));
  EXPECT_EQ(to_canonical(after, always_ep),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_EQ(to_canonical(after), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(WritePosition, LargestCountersFitTheBound) {
  const std::string out = to_canonical(
      parsed("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967295 4294967295"));
  EXPECT_EQ(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967295 4294967295");
  EXPECT_LE(out.size(), max_position_size);
}

// The two writers are one notation: every valid vector comes out the same through either, in
// every option combination (epd only for lines without operations, which only records keep).
TEST(WritePosition, AgreesWithWriteRecordOnEverySharedVector) {
  FENBATCH_REQUIRE_SHARED(shared);
  int compared = 0;
  for (const std::string& row :
       ::fenbatch::test::read_lines(shared / "vectors" / "fen-vectors.tsv")) {
    const std::string line = row.substr(0, row.find('\t'));
    record rec;
    if (line.empty() || line[0] == '#' || !parse_record(line, {}, rec).ok()) continue;
    for (const output_format format : {output_format::fen, output_format::epd}) {
      if (format == output_format::epd && rec.operations_end > rec.operations_begin) continue;
      for (const castling_notation castling :
           {castling_notation::xfen, castling_notation::shredder}) {
        for (const ep_policy ep : {ep_policy::legal, ep_policy::pseudo, ep_policy::always}) {
          const write_options options{format, castling, ep};
          EXPECT_EQ(to_canonical(rec.pos, options), to_canonical(rec, line, options)) << line;
          ++compared;
        }
      }
    }
  }
  EXPECT_GT(compared, 100);
}

}  // namespace
}  // namespace fenbatch::core
