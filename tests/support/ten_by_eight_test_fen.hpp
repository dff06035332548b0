// A tiny 10x8 FEN reader for move-generation tests and benchmarks, independent of the
// production decoder: placement, side, castling (K/Q = outermost rook on that side of the king,
// a file letter = the rook on that file), ep square. No validation: callers give good FENs.
#pragma once

#include <cctype>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "fenbatch/core/ten_by_eight/position.hpp"

namespace fenbatch::test {

inline std::optional<core::ten_by_eight::position> read_ten_by_eight_fen(std::string_view fen) {
  namespace t = core::ten_by_eight;
  std::istringstream in{std::string(fen)};
  std::string placement, side, castling, ep;
  if (!(in >> placement >> side >> castling >> ep)) return std::nullopt;
  t::position pos;
  int rank = 7;
  int file = 0;
  for (std::size_t i = 0; i < placement.size(); ++i) {
    const char c = placement[i];
    if (c == '/') {
      if (file != t::file_count) return std::nullopt;
      --rank;
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
      int run = c - '0';
      if (c == '1' && i + 1 < placement.size() && placement[i + 1] == '0') {
        run = 10;
        ++i;
      }
      file += run;
    } else {
      const std::string_view letters = "pnbrqkac";
      const std::size_t type =
          letters.find(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
      if (type == std::string_view::npos || file >= t::file_count) return std::nullopt;
      const core::color colour = std::isupper(static_cast<unsigned char>(c)) != 0
                                     ? core::color::white
                                     : core::color::black;
      pos.put({colour, static_cast<t::piece_type>(type)}, t::make_square(file, rank));
      ++file;
    }
  }
  if (rank != 0 || file != t::file_count) return std::nullopt;
  pos.side_to_move = side == "b" ? core::color::black : core::color::white;
  for (const char c : castling) {
    if (c == '-') continue;
    const core::color colour =
        std::isupper(static_cast<unsigned char>(c)) != 0 ? core::color::white : core::color::black;
    const int back = colour == core::color::white ? 0 : 7;
    const t::bitboard rooks = pos.pieces(colour, t::piece_type::rook) & t::rank_bb(back);
    const int king_file = t::file_of(pos.king_square(colour));
    const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    int rook_file = -1;
    if (lower == 'k') {
      for (int f = t::file_count - 1; f > king_file && rook_file < 0; --f) {
        if ((rooks & t::square_bb(t::make_square(f, back))) != 0) rook_file = f;
      }
    } else if (lower == 'q') {
      for (int f = 0; f < king_file && rook_file < 0; ++f) {
        if ((rooks & t::square_bb(t::make_square(f, back))) != 0) rook_file = f;
      }
    } else {
      rook_file = lower - 'a';
    }
    if (rook_file < 0 || rook_file >= t::file_count) return std::nullopt;
    pos.castling_rooks |= t::square_bb(t::make_square(rook_file, back));
  }
  if (ep != "-") pos.ep_square = t::make_square(ep[0] - 'a', ep[1] - '1');
  return pos;
}

}  // namespace fenbatch::test
