// Strict decoding (the default decode_options): every rejection reason with the 1-based column it
// reports, and what an accepted line decodes to. Inputs follow ../shared/RELIABILITY.md sections
// A-D where they apply; expected values come from the issue and the grammar at the top of
// core/src/decoder/precise_fields.cpp, worked out by hand (where the catalogue offers a choice, the
// issue's decision wins: file-letter castling is always accepted, for instance).
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/position.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/types.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::core {
namespace {

using namespace std::literals;

// The catalogue's K line is bare_kings + " w - - 0 1" (19 + 10 bytes).
const std::string bare_kings = "4k3/8/8/8/8/8/8/4K3";
const std::string k_fen = bare_kings + " w - - 0 1";
const std::string start_board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const std::string start_fen = start_board + " w KQkq - 0 1";
// The start position after 1.e4, with black to move.
const std::string after_e4_board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
// Kings and rooks on their home squares: every castling letter can resolve here.
const std::string rooks_board = "r3k2r/8/8/8/8/8/8/R3K2R";

// Bytes spelled out once: a hex escape in a literal would swallow a following hex digit.
const std::string esc = "\x1b";
const std::string nbsp = "\xC2\xA0";
const std::string bom = "\xEF\xBB\xBF";

// Lines in traces: long ones cut, bytes that would upset a terminal escaped.
std::string printable(std::string_view line) {
  constexpr std::size_t max_shown = 120;
  std::string out;
  for (std::size_t i = 0; i < line.size() && i < max_shown; ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      constexpr std::string_view hex = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 0x0F];
    }
  }
  if (line.size() > max_shown) out += "... (" + std::to_string(line.size()) + " bytes)";
  return out;
}

// "rank_width at column 11": readable in failure messages, unlike the raw struct.
std::string text(fen_status s) {
  return std::string(to_string(s.code)) + " at column " + std::to_string(s.column);
}

struct bad_line {
  std::string line;
  std::uint32_t column;
};

// A line whose problem is the first byte of `rest`, so its column is the length of `before` + 1.
// An empty `rest` points one past the end of the line, where a missing field is reported.
bad_line at(std::string_view before, std::string_view rest) {
  std::string line(before);
  line += rest;
  return {line, static_cast<std::uint32_t>(before.size() + 1)};
}

// A problem found by legality checks on the whole board, reported at the first placement byte.
bad_line board_level(std::string_view line) {
  return at("", line);
}

void expect_rejected(fen_errc code, std::initializer_list<bad_line> cases) {
  for (const bad_line& c : cases) {
    SCOPED_TRACE(printable(c.line));
    record rec;
    const fen_status s = parse_record(c.line, decode_options{}, rec);
    EXPECT_EQ(to_string(s.code), to_string(code));
    EXPECT_EQ(s.column, c.column);
  }
}

// Parses in strict mode and expects the line to be accepted.
record accepted(std::string_view line) {
  SCOPED_TRACE(printable(line));
  record rec;
  const fen_status s = parse_record(line, decode_options{}, rec);
  EXPECT_EQ(to_string(s.code), "ok") << "column " << s.column;
  return rec;
}

constexpr square sq(std::string_view text) {
  return make_square(text[0] - 'a', text[1] - '1');
}

bitboard squares(std::initializer_list<std::string_view> names) {
  bitboard b = 0;
  for (const std::string_view n : names) b |= square_bb(sq(n));
  return b;
}

