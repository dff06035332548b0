// Chess diagrams for the HTML report: an SVG board from a FEN's placement, 8x8 or X-FEN's 10x8,
// white at the bottom, with file letters, rank numbers and the side to move. The pieces are
// shapes drawn here, not font glyphs (chess glyphs are missing from many fonts, and phones show
// U+265F as an emoji): defined once per page (piece_symbols_svg) and placed with <use>.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {

// A board read from FEN text: `files` 8 or 10, 8 ranks.
struct board_picture {
  int files = 8;
  // The piece letter on each square, 0 where empty: squares[rank][file], rank 0 the first
  // (White's back rank), file 0 the a-file.
  std::array<std::array<char, 10>, 8> squares{};
  char side = 0;  // 'w', 'b', or 0 when the text has no side-to-move field
};

// The placement (the first field; 8x8 letters PNBRQK/pnbrqk, on 10 files also A/a archbishop
// and C/c chancellor, digits for empty squares, "10" ten of them) and the side to move (the
// second field, if any) of `fen`; nothing when they cannot be drawn.
[[nodiscard]] std::optional<board_picture> read_board(std::string_view fen);

// The geometry of a diagram, in viewBox units: square (file, rank) has its top left corner at
// (board_left + file * square_size, board_top + (7 - rank) * square_size).
inline constexpr int square_size = 40;
inline constexpr int board_left = 18;  // room for the rank numbers
inline constexpr int board_top = 2;
inline constexpr int board_bottom_margin = 18;  // room for the file letters
inline constexpr int board_right_margin = 16;   // room for the side-to-move mark

// The id of a piece letter's symbol ("piece-white-king" for 'K'), empty for another byte.
[[nodiscard]] std::string_view piece_symbol_id(char piece) noexcept;

// A hidden <svg> with every piece's <symbol>, once per page before the first board.
[[nodiscard]] std::string piece_symbols_svg();

// The diagram, `<svg class="board" ...>`, its accessible name and hover text `label`.
[[nodiscard]] std::string board_svg(const board_picture& board, std::string_view label);

}  // namespace fenbatch::pipeline::detail
