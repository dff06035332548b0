// decode_row and append_canonical (core/position_row.hpp): one line as a row of columns. The
// expected bitboards, mailboxes, castling rooks and ep squares are written out by hand from the
// positions; reasons and columns of rejected lines are those fen_vectors_test.cpp and
// ten_by_eight_vectors_test.cpp derived by hand for lines of ../shared/vectors (copied here, so
// these tests run without ../shared).
#include "fenbatch/core/position_row.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "column_table.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core {
namespace {

constexpr std::string_view start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view capablanca_start =
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

// One row with every column, filled with a byte pattern first so that a column left unwritten
// shows.
struct one_row {
  bool valid = true;
  std::uint8_t reason = 0xEE;
  std::int32_t column = -7;
  std::uint8_t board = 0xEE;
  std::array<std::uint64_t, row_bitboards> bitboards{};
  std::array<std::int8_t, row_squares> squares{};
  std::uint8_t side = 0xEE;
  std::uint64_t castling = 0xEEEE;
  std::int8_t ep = 99;
  std::uint32_t halfmove = 0xEEEE;
  std::uint32_t fullmove = 0xEEEE;
  std::array<std::uint64_t, 2> key{0xEEEE, 0xEEEE};

  explicit one_row(std::string_view line, const row_options& options = {}) {
    bitboards.fill(0xEEEEEEEE);
    squares.fill(99);
    const row_columns columns{&valid,         &reason,   &column,   &board, bitboards.data(),
                              squares.data(), &side,     &castling, &ep,    &halfmove,
                              &fullmove,      key.data()};
    decode_row(line, options, columns, 0);
  }

