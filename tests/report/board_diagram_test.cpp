// Board diagrams: the right piece on the right square. The expected coordinates are worked out
// by hand from the diagram's geometry: squares 40 units wide, the board's top left corner at
// (18, 2), White at the bottom; so file f (a = 0) starts at x = 18 + 40 f, and rank r (1 to 8)
// at y = 2 + 40 (8 - r).
#include "report/board_diagram.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {
namespace {

std::size_t occurrences(std::string_view text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string_view::npos;
       at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

std::string diagram(std::string_view fen) {
  const std::optional<board_picture> board = read_board(fen);
  EXPECT_TRUE(board.has_value()) << fen;
  return board ? board_svg(*board, fen) : std::string();
}

std::string placed(std::string_view symbol, int x, int y) {
  return "<use href=\"#" + std::string(symbol) + "\" x=\"" + std::to_string(x) + "\" y=\"" +
         std::to_string(y) + "\" width=\"40\" height=\"40\"/>";
}

TEST(BoardDiagram, PlacesPiecesOnA1H8AndE4) {
  const std::string svg = diagram("7k/8/8/8/4P3/8/8/R3K3 w - - 0 1");
  EXPECT_NE(svg.find(placed("piece-white-rook", 18, 282)), std::string::npos);   // a1
  EXPECT_NE(svg.find(placed("piece-black-king", 298, 2)), std::string::npos);    // h8
  EXPECT_NE(svg.find(placed("piece-white-pawn", 178, 162)), std::string::npos);  // e4
  EXPECT_NE(svg.find(placed("piece-white-king", 178, 282)), std::string::npos);  // e1
  EXPECT_EQ(occurrences(svg, "<use "), 4U);
  // 8 files: 18 + 320 + 16 across, 2 + 320 + 18 down.
  EXPECT_EQ(svg.rfind("<svg class=\"board\" viewBox=\"0 0 354 340\" width=\"100%\"", 0), 0U);
}

TEST(BoardDiagram, DrawsTheStartPosition) {
  const std::string svg = diagram("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(occurrences(svg, "<use "), 32U);
  EXPECT_EQ(occurrences(svg, "href=\"#piece-white-pawn\""), 8U);
  EXPECT_EQ(occurrences(svg, "href=\"#piece-black-pawn\""), 8U);
  EXPECT_NE(svg.find(placed("piece-white-queen", 138, 282)), std::string::npos);  // d1
  EXPECT_NE(svg.find(placed("piece-black-queen", 138, 2)), std::string::npos);    // d8
  EXPECT_NE(svg.find(placed("piece-white-knight", 58, 282)), std::string::npos);  // b1
  EXPECT_NE(svg.find(placed("piece-black-bishop", 218, 2)), std::string::npos);   // f8
  EXPECT_NE(svg.find(placed("piece-white-pawn", 298, 242)), std::string::npos);   // h2
  EXPECT_NE(svg.find(placed("piece-black-pawn", 18, 42)), std::string::npos);     // a7
  // The files and ranks named on the edges, and White to move.
  for (const char* label : {">a</text>", ">h</text>", ">1</text>", ">8</text>"}) {
    EXPECT_NE(svg.find(label), std::string::npos) << label;
  }
  EXPECT_EQ(svg.find(">i</text>"), std::string::npos);
  EXPECT_NE(svg.find("<title>White to move</title>"), std::string::npos);
}

// a1 is a dark square; the dark squares are one path, a1's the first of it.
TEST(BoardDiagram, A1IsDark) {
  const std::string svg = diagram("8/8/8/8/8/8/8/8 b - -");
  EXPECT_NE(svg.find("<path fill=\"#b58863\" d=\"M18 282h40v40h-40z"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "h40v40h-40z"), 32U);
  EXPECT_NE(svg.find("<title>Black to move</title>"), std::string::npos);
}

TEST(BoardDiagram, DrawsTheCapablancaStartOnTenFiles) {
  const std::string svg =
      diagram("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
  EXPECT_EQ(occurrences(svg, "<use "), 40U);
  EXPECT_NE(svg.find(placed("piece-white-rook", 18, 282)), std::string::npos);         // a1
  EXPECT_NE(svg.find(placed("piece-white-archbishop", 98, 282)), std::string::npos);   // c1
  EXPECT_NE(svg.find(placed("piece-white-king", 218, 282)), std::string::npos);        // f1
  EXPECT_NE(svg.find(placed("piece-white-chancellor", 298, 282)), std::string::npos);  // h1
  EXPECT_NE(svg.find(placed("piece-white-rook", 378, 282)), std::string::npos);        // j1
  EXPECT_NE(svg.find(placed("piece-black-archbishop", 98, 2)), std::string::npos);     // c8
  EXPECT_NE(svg.find(placed("piece-black-chancellor", 298, 2)), std::string::npos);    // h8
  EXPECT_NE(svg.find(placed("piece-black-pawn", 378, 42)), std::string::npos);         // j7
  EXPECT_NE(svg.find(">j</text>"), std::string::npos);
  // 10 files: 18 + 400 + 16 across.
  EXPECT_EQ(svg.rfind("<svg class=\"board\" viewBox=\"0 0 434 340\"", 0), 0U);
}

TEST(BoardDiagram, ReadsTheSideToMoveWhereThereIsOne) {
  EXPECT_EQ(read_board("8/8/8/8/8/8/8/8 w")->side, 'w');
  EXPECT_EQ(read_board("8/8/8/8/8/8/8/8 b KQkq -")->side, 'b');
  EXPECT_EQ(read_board("8/8/8/8/8/8/8/8")->side, 0);
  EXPECT_EQ(read_board("8/8/8/8/8/8/8/8 x")->side, 0);
  EXPECT_EQ(read_board("8/8/8/8/8/8/8/8 white")->side, 0);
  const std::string svg = diagram("8/8/8/8/8/8/8/8");
  EXPECT_EQ(svg.find("to move"), std::string::npos);
}

TEST(BoardDiagram, KeepsSquaresInFenOrder) {
  const std::optional<board_picture> board = read_board("r6k/8/8/8/8/8/8/K6R w - -");
  ASSERT_TRUE(board);
  EXPECT_EQ(board->files, 8);
  EXPECT_EQ(board->squares[0][0], 'K');  // a1
  EXPECT_EQ(board->squares[0][7], 'R');  // h1
  EXPECT_EQ(board->squares[7][0], 'r');  // a8
  EXPECT_EQ(board->squares[7][7], 'k');  // h8
  EXPECT_EQ(board->squares[3][4], 0);    // e4
}

TEST(BoardDiagram, RefusesPlacementsItCannotDraw) {
  for (const char* fen : {
           "", "not a board",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq -",                // 7 ranks
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq -",     // 9 ranks
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq -",       // X
           "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",       // a rank of 9
           "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",        // a rank of 7
           "rnaqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",       // archbishop on 8x8
           "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNR w",    // 10, then 8
           "rnabqkbcnr/pppppppppp/11/10/10/10/PPPPPPPPPP/RNABQKBCNR w",  // 11 squares
           "0rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",             // 0
           "8/8/8/8/8/8/8/8/",                                           // a ninth, empty
           "8/8/8/8/8//8/8 w",                                           // an empty rank
       }) {
    EXPECT_FALSE(read_board(fen).has_value()) << fen;
  }
}

TEST(BoardDiagram, DefinesEverySymbolOnce) {
  const std::string symbols = piece_symbols_svg();
  for (const char letter : std::string_view("PNBRQKACpnbrqkac")) {
    const std::string_view id = piece_symbol_id(letter);
    ASSERT_FALSE(id.empty()) << letter;
    EXPECT_EQ(occurrences(symbols, "<symbol id=\"" + std::string(id) + '"'), 1U) << id;
  }
  EXPECT_EQ(occurrences(symbols, "<symbol "), 16U);
  EXPECT_EQ(piece_symbol_id('K'), "piece-white-king");
  EXPECT_EQ(piece_symbol_id('a'), "piece-black-archbishop");
  EXPECT_TRUE(piece_symbol_id('x').empty());
  EXPECT_TRUE(piece_symbol_id('1').empty());
  // Shapes only: no text, so no font is needed.
  EXPECT_EQ(symbols.find("<text"), std::string::npos);
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