// "e3", or "-" for no_square: readable in failure messages, unlike the enum.
std::string name(square s) {
  if (!is_square(s)) return "-";
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::uint8_t notes(std::initializer_list<record_note> ns) {
  unsigned bits = 0;
  for (const record_note n : ns) bits |= static_cast<unsigned>(n);
  return static_cast<std::uint8_t>(bits);
}

// --- Framing: blank, comment, whitespace (catalogue A13-A15) ---

TEST(Decode, SkipsBlankAndBlankOnlyLines) {
  for (const std::string_view line : {""sv, " "sv, "\t"sv, "  \t \t  "sv}) {
    SCOPED_TRACE(printable(line));
    record rec;
    EXPECT_EQ(text(parse_record(line, decode_options{}, rec)), text({fen_errc::skipped_blank, 0}));
  }
}

TEST(Decode, SkipsLinesWhoseFirstNonBlankByteIsAHash) {
  const std::string commented_fen = "#" + k_fen;
  for (const std::string_view line :
       {"#"sv, "# hdr"sv, "  \t# indented; with ; semicolons"sv, std::string_view(commented_fen)}) {
    SCOPED_TRACE(printable(line));
    record rec;
    EXPECT_EQ(text(parse_record(line, decode_options{}, rec)),
              text({fen_errc::skipped_comment, 0}));
  }
}

TEST(Decode, AcceptsSurroundingBlanksAndRunsOfSpacesAndTabsBetweenFields) {
  for (const std::string& line :
       {"  " + k_fen + "\t", "\t \t" + k_fen + " \t ", "4k3/8/8/8/8/8/8/4K3  w\t-  - 0   1"s,
        "4k3/8/8/8/8/8/8/4K3\tw\t-\t-\t0\t1"s}) {
    SCOPED_TRACE(printable(line));
    const record rec = accepted(line);
    EXPECT_EQ(to_canonical(rec, line), k_fen);
    // Counted as normalized whitespace (RELIABILITY A15), nothing else.
    EXPECT_EQ(rec.notes, static_cast<std::uint8_t>(record_note::whitespace_normalized));
  }
  // Single spaces and no surrounding blanks: nothing to note.
  EXPECT_EQ(accepted(k_fen).notes, 0);
}

TEST(Decode, NotesCountersThatContradictThePosition) {
  // A double push just happened (the ep square is valid) yet the halfmove clock is 5; and 50
  // reversible plies claimed at move 1 (RELIABILITY D12: kept, counted).
  const auto inconsistent = static_cast<std::uint8_t>(record_note::counters_inconsistent);
  EXPECT_EQ(accepted("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5 1"s).notes,
            inconsistent);
  EXPECT_EQ(accepted("4k3/8/8/8/8/8/8/4K3 w - - 50 1"s).notes, inconsistent);
  // 2 plies played by move 2 with white to move: a clock of 2 is possible, 3 is not.
  EXPECT_EQ(accepted("4k3/8/8/8/8/8/8/4K3 w - - 2 2"s).notes, 0);
  EXPECT_EQ(accepted("4k3/8/8/8/8/8/8/4K3 w - - 3 2"s).notes, inconsistent);
  EXPECT_EQ(accepted("4k3/8/8/8/8/8/8/4K3 b - - 3 2"s).notes, 0);
}

TEST(Decode, ReportsFieldColumnsAfterLeadingBlanks) {
  // Columns count the bytes before each field: 3 blanks, then 19 board bytes and " \t ".
  const std::string line = "  \t" + bare_kings + " \t w  -  e6 0 1";
  record rec;
  ASSERT_EQ(decode(line, decode_options{}, rec).code, fen_errc::ok);
  EXPECT_EQ(rec.placement_column, 4U);
  EXPECT_EQ(rec.side_column, 4U + 19U + 3U);
  EXPECT_EQ(rec.ep_column, (std::string("  \t") + bare_kings + " \t w  -  ").size() + 1);
}

// --- Framing: bytes FEN never contains (A04, A05, A07, A08, A10, A16) ---

TEST(Decode, RejectsNulBytesAnywhereParsingReachesThem) {
  expect_rejected(fen_errc::nul_byte,
                  {
                      at(k_fen, "\0junk"sv),                         // A08: NUL after a valid FEN
                      at(k_fen, "\0"sv),                             // a lone trailing NUL
                      at(bare_kings, "\0w - - 0 1"sv),               // NUL as a field separator
                      at("", "\0\0\0"sv),                            // A07: a line of NULs
                      at(bare_kings + " w - - c0 \"a", "\0b\";"sv),  // inside a quoted operand
                  });
}

TEST(Decode, NeverAcceptsTheFenBeforeAnEmbeddedNul) {
  // The classic C-string bug: strlen() would see exactly the K line here.
  const char raw[] = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\0junk";
  const std::string line(raw, sizeof raw - 1);
  ASSERT_EQ(line.size(), 34U);
  record rec;
  EXPECT_EQ(text(parse_record(line, decode_options{}, rec)), text({fen_errc::nul_byte, 30}));
}

TEST(Decode, RejectsControlBytesIncludingALoneCarriageReturn) {
  expect_rejected(fen_errc::control_char,
                  {
                      at(k_fen, "\r" + start_fen),  // A04: a bare CR is no line terminator
                      at(k_fen, "\r"sv),            // a second CR left before CR LF
                      at("4k3/8/", esc + "8/8/8/8/8/4K3 w - - 0 1"),  // ESC in the board
                      at(bare_kings + " w - ", "\x7f 0 1"sv),         // DEL as the ep field
                  });
}

TEST(Decode, RejectsNoBreakSpaceVerticalTabAndFormFeed) {
  expect_rejected(fen_errc::bad_whitespace,
                  {
                      at(bare_kings, nbsp + "w - - 0 1"),    // A16: NBSP as separator
                      at("", nbsp + k_fen),                  // NBSP is not trimmed
                      at(bare_kings + " w", "\v- - 0 1"sv),  // VT after the side
                      at(bare_kings + " w - - 0", "\f1"sv),  // FF between counters
                  });
}

TEST(Decode, RejectsBytesAbove127) {
  expect_rejected(fen_errc::non_ascii,
                  {
                      at(k_fen + " ", "\xff"sv),                            // A10
                      at(bare_kings + " ", "\xC3\xA9 - - 0 1"sv),           // 'é' as the side
                      at(bare_kings + " w - - ", "\xD9\xA3 1"sv),           // Arabic-Indic '3'
                      at(bare_kings + " w - - c0 \"caf", "\xC3\xA9\";"sv),  // even when quoted
                  });
}

TEST(Decode, RejectsAByteOrderMarkInsideALine) {
  // Only the input's first bytes may hold a BOM; the line splitter strips that one.
  expect_rejected(fen_errc::misplaced_bom, {
                                               at("", bom + k_fen),
                                               at(bare_kings + " ", bom + "w - - 0 1"),
                                               at(k_fen, bom),
                                           });
}

// --- Framing: the line length cap (A11, A12) ---

TEST(Decode, RejectsLinesLongerThanTheCap) {
  ASSERT_EQ(max_line_length, 65536U);
  std::string padded = k_fen;
  padded.resize(max_line_length + 1, ' ');  // trailing blanks do not excuse the length
  const std::string epd_prefix = bare_kings + " w - - c0 \"";
  std::string long_comment = epd_prefix;
  long_comment.resize(max_line_length + 1 - 2, 'x');
  long_comment += "\";";
  const std::string one_mib(std::size_t{1} << 20, 'a');
  for (const std::string& line : {padded, long_comment, one_mib}) {
    SCOPED_TRACE(printable(line));
    record rec;
    EXPECT_EQ(text(parse_record(line, decode_options{}, rec)),
              text({fen_errc::line_too_long, 65537}));
  }
}

TEST(Decode, DoesNotRejectALineOfExactlyTheCapForItsLength) {
  std::string padded = k_fen;
  padded.resize(max_line_length, ' ');
  EXPECT_EQ(to_canonical(accepted(padded), padded), k_fen);

  const std::string epd_prefix = bare_kings + " w - - c0 \"";
  std::string long_comment = epd_prefix;
  long_comment.resize(max_line_length - 2, 'x');
  long_comment += "\";";
  ASSERT_EQ(long_comment.size(), max_line_length);
  const record rec = accepted(long_comment);
  EXPECT_EQ(rec.operations(long_comment).size(), max_line_length - (bare_kings + " w - - ").size());

  // At the cap the line is read like any other, and this one fails on its first byte.
  expect_rejected(fen_errc::bad_piece_char, {at("", std::string(max_line_length, 'x'))});
}

// --- Field structure (B03-B07) ---

TEST(Decode, RejectsFewerThanFourFieldsAndFiveFields) {
  expect_rejected(fen_errc::field_count,
                  {
                      at(bare_kings, ""),               // B04: the board alone
                      at(bare_kings + " w", ""),        // board and side
                      at(bare_kings + " w -", ""),      // no ep field
                      at(bare_kings + " w - - 0", ""),  // B03: halfmove without fullmove
                  });
  // Trailing blanks are trimmed first, so the column is still one past the last field.
  expect_rejected(fen_errc::field_count, {{bare_kings + " w - - 0 \t ", 28}});
}

TEST(Decode, RejectsASeventhFieldThatIsNotAnOperation) {
  expect_rejected(fen_errc::trailing_garbage,
                  {
                      at(k_fen + " ", "extra"),               // B05
                      at(k_fen + " ", "0"),                   // B05: "$K 0"
                      at(k_fen + " \t ", "# not a comment"),  // '#' is only special first
                  });
}

TEST(Decode, RejectsVariantSyntax) {
  expect_rejected(fen_errc::variant_syntax,
                  {
                      at(start_board, "[Qq] w KQkq - 0 1"),       // crazyhouse pockets
                      at("4k3/8/8/8/8/8/8/Q", "~3K3 w - - 0 1"),  // promoted-piece mark
                      at("4k3/8/8/8/8/8/8/4K2", "+ w - - 0 1"),   // '+' in the board
                      at(bare_kings + " w - - ", "3+3 0 1"),      // three-check, 5th field
                      at(k_fen + " ", "+1+0"),                    // lichess check counts
                  });
}

TEST(Decode, RejectsMalformedEpdOperations) {
  expect_rejected(
      fen_errc::bad_epd_operation,
      {
          at(bare_kings + " w - - id \"x\"; bm Kd2", ""),  // the last ';' is missing
          at(bare_kings + " w - - id ", "\"abc;"),         // unterminated quoted string
          at(k_fen + " ", "1bm x;"),                       // an opcode starts with a letter
          at(bare_kings + R"( w - - a "foo\"bar";)", R"(; ; b "foo\\\\";)"),  // empty operation
          at(bare_kings + " w - - bm K", "\"d2;"),        // '"' inside a bare operand
          at(bare_kings + " w - - hmvc", ";"),            // hmvc needs its number
          at(bare_kings + " w - - hmvc 1 ", "2;"),        // ... exactly one
          at(bare_kings + " w - - hmvc 1; ", "hmvc 1;"),  // ... once
      });
}

TEST(Decode, RejectsCounterFieldsThatDisagreeWithHmvcOrFmvn) {
  expect_rejected(fen_errc::counter_conflict,
                  {
                      at(k_fen + " hmvc ", "5;"),
                      at(bare_kings + " w - - 3 10 fmvn ", "11;"),
                      at(bare_kings + " w - - 3 10 hmvc 3; fmvn ", "9;"),
                  });
}

// --- Field syntax (C01-C09) ---

TEST(Decode, RejectsCharactersThatAreNotPiecesDigitsOrSlashes) {
  expect_rejected(fen_errc::bad_piece_char,
                  {
                      at("4k3/8/8/4", "X3/8/8/8/4K3 w - - 0 1"),  // C04
                      at("4k3/8/", "0/8/8/8/8/4K3 w - - 0 1"),    // C04: the digit 0
                      at(bare_kings, "_w_-_-_0_1"),               // A16: '_' separators
                      at("4k3/8/8/8", "#/8/8/8/4K3 w - - 0 1"),   // A14: '#' mid-line
                  });
}

TEST(Decode, RejectsRanksThatDoNotCoverExactlyEightSquares) {
  expect_rejected(fen_errc::rank_width,
                  {
                      at("rnbqkbnr/pppppppp", "p/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),  // C01
                      at("4k3/", "9/8/8/8/8/8/4K3 w - - 0 1"),      // the digit 9
                      at("KKKKKKKK", "K/8/8/8/8/8/8/8 w - - 0 1"),  // nine kings
                      at("4k", "4/8/8/8/8/8/8/4K3 w - - 0 1"),      // 4+1+4 squares
                      at("rnbqkbnr/ppppppp", "/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),  // 7
                      at("4k3/8/8/8/8/8/8/4K2", " w - - 0 1"),  // short last rank
                      at("4k3/8/8/", "/8/8/8/4K3 w - - 0 1"),   // an empty rank
                  });
}

TEST(Decode, RejectsTwoDigitsInARow) {
  expect_rejected(fen_errc::rank_syntax,
                  {
                      at("4k3/8/8/4", "4/8/8/8/4K3 w - - 0 1"),         // C02: 44
                      at("r3k2r/8/8/3", "5/8/8/8/R3K2R w KQkq - 0 1"),  // C02: 35
                      at("4k1", "2/8/8/8/8/8/8/4K3 w - - 0 1"),         // 12 after a piece
                  });
}

TEST(Decode, RejectsAnythingButEightRanks) {
  std::string hundreds_more_ranks;  // C03: the parser must stop at the ninth, not loop on
  for (int i = 0; i < 300; ++i) hundreds_more_ranks += "/8";
  hundreds_more_ranks += "/4K3 w - - 0 1";
  expect_rejected(fen_errc::rank_count,
                  {
                      at("4k3/8/8/8/8/8/4K3", " w - - 0 1"),      // C03: seven ranks
                      at("4k3/8/8/8/8/8/8/8", "/4K3 w - - 0 1"),  // nine ranks
                      at(bare_kings, "/ w - - 0 1"),              // a trailing slash
                      at("4k3/8/8/8/8/8/8/8", hundreds_more_ranks),
                  });
}

TEST(Decode, RejectsASideToMoveOtherThanWOrB) {
  expect_rejected(fen_errc::bad_side,
                  {
                      at(bare_kings + " ", "W - - 0 1"),      // C05
                      at(bare_kings + " w", "hite - - 0 1"),  // the first byte past 'w'
                      at(bare_kings + " ", "x - - 0 1"),      // C05
                      at(bare_kings + " ", "- - 0 1"),        // side left out
                  });
}

TEST(Decode, RejectsMalformedCastlingFields) {
  expect_rejected(fen_errc::castling_syntax,
                  {
                      at(rooks_board + " w K", "K - 0 1"),     // C06: a duplicate
                      at(rooks_board + " w KQk", "k - 0 1"),   // a black duplicate
                      at(rooks_board + " w KQ", "- - 0 1"),    // '-' after letters
                      at(rooks_board + " w -", "K - 0 1"),     // letters after '-'
                      at(rooks_board + " w KQkq", "K - 0 1"),  // C06: KQkqK
                      at(rooks_board + " w KQ", "A - 0 1"),    // three white rights
                      at(rooks_board + " w ", "X - 0 1"),      // not a castling letter
                      at(rooks_board + " w K", "H - 0 1"),     // K and H name the same rook
                  });
}

TEST(Decode, RejectsCastlingLettersOutOfCanonicalOrder) {
  expect_rejected(fen_errc::castling_order,
                  {
                      at(rooks_board + " w Q", "K - 0 1"),
                      at(rooks_board + " w kq", "KQ - 0 1"),  // black before white
                      at(rooks_board + " w q", "kQK - 0 1"),  // C06: qkQK
                      at(rooks_board + " w A", "H - 0 1"),    // Shredder letters, a before h
                  });
}

TEST(Decode, RejectsMalformedEnPassantFields) {
  expect_rejected(fen_errc::ep_syntax,
                  {
                      at(bare_kings + " w - e", "9 0 1"),         // C07: e9
                      at(bare_kings + " w - ", "z3 0 1"),         // C07: z3
                      at(bare_kings + " w - e", " 0 1"),          // C07: the rank is missing
                      at(bare_kings + " w - ", "E3 0 1"),         // C07: upper case
                      at(bare_kings + " w - e3", "3 0 1"),        // C07: e33
                      at(bare_kings + " w - -", "x 0 1"),         // '-' with more after it
                      at(after_e4_board + " b KQkq e", "4 0 1"),  // D06: rank 4 is no ep rank
                  });
}

TEST(Decode, RejectsHalfmoveClocksThatAreNotUnsigned32BitDecimals) {
  expect_rejected(fen_errc::bad_halfmove,
                  {
                      at(bare_kings + " w - - ", "-1 1"),                    // C08: negative
                      at(bare_kings + " w - - ", "+3 1"),                    // C08: a sign
                      at(bare_kings + " w - - 1", "_0 1"),                   // C08: digit separator
                      at(bare_kings + " w - - 1", "a 1"),                    // C08
                      at(bare_kings + " w - - ", "99999999999999999999 1"),  // C08: >= 2^64
                      at(bare_kings + " w - - ", "4294967296 1"),            // 2^32
                      at(bare_kings + " w - - hmvc ", "-3;"),                // as an operand
                  });
}

TEST(Decode, RejectsFullmoveNumbersThatAreNotUnsigned32BitDecimals) {
  expect_rejected(fen_errc::bad_fullmove,
                  {
                      at(bare_kings + " w - - 0 ", "-1"),                    // C09: negative
                      at(bare_kings + " w - - 0 ", "4294967296"),            // 2^32
                      at(bare_kings + " w - - 0 ", "99999999999999999999"),  // C09: huge
                      at(bare_kings + " w - - 0 1", ".5"),                   // not an integer
                      at(bare_kings + " w - - fmvn ", "x;"),                 // as an operand
                  });
}

// --- Legality (D01-D11) ---

TEST(Decode, RejectsASideWithoutAKing) {
  expect_rejected(fen_errc::missing_king,
                  {
                      board_level("8/8/8/8/8/8/8/4K3 w - - 0 1"),  // D02
                      board_level("8/8/8/8/8/8/8/8 w - - 0 1"),    // D02: empty board
                      at("  ", "4k3/8/8/8/8/8/8/8 w - - 0 1"),     // after leading blanks
                  });
}

TEST(Decode, RejectsASideWithMoreThanOneKing) {
  expect_rejected(fen_errc::too_many_kings,
                  {
                      board_level("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),  // D01
                      board_level("k6k/8/8/8/8/8/8/4K3 b - - 0 1"),
                      board_level("4k3/8/8/8/8/8/8/KKKKKKKK w - - 0 1"),
                  });
}

TEST(Decode, RejectsPawnsOnTheFirstOrEighthRank) {
  expect_rejected(fen_errc::pawn_on_back_rank,
                  {
                      board_level("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),  // D03
                      board_level("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),  // D03
                      board_level("4k3/8/8/8/8/8/8/p3K3 w - - 0 1"),  // a black pawn on rank 1
                  });
}

TEST(Decode, RejectsMoreThanSixteenPiecesOfOneColour) {
  expect_rejected(
      fen_errc::too_many_pieces,
      {
          board_level(
              "rnbqkbnr/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/RNBQKBNR w - - 0 1"),  // D09
          board_level("4k3/8/NNNNNNNN/8/8/8/PPPPPPPP/4K3 w - - 0 1"),                  // 17 white
          board_level("4k3/pppppppp/nnnnnnnn/8/8/8/8/4K3 w - - 0 1"),                  // 17 black
      });
}

TEST(Decode, RejectsMoreThanEightPawnsOfOneColour) {
  expect_rejected(fen_errc::too_many_pawns,
                  {
                      board_level("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"),  // D10
                      board_level("4k3/pppppppp/7p/8/8/8/8/4K3 w - - 0 1"),
                  });
}

TEST(Decode, RejectsMorePromotedPiecesThanMissingPawnsAllow) {
  expect_rejected(fen_errc::too_much_material,
                  {
                      board_level("k7/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1"),    // D11: 2 Q, 8 P
                      board_level("4k3/8/8/8/8/8/PPPPPPPP/B1B1K3 w - - 0 1"),  // D11: a1, c1 dark
                      board_level("rrr1k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1"),  // 3 black rooks
                      board_level("4k3/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1"),  // 3 knights
                      board_level("b1b1k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1"),  // a8, c8 light
                  });
}

TEST(Decode, AcceptsPromotedPiecesPaidForByMissingPawns) {
  accepted("4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1");  // c1 dark and f1 light bishops
  accepted("k7/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1");    // 2 Q with a pawn missing
  accepted("4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1");       // 7 Q, 6 promoted, no pawns
  accepted("4k3/8/8/8/8/8/PPPPPPP1/NNN1K3 w - - 0 1");  // 3 knights with a pawn missing
}

TEST(Decode, RejectsCastlingRightsWithoutTheirRookOrKing) {
  expect_rejected(
      fen_errc::bad_castling_rights,
      {
          at("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ", "kq - 0 1"),  // D08: no h8 rook
          at("1r2k3/8/8/8/8/8/8/R3KR2 w KQ", "kq - 0 1"),  // D08: no black rook h-side of e8
          at("r3k2r/8/8/8/8/8/4K3/R6R w ", "KQkq - 0 1"),  // the white king left rank 1
          at("r6r/4k3/8/8/8/8/8/R3K2R w KQ", "kq - 0 1"),  // the black king left rank 8
          at("4k3/8/8/8/8/8/8/RR2K3 w ", "BA - 0 1"),      // both rooks a-side: b1 is inner
          at("4k3/8/8/8/8/8/8/R3K3 w ", "C - 0 1"),        // a file with no rook
      });
}

TEST(Decode, RejectsImpossibleEnPassantSquares) {
  const std::string no_e_pawn = "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR";
  expect_rejected(
      fen_errc::bad_ep_square,
      {
          at(no_e_pawn + " b KQkq ", "e3 0 1"),       // D07: no pawn on e4
          at(after_e4_board + " w KQkq ", "e3 0 1"),  // rank 3 with white to move
          at(start_board + " w KQkq ", "d6 0 1"),     // no black pawn on d5
          at("rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/R1BQKBNR b KQkq ", "e3 0 1"),  // e3 taken
          at("rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b KQkq ", "e3 0 1"),    // e2 taken
      });
}

TEST(Decode, RejectsTheSideNotToMoveBeingInCheck) {
  expect_rejected(fen_errc::opposite_check,
                  {
                      at("4k3/8/8/8/8/8/4Q3/4K3 ", "w - - 0 1"),      // D04
                      at("4k3/8/8/8/8/5n2/8/4K3  \t ", "b - - 0 1"),  // Nf3 attacks e1
                  });
}

TEST(Decode, RejectsChecksThatNoLegalMoveCouldHaveGiven) {
  expect_rejected(
      fen_errc::impossible_check,
      {
          board_level("4k3/5P2/3N4/8/8/8/4R3/4K3 b - - 0 1"),  // D05: triple check
          board_level("8/8/N7/2k5/N7/8/8/3K4 b - - 0 1"),      // D05: two knights
          board_level("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1"),   // D05: Qf1 saw b5 before d2-d4
          board_level("4R3/8/8/4k3/8/8/8/4R1K1 b - - 0 1"),    // rooks on both sides
      });
}

// --- Accepted records ---

TEST(Decode, AcceptsAPlainFenWithNoNotesRepairsOrOperations) {
  for (const std::string& line : {k_fen, start_fen}) {
    const record rec = accepted(line);
    EXPECT_EQ(rec.notes, 0);
    EXPECT_EQ(rec.repairs, 0);
    EXPECT_EQ(rec.operations(line), "");
    EXPECT_EQ(to_canonical(rec, line), line);
  }
}

TEST(Decode, FillsInZeroAndOneForAFourFieldEpd) {
  const std::string line = bare_kings + " w - -";
  const record rec = accepted(line);
  EXPECT_EQ(rec.pos.halfmove_clock, 0U);
  EXPECT_EQ(rec.pos.fullmove_number, 1U);
  EXPECT_EQ(rec.notes, notes({record_note::epd_form}));
  EXPECT_EQ(to_canonical(rec, line), k_fen);
}

TEST(Decode, AcceptsQuotedOperandsHoldingSemicolonsAndEscapes) {
  const std::string ops_b06 = R"(bm Kd2; id "x;y";)";  // B06
  const std::string ops_escaped = R"(c0 "say \"hi\"; a\\b";  c1 "" ; noop;)";
  for (const std::string& ops : {ops_b06, ops_escaped}) {
    const std::string line = bare_kings + " w - - " + ops;
    const record rec = accepted(line);
    EXPECT_EQ(rec.operations(line), ops);
    EXPECT_EQ(rec.notes, notes({record_note::epd_form, record_note::has_operations}));
    EXPECT_EQ(rec.pos.halfmove_clock, 0U);
    EXPECT_EQ(rec.pos.fullmove_number, 1U);
  }
}

TEST(Decode, TakesTheCountersOfAFourFieldEpdFromHmvcAndFmvn) {
  const std::string line = bare_kings + " w - - hmvc 7; fmvn 33;";
  const record rec = accepted(line);
  EXPECT_EQ(rec.pos.halfmove_clock, 7U);
  EXPECT_EQ(rec.pos.fullmove_number, 33U);
  EXPECT_EQ(rec.notes, notes({record_note::epd_form, record_note::has_operations,
                              record_note::counters_from_operations}));
  EXPECT_EQ(rec.operations(line), "hmvc 7; fmvn 33;");
  EXPECT_EQ(to_canonical(rec, line), bare_kings + " w - - 7 33");

  const std::string only_hmvc = bare_kings + " w - - hmvc 12;";
  const record rec2 = accepted(only_hmvc);
  EXPECT_EQ(rec2.pos.halfmove_clock, 12U);
  EXPECT_EQ(rec2.pos.fullmove_number, 1U);
}

TEST(Decode, AcceptsOperationsAfterASixFieldFen) {
  const std::string ops = R"(hmvc 3; fmvn 10; c0 "fine";)";
  const std::string line = bare_kings + " w - - 3 10 " + ops;
  const record rec = accepted(line);
  EXPECT_EQ(rec.pos.halfmove_clock, 3U);
  EXPECT_EQ(rec.pos.fullmove_number, 10U);
  // The counters came from the fields; the agreeing operations only confirm them.
  EXPECT_EQ(rec.notes, notes({record_note::has_operations}));
  EXPECT_EQ(rec.operations(line), ops);
}

TEST(Decode, ReadsCountersWithLeadingZerosAndUpTo32Bits) {
  const std::string zeros = bare_kings + " w - - 007 0042";
  const record rec = accepted(zeros);
  EXPECT_EQ(rec.pos.halfmove_clock, 7U);
  EXPECT_EQ(rec.pos.fullmove_number, 42U);
  EXPECT_EQ(to_canonical(rec, zeros), bare_kings + " w - - 7 42");

  const std::string largest = bare_kings + " w - - 4294967295 4294967295";
  const record rec2 = accepted(largest);
  EXPECT_EQ(rec2.pos.halfmove_clock, 4294967295U);
  EXPECT_EQ(rec2.pos.fullmove_number, 4294967295U);
  EXPECT_EQ(to_canonical(rec2, largest), largest);
}

TEST(Decode, ReadsFullmoveZeroAsOneAndNotesIt) {
  const std::string field = bare_kings + " w - - 0 0";
  const record rec = accepted(field);
  EXPECT_EQ(rec.pos.fullmove_number, 1U);
  EXPECT_EQ(rec.notes, notes({record_note::fullmove_zero}));
  EXPECT_EQ(to_canonical(rec, field), k_fen);

  const std::string operation = bare_kings + " w - - fmvn 0;";
  const record rec2 = accepted(operation);
  EXPECT_EQ(rec2.pos.fullmove_number, 1U);
  EXPECT_TRUE(rec2.has(record_note::fullmove_zero));
  EXPECT_TRUE(rec2.has(record_note::counters_from_operations));
}

TEST(Decode, DecodesBoardSideCastlingAndCountersIntoThePosition) {
  const record rec = accepted("4k3/8/8/3p4/8/8/8/R3K3 b Q - 12 40");
  const position& pos = rec.pos;
  EXPECT_EQ(pos.pieces(color::white), squares({"a1", "e1"}));
  EXPECT_EQ(pos.pieces(color::black), squares({"e8", "d5"}));
  EXPECT_EQ(pos.pieces(piece_type::king), squares({"e1", "e8"}));
  EXPECT_EQ(pos.pieces(piece_type::rook), squares({"a1"}));
  EXPECT_EQ(pos.pieces(piece_type::pawn), squares({"d5"}));
  EXPECT_EQ(pos.pieces(piece_type::knight) | pos.pieces(piece_type::bishop) |
                pos.pieces(piece_type::queen),
            0U);
  EXPECT_EQ(pos.side_to_move, color::black);
  EXPECT_EQ(pos.castling_rooks, squares({"a1"}));
  EXPECT_EQ(name(pos.ep_square), "-");
  EXPECT_EQ(pos.halfmove_clock, 12U);
  EXPECT_EQ(pos.fullmove_number, 40U);
}

TEST(Decode, ResolvesXfenKAndQToTheOutermostRookOnEachSide) {
  const std::string line = "1r2k1rr/8/8/8/8/8/8/1R2K1RR w KQkq - 0 1";
  const record rec = accepted(line);
  EXPECT_EQ(rec.pos.castling_rooks, squares({"b1", "h1", "b8", "h8"}));
  EXPECT_EQ(to_canonical(rec, line), line);
}

TEST(Decode, AcceptsFileLettersNamingInnerRooksAndShredderFen) {
  // B08: G is the inner of two h-side rooks; k and q resolve to g8 and a8.
  const std::string gkq = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11";
  const record rec = accepted(gkq);
  EXPECT_EQ(rec.pos.castling_rooks, squares({"g1", "a8", "g8"}));
  EXPECT_EQ(to_canonical(rec, gkq), gkq);

  // Shredder-FEN names every rook by file; written back in X-FEN they are the outermost ones.
  const std::string shredder = start_board + " w HAha - 0 1";
  const record rec2 = accepted(shredder);
  EXPECT_EQ(rec2.pos.castling_rooks, squares({"a1", "h1", "a8", "h8"}));
  EXPECT_EQ(to_canonical(rec2, shredder), start_fen);
}

struct check_and_ep_case {
  std::string_view what;
  std::string_view line;
  bool in_check;
  bool pseudo_legal_ep;
  std::string_view legal_ep;
};

TEST(Decode, ReportsCheckAndEnPassantFactsOfHandAnalysedPositions) {
  const check_and_ep_case cases[] = {
      {"after 1.e4 no black pawn can take on e3",
       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false, false, "-"},
      {"the d4 pawn takes on e3", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
       false, true, "e3"},
      {"bxc6 would open the fifth rank to the h5 rook", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", false,
       true, "-"},
      {"the e2 rook checks", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", true, false, "-"},
      {"knight and rook double check", "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1", true, false, "-"},
      {"the pushed pawn gives check", "8/8/8/5k2/4P3/8/8/4K3 b - e3 0 1", true, false, "-"},
      {"d2-d4 uncovered the c1 bishop", "8/8/8/6k1/3P4/8/8/2B1K3 b - d3 0 1", true, false, "-"},
  };
  for (const check_and_ep_case& c : cases) {
    SCOPED_TRACE(c.what);
    const record rec = accepted(c.line);
    EXPECT_EQ(rec.in_check, c.in_check);
    EXPECT_EQ(rec.pseudo_legal_ep, c.pseudo_legal_ep);
    EXPECT_EQ(name(rec.legal_ep), c.legal_ep);
  }
}

TEST(Decode, WritesTheEnPassantSquareOnlyWhenACaptureIsLegal) {
  const std::string capturable = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
  EXPECT_EQ(to_canonical(accepted(capturable), capturable), capturable);
  const std::string pinned = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1";
  EXPECT_EQ(to_canonical(accepted(pinned), pinned), "8/8/8/KPp4r/8/8/8/4k3 w - - 0 1");
}

}  // namespace
}  // namespace fenbatch::core
