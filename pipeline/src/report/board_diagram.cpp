#include "report/board_diagram.hpp"

#include <cstddef>
#include <string>

#include "report/html_text.hpp"

namespace fenbatch::pipeline::detail {
namespace {

constexpr std::string_view light_square = "#f0d9b5";
constexpr std::string_view dark_square = "#b58863";
constexpr std::string_view edge_color = "#8b6a4a";
constexpr std::string_view label_color = "#59636e";
constexpr std::string_view white_fill = "#ffffff";
constexpr std::string_view white_line = "#1f1f1f";
constexpr std::string_view black_fill = "#262626";
constexpr std::string_view black_line = "#f2f2f2";

// The pieces in a 100 by 100 box, standing on y = 88. Elements without fill take the piece's
// colour; the lines marked fill="none" are details drawn in its outline colour. Shapes later in
// a list are drawn over earlier ones, their outlines marking the joins.
constexpr std::string_view base = R"(<rect x="24" y="79" width="52" height="9" rx="3"/>)";

constexpr std::string_view pawn_shape =
    R"(<path d="M34 80C36 66 40 58 44 54H56C60 58 64 66 66 80Z"/>)"
    R"(<circle cx="50" cy="36" r="12"/>)"
    R"(<rect x="37" y="49" width="26" height="7" rx="3.5"/>)";

constexpr std::string_view rook_body =
    R"(<path d="M34 79L37 44H63L66 79Z"/>)"
    R"(<path d="M28 20H38V27H45V20H55V27H62V20H72V42Q72 45 69 45H31Q28 45 28 42Z"/>)"
    R"(<rect x="31" y="72" width="38" height="7" rx="2"/>)";

constexpr std::string_view bishop_body =
    R"(<path d="M40 64L35 80H65L60 64Z"/>)"
    R"(<path d="M50 18C65 28 69 46 60 60H40C31 46 35 28 50 18Z"/>)"
    R"(<circle cx="50" cy="14" r="5"/>)"
    R"(<rect x="36" y="58" width="28" height="7" rx="3"/>)";

constexpr std::string_view bishop_mark = R"(<path d="M50 30V48M42 39H58" fill="none"/>)";

constexpr std::string_view knight_shape =
    R"(<path d="M30 80C31 68 38 62 46 57L44 50C38 53 31 57 25 56C18 55 17 47 21 42L37 25)"
    R"(L38 13L47 20C64 21 77 38 74 80Z"/>)"
    R"(<circle cx="39" cy="34" r="2.5" fill="none"/>)"
    R"(<path d="M58 29C67 40 70 56 68 73" fill="none"/>)";

constexpr std::string_view queen_shape =
    R"(<path d="M30 76L18 38L34 58L34 30L46 56L50 26L54 56L66 30L66 58L82 38L70 76Z"/>)"
    R"(<circle cx="18" cy="35" r="4.5"/><circle cx="34" cy="26" r="4.5"/>)"
    R"(<circle cx="50" cy="22" r="4.5"/><circle cx="66" cy="26" r="4.5"/>)"
    R"(<circle cx="82" cy="35" r="4.5"/>)"
    R"(<rect x="30" y="70" width="40" height="9" rx="3"/>)";

constexpr std::string_view king_shape =
    R"(<path d="M47 9H53V16H60V22H53V33H47V22H40V16H47Z"/>)"
    R"(<path d="M30 76C17 62 20 42 35 43C43 44 48 50 50 58C52 50 57 44 65 43)"
    R"(C80 42 83 62 70 76Z"/>)"
    R"(<path d="M50 58C46 50 45 41 50 34C55 41 54 50 50 58Z"/>)"
    R"(<rect x="30" y="70" width="40" height="9" rx="3"/>)";

// The two pieces of 10x8 chess: a bishop and a rook marked with their letter (drawn, not set in
// a font), as the page's legend says.
constexpr std::string_view archbishop_mark =
    R"(<path d="M43 51L50 31L57 51M45.5 44H54.5" fill="none"/>)";
constexpr std::string_view chancellor_mark =
    R"(<path d="M56.5 53.5A9 9 0 1 0 56.5 66.5" fill="none"/>)";

