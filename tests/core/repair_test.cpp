// Repair mode (decode_options{.repair = true}): the four repairable problems are fixed and
// counted, everything else is still an error, strict mode rejects each repairable input with its
// own reason, and a repaired line's canonical form is a fixed point of strict parsing. Expected
// canonical lines are worked out by hand from the issue (castling as python-chess
// castling_xfen(), the en-passant square only with a legal capture).
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/types.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::core {
namespace {

constexpr decode_options strict{};
constexpr decode_options repair{.repair = true};

const std::string bare_kings = "4k3/8/8/8/8/8/8/4K3";
const std::string k_fen = bare_kings + " w - - 0 1";
const std::string rooks_board = "r3k2r/8/8/8/8/8/8/R3K2R";
const std::string after_e4_board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
const std::string no_e_pawn_board = "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR";

// "rank_width at column 11": readable in failure messages, unlike the raw struct.
std::string text(fen_status s) {
  return std::string(to_string(s.code)) + " at column " + std::to_string(s.column);
}

std::uint8_t bits(std::initializer_list<repair_kind> kinds) {
  unsigned b = 0;
  for (const repair_kind k : kinds) b |= repair_bit(k);
  return static_cast<std::uint8_t>(b);
}

// Names of the set repair bits, so a failure says which repair was (not) made.
std::string describe_repairs(std::uint8_t repairs) {
  std::string out;
  for (int k = 0; k < repair_kind_count; ++k) {
    const auto kind = static_cast<repair_kind>(k);
    if ((repairs & repair_bit(kind)) == 0) continue;
    if (!out.empty()) out += '|';
    out += to_string(kind);
  }
  return out.empty() ? "none" : out;
}

struct repair_case {
  std::string line;
  fen_errc strict_code;  // strict mode's verdict, at strict_column
  std::uint32_t strict_column;
  std::uint8_t repairs;
  std::string canonical;
};

// `before` + `rest` is the line; strict mode reports the first byte of `rest`.
repair_case make_case(std::string_view before, std::string_view rest, fen_errc strict_code,
                      std::initializer_list<repair_kind> repairs, std::string canonical) {
  std::string line(before);
  line += rest;
  return {line, strict_code, static_cast<std::uint32_t>(before.size() + 1), bits(repairs),
          std::move(canonical)};
}

const std::vector<repair_case>& repair_cases() {
  static const std::vector<repair_case> cases = {
      // digit_run: C02's runs, merged into one digit.
      make_case("4k3/8/8/4", "4/8/8/8/4K3 w - - 0 1", fen_errc::rank_syntax,
                {repair_kind::digit_run}, k_fen),
      make_case("r3k2r/8/8/3", "5/8/8/8/R3K2R w KQkq - 0 1", fen_errc::rank_syntax,
                {repair_kind::digit_run}, rooks_board + " w KQkq - 0 1"),
      make_case("4k1", "2/8/8/8/8/8/8/1111K3 w - - 0 1", fen_errc::rank_syntax,
                {repair_kind::digit_run}, k_fen),

      // castling_order: any order is read, the canonical one written.
      make_case(rooks_board + " w Q", "K - 0 1", fen_errc::castling_order,
                {repair_kind::castling_order}, rooks_board + " w KQ - 0 1"),
      make_case(rooks_board + " w kq", "KQ - 0 1", fen_errc::castling_order,
                {repair_kind::castling_order}, rooks_board + " w KQkq - 0 1"),
      make_case(rooks_board + " w q", "kQK - 0 1", fen_errc::castling_order,
                {repair_kind::castling_order}, rooks_board + " w KQkq - 0 1"),
      // Shredder letters a before h; the corner rooks are written as K and Q.
      make_case(rooks_board + " w A", "H - 0 1", fen_errc::castling_order,
                {repair_kind::castling_order}, rooks_board + " w KQ - 0 1"),

      // castling_dropped: D08's stale rights (no rook on that side of the king).
      make_case("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ", "kq - 0 1",
                fen_errc::bad_castling_rights, {repair_kind::castling_dropped},
                "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1"),
      // The f1 rook is the outermost h-side rook, so K stands; black has only the b8 rook.
      make_case("1r2k3/8/8/8/8/8/8/R3KR2 w KQ", "kq - 0 1", fen_errc::bad_castling_rights,
                {repair_kind::castling_dropped}, "1r2k3/8/8/8/8/8/8/R3KR2 w KQq - 0 1"),
      // The white king has left rank 1: both white rights go.
      make_case("r3k2r/8/8/8/8/8/4K3/R6R w ", "KQkq - 0 1", fen_errc::bad_castling_rights,
                {repair_kind::castling_dropped}, "r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1"),
      // Both rights on the a-side: the outermost (a1) is kept, written as Q.
      make_case("4k3/8/8/8/8/8/8/RR2K3 w ", "BA - 0 1", fen_errc::bad_castling_rights,
                {repair_kind::castling_dropped}, "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1"),
      // Both rights on the h-side: h1 is kept, f1 dropped.
      make_case("4k3/8/8/8/8/8/8/4KR1R w K", "F - 0 1", fen_errc::bad_castling_rights,
                {repair_kind::castling_dropped}, "4k3/8/8/8/8/8/8/4KR1R w K - 0 1"),

      // ep_dropped: D07 and friends.
      make_case(no_e_pawn_board + " b KQkq ", "e3 0 1", fen_errc::bad_ep_square,
                {repair_kind::ep_dropped}, no_e_pawn_board + " b KQkq - 0 1"),
      make_case(after_e4_board + " w KQkq ", "e3 0 1", fen_errc::bad_ep_square,
                {repair_kind::ep_dropped}, after_e4_board + " w KQkq - 0 1"),
      make_case("rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/R1BQKBNR b KQkq ", "e3 0 1",
                fen_errc::bad_ep_square, {repair_kind::ep_dropped},
                "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/R1BQKBNR b KQkq - 0 1"),

      // All four in one line; strict mode stops at the first (the digit run).
      make_case("rnbqkbn1/pppppppp/4", "4/8/8/8/PPPP1PPP/RNBQKBNR b qkQK e3 0 1",
                fen_errc::rank_syntax,
                {repair_kind::digit_run, repair_kind::castling_order, repair_kind::castling_dropped,
                 repair_kind::ep_dropped},
                "rnbqkbn1/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQq - 0 1"),
      // Order and a stale right together: strict mode reports the order first.
      make_case("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq", "KQ - 0 1",
                fen_errc::castling_order,
                {repair_kind::castling_order, repair_kind::castling_dropped},
                "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1"),
  };
  return cases;
}

TEST(Repair, TableCoversEveryRepairKindAtLeastTwice) {
  for (int k = 0; k < repair_kind_count; ++k) {
    const auto kind = static_cast<repair_kind>(k);
    int uses = 0;
    for (const repair_case& c : repair_cases()) uses += (c.repairs & repair_bit(kind)) != 0;
    EXPECT_GE(uses, 2) << to_string(kind);
  }
}

TEST(Repair, FixesEachRepairableProblemCountsItAndWritesTheCanonicalLine) {
  for (const repair_case& c : repair_cases()) {
    SCOPED_TRACE(c.line);
    record rec;
    const fen_status s = parse_record(c.line, repair, rec);
    ASSERT_EQ(to_string(s.code), "ok") << "column " << s.column;
    EXPECT_EQ(describe_repairs(rec.repairs), describe_repairs(c.repairs));
    EXPECT_EQ(rec.repairs, c.repairs);
    EXPECT_EQ(to_canonical(rec, c.line), c.canonical);
  }
}

TEST(Repair, StrictModeRejectsEachRepairableInputWithItsOwnReason) {
  for (const repair_case& c : repair_cases()) {
    SCOPED_TRACE(c.line);
    record rec;
    const fen_status s = parse_record(c.line, strict, rec);
    EXPECT_EQ(to_string(s.code), to_string(c.strict_code));
    EXPECT_EQ(s.column, c.strict_column);
  }
}

TEST(Repair, RepairedCanonicalLinesAreStrictFixedPoints) {
  for (const repair_case& c : repair_cases()) {
    SCOPED_TRACE(c.canonical);
    record rec;
    const fen_status s = parse_record(c.canonical, strict, rec);
    ASSERT_EQ(to_string(s.code), "ok") << "column " << s.column;
    EXPECT_EQ(rec.repairs, 0);
    EXPECT_EQ(rec.notes, 0);
    EXPECT_EQ(to_canonical(rec, c.canonical), c.canonical);
    // Repair mode has nothing left to do either.
    record again;
    ASSERT_TRUE(parse_record(c.canonical, repair, again).ok());
    EXPECT_EQ(again.repairs, 0);
  }
}

TEST(Repair, KeepsTheOutermostRookOnEachSideAsTheRemainingRights) {
  record rec;
  ASSERT_TRUE(parse_record("4k3/8/8/8/8/8/8/RR2K3 w BA - 0 1", repair, rec).ok());
  EXPECT_EQ(rec.pos.castling_rooks, square_bb(make_square(0, 0)));  // a1 only
  ASSERT_TRUE(parse_record("r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", repair, rec).ok());
  EXPECT_EQ(rec.pos.castling_rooks, square_bb(make_square(0, 7)) | square_bb(make_square(7, 7)));
}

TEST(Repair, MakesNoRepairsOnLinesThatNeedNone) {
  // The e3 square after 1.e4 is valid, only not capturable: it is normalised away when
  // written, which is not a repair.
  const std::string after_e4 = after_e4_board + " b KQkq e3 0 1";
  for (const std::string& line : {k_fen, rooks_board + " w KQkq - 0 1", after_e4}) {
    SCOPED_TRACE(line);
    record rec;
    ASSERT_TRUE(parse_record(line, repair, rec).ok());
    EXPECT_EQ(rec.repairs, 0);
  }
  record rec;
  ASSERT_TRUE(parse_record(after_e4, repair, rec).ok());
  EXPECT_EQ(to_canonical(rec, after_e4), after_e4_board + " b KQkq - 0 1");
}

struct unrepairable {
  std::string line;
  fen_errc code;
  std::uint32_t column;
};

unrepairable at(std::string_view before, std::string_view rest, fen_errc code) {
  std::string line(before);
  line += rest;
  return {line, code, static_cast<std::uint32_t>(before.size() + 1)};
}

TEST(Repair, LeavesEveryOtherProblemAnError) {
  const unrepairable cases[] = {
      at("rnbqkbnr/ppppppp", "/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", fen_errc::rank_width),
      // Any order, but no duplicates, and no two letters for one rook.
      at(rooks_board + " w K", "K - 0 1", fen_errc::castling_syntax),
      at(rooks_board + " w q", "q - 0 1", fen_errc::castling_syntax),
      at(rooks_board + " w KQkq", "K - 0 1", fen_errc::castling_syntax),
      at(rooks_board + " w K", "H - 0 1", fen_errc::castling_syntax),
      at(bare_kings + " ", "W - - 0 1", fen_errc::bad_side),
      at(bare_kings + " w", "hite - - 0 1", fen_errc::bad_side),
      at("", "8/8/8/8/8/8/8/4K3 w - - 0 1", fen_errc::missing_king),
      at("", "8/8/8/8/8/8/8/8 w - - 0 1", fen_errc::missing_king),
      at("", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", fen_errc::pawn_on_back_rank),
      // An ep square on a rank that is never one is a syntax error, not a dropped square.
      at(after_e4_board + " b KQkq e", "4 0 1", fen_errc::ep_syntax),
      at(bare_kings + " w - - 0", "", fen_errc::field_count),
      at("4k3/8/8/8/8/8/4Q3/4K3 ", "w - - 0 1", fen_errc::opposite_check),
      at("", "8/8/N7/2k5/N7/8/8/3K4 b - - 0 1", fen_errc::impossible_check),
  };
  for (const unrepairable& c : cases) {
    SCOPED_TRACE(c.line);
    for (const decode_options& options : {strict, repair}) {
      SCOPED_TRACE(options.repair ? "repair" : "strict");
      record rec;
      const fen_status s = parse_record(c.line, options, rec);
      EXPECT_EQ(to_string(s.code), to_string(c.code));
      EXPECT_EQ(s.column, c.column);
    }
  }
}

TEST(Repair, RejectsADigitRunCoveringMoreThanEightSquares) {
  // "45" has no merged form: strict mode stops at the run, repair mode at the ninth square,
  // and both at the '5'.
  const std::string before = "4k3/8/8/4";
  const std::string line = before + "5/8/8/8/4K3 w - - 0 1";
  const auto column = static_cast<std::uint32_t>(before.size() + 1);
  record rec;
  EXPECT_EQ(text(parse_record(line, strict, rec)), text({fen_errc::rank_syntax, column}));
  EXPECT_EQ(text(parse_record(line, repair, rec)), text({fen_errc::rank_width, column}));
}

TEST(Repair, StillRejectsALaterProblemAfterARepairedOne) {
  record rec;
  // The digit run is merged, then the board has no white king.
  EXPECT_EQ(text(parse_record("4k3/8/8/44/8/8/8/8 w - - 0 1", repair, rec)),
            text({fen_errc::missing_king, 1}));
  // The castling order is accepted, then the en-passant field has a bad rank.
  const std::string bad_ep = rooks_board + " w QK e";
  EXPECT_EQ(text(parse_record(bad_ep + "5 0 1", repair, rec)),
            text({fen_errc::ep_syntax, static_cast<std::uint32_t>(bad_ep.size() + 1)}));
  // The stale K is dropped, then the queen on e2 is found checking the black king.
  const std::string checked = "r3k2r/8/8/8/8/8/4Q3/R3K3 ";
  EXPECT_EQ(text(parse_record(checked + "w KQkq - 0 1", repair, rec)),
            text({fen_errc::opposite_check, static_cast<std::uint32_t>(checked.size() + 1)}));
}

}  // namespace
}  // namespace fenbatch::core

namespace fenbatch::core {
namespace {

// Records built without decoding (generators, callers that edit `pos`) get the same castling
// check: only rooks on the back rank, outermost on each side of a back-rank king, keep rights.
TEST(ValidateBuiltRecord, CastlingRightsOnMissingRooksAreRejectedOrDropped) {
  record rec;
  ASSERT_TRUE(parse_record("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", {}, rec).ok());
  record built = rec;
  built.placement_length = 0;
  built.pos.castling_rooks |= square_bb(make_square(0, 7));  // a8: empty square
  EXPECT_EQ(validate(built, {}).code, fen_errc::bad_castling_rights);
  built = rec;
  built.placement_length = 0;
  built.pos.castling_rooks |= square_bb(make_square(0, 7));
  ASSERT_TRUE(validate(built, {.repair = true}).ok());
  EXPECT_EQ(built.pos.castling_rooks, square_bb(make_square(0, 0)) | square_bb(make_square(7, 0)));
  EXPECT_TRUE(built.repaired(repair_kind::castling_dropped));
  EXPECT_EQ(to_canonical(built, ""), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
}

}  // namespace
}  // namespace fenbatch::core