  void expect_no_position() const {
    for (const std::uint64_t b : bitboards) EXPECT_EQ(b, 0U);
    for (const std::int8_t s : squares) EXPECT_EQ(s, 0);
    EXPECT_EQ(side, 0);
    EXPECT_EQ(castling, 0U);
    EXPECT_EQ(ep, -1);
    EXPECT_EQ(halfmove, 0U);
    EXPECT_EQ(fullmove, 0U);
    EXPECT_EQ(key[0], 0U);
    EXPECT_EQ(key[1], 0U);
  }
};

std::uint64_t bit(int square) {
  return std::uint64_t{1} << square;
}

TEST(PositionRow, StartPosition) {
  const one_row row(start_fen);
  EXPECT_TRUE(row.valid);
  EXPECT_EQ(row.reason, 0);
  EXPECT_EQ(row.column, 0);
  EXPECT_EQ(row.board, 0);
  EXPECT_EQ(row.bitboards, test::start_bitboards);
  // a1..h1 R N B Q K B N R, rank 2 pawns, ranks 3-6 empty, rank 7 pawns, rank 8 r n b q k b n r,
  // and the 16 squares past h8 (10x8 only) empty.
  std::array<std::int8_t, row_squares> mailbox{};
  const std::array<std::int8_t, 8> white_back{4, 2, 3, 5, 6, 3, 2, 4};
  for (int file = 0; file < 8; ++file) {
    mailbox[static_cast<std::size_t>(file)] = white_back[static_cast<std::size_t>(file)];
    mailbox[static_cast<std::size_t>(8 + file)] = 1;
    mailbox[static_cast<std::size_t>(48 + file)] = 7;
    mailbox[static_cast<std::size_t>(56 + file)] =
        static_cast<std::int8_t>(white_back[static_cast<std::size_t>(file)] + 6);
  }
  EXPECT_EQ(row.squares, mailbox);
  EXPECT_EQ(row.side, 0);
  EXPECT_EQ(row.castling, 0x81U | (0x81ULL << 56));
  EXPECT_EQ(row.ep, -1);
  EXPECT_EQ(row.halfmove, 0U);
  EXPECT_EQ(row.fullmove, 1U);
}

TEST(PositionRow, CountersAndSide) {
  const one_row row("rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR b Gkq - 4 11");
  EXPECT_TRUE(row.valid);
  EXPECT_EQ(row.side, 1);
  EXPECT_EQ(row.halfmove, 4U);
  EXPECT_EQ(row.fullmove, 11U);
}

TEST(PositionRow, Chess960CastlingRooks) {
  // X-FEN "Gkq": the inner rook g1 for white, a8 and g8 for black (fen-vectors.tsv line 2).
  const one_row xfen("rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11");
  EXPECT_TRUE(xfen.valid);
  EXPECT_EQ(xfen.castling, bit(6) | bit(56) | bit(62));
  // The same rights in Shredder letters.
  const one_row shredder("rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11");
  EXPECT_TRUE(shredder.valid);
  EXPECT_EQ(shredder.castling, bit(6) | bit(56) | bit(62));
}

TEST(PositionRow, EnPassantFollowsThePolicy) {
  row_options options;
  // d5xe6 is pseudo-legal but illegal (a horizontal skewer): e6 (square 44) is written under
  // pseudo and always, not under legal.
  constexpr std::string_view skewer = "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1";
  options.write.ep = ep_policy::legal;
  EXPECT_EQ(one_row(skewer, options).ep, -1);
  options.write.ep = ep_policy::pseudo;
  EXPECT_EQ(one_row(skewer, options).ep, 44);
  options.write.ep = ep_policy::always;
  EXPECT_EQ(one_row(skewer, options).ep, 44);
  // No white pawn attacks e6: only `always` keeps it.
  constexpr std::string_view unattacked = "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1";
  options.write.ep = ep_policy::pseudo;
  EXPECT_EQ(one_row(unattacked, options).ep, -1);
  options.write.ep = ep_policy::always;
  EXPECT_EQ(one_row(unattacked, options).ep, 44);
  // f5xe6 is legal: every policy writes it.
  constexpr std::string_view legal = "2b1r2r/8/5P1k/2p1pP2/5R1P/6PK/4q3/4R3 w - e6 0 1";
  for (const ep_policy policy : {ep_policy::legal, ep_policy::pseudo, ep_policy::always}) {
    options.write.ep = policy;
    EXPECT_EQ(one_row(legal, options).ep, 44);
  }
}

TEST(PositionRow, TenByEight) {
  const one_row row(capablanca_start);
  EXPECT_TRUE(row.valid);
  EXPECT_EQ(row.board, 1);
  for (const std::uint64_t b : row.bitboards) EXPECT_EQ(b, 0U);
  EXPECT_EQ(row.castling, 0U);
  // Width 10: a1..j1 R N A B Q K B C N R, rank 2 pawns, rank 7 pawns, rank 8 black.
  std::array<std::int8_t, row_squares> mailbox{};
  const std::array<std::int8_t, 10> white_back{4, 2, 13, 3, 5, 6, 3, 14, 2, 4};
  const std::array<std::int8_t, 10> black_back{10, 8, 15, 9, 11, 12, 9, 16, 8, 10};
  for (std::size_t file = 0; file < 10; ++file) {
    mailbox[file] = white_back[file];
    mailbox[10 + file] = 1;
    mailbox[60 + file] = 7;
    mailbox[70 + file] = black_back[file];
  }
  EXPECT_EQ(row.squares, mailbox);
  EXPECT_EQ(row.side, 0);
  EXPECT_EQ(row.ep, -1);
  EXPECT_EQ(row.fullmove, 1U);
  // e3 on the 10x8 board: rank 2 * 10 + file 4 (fen-vectors-10x8.tsv line 7, a legal capture).
  const one_row ep("rnabqkbcnr/pppp1ppppp/10/10/3pP5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 2");
  EXPECT_TRUE(ep.valid);
  EXPECT_EQ(ep.ep, 24);
  EXPECT_EQ(ep.side, 1);
  EXPECT_EQ(ep.fullmove, 2U);
}

struct rejected_line {
  std::string_view line;
  fen_errc reason;
  std::int32_t column;
  std::uint8_t board;
};

TEST(PositionRow, RejectedLinesKeepTheirReasonAndColumn) {
  const std::array<rejected_line, 7> lines{{
      {"4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", fen_errc::opposite_check, 23, 0},
      {"1b1b4/8/b1P5/2kP4/8/2b4K/8/8 w - c6 0 1", fen_errc::bad_ep_square, 34, 0},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", fen_errc::rank_count, 44, 0},
      {"rRpppppp/8/8/8/8/8/PPPPPPBN/PPRQKBNR w KA", fen_errc::field_count, 42, 0},
      {"8/5k2/8/8/8/8/3K4/8 w - - 3+3 0 1", fen_errc::variant_syntax, 27, 0},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  - 0 1", fen_errc::ep_syntax, 50, 0},
      // Ten files: the 10x8 reader's verdict.
      {"rnabqkbcnr/pppppppppp/55/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
       fen_errc::rank_syntax, 24, 1},
  }};
  for (const rejected_line& expected : lines) {
    SCOPED_TRACE(expected.line);
    const one_row row(expected.line);
    EXPECT_FALSE(row.valid);
    EXPECT_EQ(row.reason, static_cast<std::uint8_t>(expected.reason));
    EXPECT_EQ(row.column, expected.column);
    EXPECT_EQ(row.board, expected.board);
    row.expect_no_position();
  }
}

TEST(PositionRow, BlankAndCommentLines) {
  for (const std::string_view line : {"", "  \t ", "# a comment", "  # indented"}) {
    SCOPED_TRACE(line);
    const one_row row(line);
    EXPECT_FALSE(row.valid);
    const fen_errc expected = line.find('#') == std::string_view::npos ? fen_errc::skipped_blank
                                                                       : fen_errc::skipped_comment;
    EXPECT_EQ(row.reason, static_cast<std::uint8_t>(expected));
    EXPECT_EQ(row.column, 0);
    EXPECT_EQ(row.board, 0);
    row.expect_no_position();
  }
}

TEST(PositionRow, DecodeOptions) {
  row_options options;
  // "44" is two digits in a row: rejected, or merged to "8" with repair.
  constexpr std::string_view digits = "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(one_row(digits, options).reason, static_cast<std::uint8_t>(fen_errc::rank_syntax));
  options.decode.repair = true;
  EXPECT_TRUE(one_row(digits, options).valid);
  // A label after the counters: trailing garbage, or a payload.
  const std::string labelled = std::string(start_fen).append(" | 0.5");
  options = {};
  EXPECT_EQ(one_row(labelled, options).reason,
            static_cast<std::uint8_t>(fen_errc::trailing_garbage));
  options.decode.payload = true;
  EXPECT_TRUE(one_row(labelled, options).valid);
}

TEST(PositionRow, KeysAreMakeKeys) {
  for (const key_kind kind : {key_kind::position, key_kind::full, key_kind::mirror}) {
    row_options options;
    options.key = kind;
    record rec;
    ASSERT_TRUE(parse_record(start_fen, {}, rec).ok());
    const position_key expected = make_key(rec, kind);
    const one_row row(start_fen, options);
    EXPECT_EQ(row.key[0], expected.low);
    EXPECT_EQ(row.key[1], expected.high);
    ten_by_eight::record wide;
    ASSERT_TRUE(ten_by_eight::parse_record(capablanca_start, {}, wide).ok());
    const position_key wide_expected = ten_by_eight::make_key(wide, kind);
    const one_row wide_row(capablanca_start, options);
    EXPECT_EQ(wide_row.key[0], wide_expected.low);
    EXPECT_EQ(wide_row.key[1], wide_expected.high);
  }
}

TEST(PositionRow, NullColumnsAreLeftAlone) {
  std::uint8_t reason = 0xEE;
  row_columns columns;
  columns.reason = &reason;
  decode_row(start_fen, {}, columns, 0);
  EXPECT_EQ(reason, 0);
  decode_row("8/8/8/8/8/8/8/8 w - - 0 1", {}, columns, 0);
  EXPECT_EQ(reason, static_cast<std::uint8_t>(fen_errc::missing_king));
}

TEST(PositionRow, RowsAreIndexed) {
  std::array<std::uint64_t, 2 * row_bitboards> bitboards{};
  std::array<std::uint32_t, 2> fullmove{};
  row_columns columns;
  columns.bitboards = bitboards.data();
  columns.fullmove = fullmove.data();
  decode_row("4k3/8/8/8/8/8/8/4K3 w - - 0 7", {}, columns, 1);
  EXPECT_EQ(fullmove[0], 0U);
  EXPECT_EQ(fullmove[1], 7U);
  EXPECT_EQ(bitboards[row_bitboards + 5], bit(4));    // K e1
  EXPECT_EQ(bitboards[row_bitboards + 11], bit(60));  // k e8
  EXPECT_EQ(bitboards[5], 0U);
}

std::string canonical(std::string_view line, const row_options& options = {}) {
  std::string out = "prefix:";
  if (!append_canonical(line, options, out)) return std::string("(invalid) ").append(out);
  return out;
}

TEST(PositionRow, CanonicalLines) {
  EXPECT_EQ(canonical("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"),
            std::string("prefix:").append(start_fen));
  EXPECT_EQ(canonical("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq - 0 1 "),
            std::string("prefix:").append(start_fen));
  row_options shredder;
  shredder.write.castling = castling_notation::shredder;
  EXPECT_EQ(canonical(start_fen, shredder),
            "prefix:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  row_options pseudo;
  pseudo.write.ep = ep_policy::pseudo;
  EXPECT_EQ(canonical("8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1"),
            "prefix:8/8/8/r2Pp2K/8/8/4k3/8 w - - 0 1");
  EXPECT_EQ(canonical("8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", pseudo),
            "prefix:8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1");
  row_options epd;
  epd.write.format = output_format::epd;
  EXPECT_EQ(canonical(start_fen, epd),
            "prefix:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
  // 10x8: "JAja" is the outermost rooks, written K/Q in X-FEN (fen-vectors-10x8.tsv line 4).
  EXPECT_EQ(canonical("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1"),
            std::string("prefix:").append(capablanca_start));
  // Nothing appended for a line that is not valid.
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/8 w - - 0 1"), "(invalid) prefix:");
  EXPECT_EQ(canonical("# comment"), "(invalid) prefix:");
  EXPECT_EQ(canonical(""), "(invalid) prefix:");
}

}  // namespace
}  // namespace fenbatch::core