struct piece_kind {
  char letter;  // white's (upper case)
  std::string_view name;
  std::string_view shape;
  std::string_view mark;
};

constexpr piece_kind piece_kinds[] = {
    {'P', "pawn", pawn_shape, {}},
    {'N', "knight", knight_shape, {}},
    {'B', "bishop", bishop_body, bishop_mark},
    {'R', "rook", rook_body, {}},
    {'Q', "queen", queen_shape, {}},
    {'K', "king", king_shape, {}},
    {'A', "archbishop", bishop_body, archbishop_mark},
    {'C', "chancellor", rook_body, chancellor_mark},
};

// Ids are spelled out once here so that piece_symbol_id returns views of constants.
constexpr std::string_view white_ids[] = {
    "piece-white-pawn",  "piece-white-knight", "piece-white-bishop",     "piece-white-rook",
    "piece-white-queen", "piece-white-king",   "piece-white-archbishop", "piece-white-chancellor"};
constexpr std::string_view black_ids[] = {
    "piece-black-pawn",  "piece-black-knight", "piece-black-bishop",     "piece-black-rook",
    "piece-black-queen", "piece-black-king",   "piece-black-archbishop", "piece-black-chancellor"};

const piece_kind* kind_of(char letter, std::size_t& index) noexcept {
  const char upper =
      letter >= 'a' && letter <= 'z' ? static_cast<char>(letter - 'a' + 'A') : letter;
  for (std::size_t i = 0; i < std::size(piece_kinds); ++i) {
    if (piece_kinds[i].letter == upper) {
      index = i;
      return &piece_kinds[i];
    }
  }
  return nullptr;
}

std::string number(int n) {
  return std::to_string(n);
}

}  // namespace

std::optional<board_picture> read_board(std::string_view fen) {
  const std::size_t space = fen.find(' ');
  const std::string_view placement = fen.substr(0, space);
  board_picture board;
  // The width of the first rank decides the board, as for the decoder.
  int files = 0;
  int rank = 7;
  int file = 0;
  bool complete = false;  // the eighth rank ended the placement
  std::size_t i = 0;
  while (i <= placement.size()) {
    const char c = i < placement.size() ? placement[i] : '/';
    if (c == '/') {
      if (rank == 7 && files == 0) {
        if (file != 8 && file != 10) return std::nullopt;
        files = file;
      } else if (file != files) {
        return std::nullopt;
      }
      if (rank == 0) {
        if (i != placement.size()) return std::nullopt;  // (more than 8 ranks)
        complete = true;
        break;
      }
      --rank;
      file = 0;
      ++i;
      continue;
    }
    if (c >= '1' && c <= '9') {
      int empty = 0;
      while (i < placement.size() && placement[i] >= '0' && placement[i] <= '9' && empty <= 10) {
        empty = empty * 10 + (placement[i] - '0');
        ++i;
      }
      file += empty;
      if (file > 10) return std::nullopt;
      continue;
    }
    std::size_t index = 0;
    if (kind_of(c, index) == nullptr || file >= 10) return std::nullopt;
    board.squares[static_cast<std::size_t>(rank)][static_cast<std::size_t>(file)] = c;
    ++file;
    ++i;
  }
  if (!complete) return std::nullopt;
  board.files = files;
  // The 10x8 pieces belong on 10 files only.
  if (files == 8) {
    for (const auto& row : board.squares) {
      for (const char piece : row) {
        if (piece == 'A' || piece == 'a' || piece == 'C' || piece == 'c') return std::nullopt;
      }
    }
  }
  if (space != std::string_view::npos) {
    const std::string_view rest = fen.substr(space + 1);
    if (rest.starts_with("w") || rest.starts_with("b")) {
      if (rest.size() == 1 || rest[1] == ' ') board.side = rest[0];
    }
  }
  return board;
}

std::string_view piece_symbol_id(char piece) noexcept {
  std::size_t index = 0;
  if (kind_of(piece, index) == nullptr) return {};
  return piece >= 'a' && piece <= 'z' ? black_ids[index] : white_ids[index];
}

std::string piece_symbols_svg() {
  std::string out =
      "<svg class=\"piece-symbols\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>";
  for (const bool white : {true, false}) {
    for (std::size_t i = 0; i < std::size(piece_kinds); ++i) {
      const piece_kind& kind = piece_kinds[i];
      out += "<symbol id=\"";
      out += white ? white_ids[i] : black_ids[i];
      out += "\" viewBox=\"0 0 100 100\"><g fill=\"";
      out += white ? white_fill : black_fill;
      out += "\" stroke=\"";
      out += white ? white_line : black_line;
      out += "\" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\">";
      out += kind.shape;
      out += base;
      out += kind.mark;
      out += "</g></symbol>";
    }
  }
  out += "</defs></svg>";
  return out;
}

std::string board_svg(const board_picture& board, std::string_view label) {
  const int files = board.files;
  const int width = board_left + files * square_size + board_right_margin;
  const int height = board_top + 8 * square_size + board_bottom_margin;
  std::string out = "<svg class=\"board\" viewBox=\"0 0 " + number(width) + ' ' + number(height) +
                    "\" width=\"100%\" role=\"img\" aria-label=\"";
  append_escaped(out, label);
  out += "\" font-family=\"system-ui, sans-serif\" font-size=\"14\"><title>";
  append_escaped(out, label);
  out += "</title>";
  // The light squares as the board's ground, the dark ones as one path: a1 is dark.
  out += "<rect x=\"" + number(board_left) + "\" y=\"" + number(board_top) + "\" width=\"" +
         number(files * square_size) + "\" height=\"" + number(8 * square_size) + "\" fill=\"";
  out += light_square;
  out += "\" stroke=\"";
  out += edge_color;
  out += "\" stroke-width=\"1\"/><path fill=\"";
  out += dark_square;
  out += "\" d=\"";
  for (int rank = 0; rank < 8; ++rank) {
    for (int file = 0; file < files; ++file) {
      if ((rank + file) % 2 != 0) continue;
      out += 'M' + number(board_left + file * square_size) + ' ' +
             number(board_top + (7 - rank) * square_size) + 'h' + number(square_size) + 'v' +
             number(square_size) + 'h' + number(-square_size) + 'z';
    }
  }
  out += "\"/>";
  for (int rank = 0; rank < 8; ++rank) {
    out += "<text x=\"" + number(board_left / 2) + "\" y=\"" +
           number(board_top + (7 - rank) * square_size + square_size / 2 + 5) +
           "\" text-anchor=\"middle\" fill=\"";
    out += label_color;
    out += "\">" + number(rank + 1) + "</text>";
  }
  for (int file = 0; file < files; ++file) {
    out += "<text x=\"" + number(board_left + file * square_size + square_size / 2) + "\" y=\"" +
           number(board_top + 8 * square_size + 15) + "\" text-anchor=\"middle\" fill=\"";
    out += label_color;
    out += "\">";
    out += static_cast<char>('a' + file);
    out += "</text>";
  }
  for (int rank = 0; rank < 8; ++rank) {
    for (int file = 0; file < files; ++file) {
      const char piece =
          board.squares[static_cast<std::size_t>(rank)][static_cast<std::size_t>(file)];
      if (piece == 0) continue;
      out += "<use href=\"#";
      out += piece_symbol_id(piece);
      out += "\" x=\"" + number(board_left + file * square_size) + "\" y=\"" +
             number(board_top + (7 - rank) * square_size) + "\" width=\"" + number(square_size) +
             "\" height=\"" + number(square_size) + "\"/>";
    }
  }
  // The side to move: a disc of its colour beside its own back rank.
  if (board.side == 'w' || board.side == 'b') {
    const bool white = board.side == 'w';
    const int cx = board_left + files * square_size + board_right_margin / 2;
    const int cy = white ? board_top + 8 * square_size - 8 : board_top + 8;
    out += "<circle class=\"side-to-move\" cx=\"" + number(cx) + "\" cy=\"" + number(cy) +
           "\" r=\"5\" fill=\"";
    out += white ? white_fill : black_fill;
    out += "\" stroke=\"";
    out += white_line;
    out += "\" stroke-width=\"1.5\"><title>";
    out += white ? "White to move" : "Black to move";
    out += "</title></circle>";
  }
  out += "</svg>";
  return out;
}

}  // namespace fenbatch::pipeline::detail
