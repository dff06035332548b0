// The general castling resolver, on any board width (the 8x8 decoder's resolve_castling in
// castling.cpp, the 10x8 reader's castling_letters.cpp): reads any letters, says what is wrong
// with the field, and resolves the letters into rook squares with the board known. K and Q name
// the outermost own rook on that side of the king, a file letter the rook on that file. A
// letter whose king or rook is missing, or a second right on one side of the king, is stale:
// its column goes to stale_castling_column (validate() rejects it in strict mode) and repair
// mode drops it here.
#pragma once

#include <array>
#include <cstddef>

#include "../board_traits.hpp"

namespace fenbatch::core::decoder {

// What the general resolver found wrong: the reason and the byte it is at (nullptr: nothing).
struct castling_problem {
  fen_errc reason = fen_errc::ok;
  const char* at = nullptr;
};

namespace castling_detail {

// One castling letter as written, before it is resolved to a rook.
struct castling_letter {
  color side;
  int file_order;  // Q = 0, files a.. = 1..files, K = files + 1: canonical order is descending
  const char* at;
};
using castling_letters_read = std::array<castling_letter, 4>;

// The letters of the field, checked for syntax (at most two per colour, none twice) and order
// (repair mode takes any order and notes the repair in `repairs`).
template <int Files>
castling_problem read_letters(const char* field, const char* field_end, bool repair,
                              castling_letters_read& letters, std::size_t& count,
                              std::uint8_t& repairs) noexcept {
  constexpr char last_file = static_cast<char>('a' + Files - 1);
  std::array<int, 2> per_side{};
  const char* first_out_of_order = nullptr;
  for (const char* q = field; q != field_end; ++q) {
    const char c = *q;
    castling_letter letter{};
    letter.at = q;
    if (c == 'K' || c == 'Q' || (c >= 'A' && c <= last_file - 0x20)) {
      letter.side = color::white;
    } else if (c == 'k' || c == 'q' || (c >= 'a' && c <= last_file)) {
      letter.side = color::black;
    } else {
      return {fen_errc::castling_syntax, q};
    }
    const char lower = static_cast<char>(c | 0x20);
    letter.file_order = lower == 'q' ? 0 : lower == 'k' ? Files + 1 : lower - 'a' + 1;
    if (++per_side[static_cast<std::size_t>(letter.side)] > 2) {
      return {fen_errc::castling_syntax, q};
    }
    for (std::size_t i = 0; i < count; ++i) {
      if (letters[i].side == letter.side && letters[i].file_order == letter.file_order) {
        return {fen_errc::castling_syntax, q};  // the same letter twice
      }
    }
    if (count > 0 && first_out_of_order == nullptr) {
      const castling_letter& prev = letters[count - 1];
      const bool in_order = prev.side < letter.side ||
                            (prev.side == letter.side && prev.file_order > letter.file_order);
      if (!in_order) first_out_of_order = q;
    }
    letters[count++] = letter;
  }
  if (first_out_of_order != nullptr) {
    if (!repair) return {fen_errc::castling_order, first_out_of_order};
    repairs |= repair_bit(repair_kind::castling_order);
  }
  return {};
}

// Resolves one colour's letters into rook squares on its back rank: adds the rights kept to
// `kept`, marks the stale letters, or names the second letter that resolves to a rook already
// named (K and H, or K and J, naming the same rook).
template <class Board>
castling_problem resolve_side(const castling_letters_read& letters, std::size_t count, color side,
                              const typename Board::position& pos, typename Board::bitboard& kept,
                              const char*& stale) noexcept {
  using bitboard = typename Board::bitboard;
  using square = typename Board::square;
  const auto mark_stale = [&stale](const char* at) {
    if (stale == nullptr || at < stale) stale = at;
  };
  const bitboard back = Board::rank_bb(back_rank(side));
  const bitboard rooks = pos.pieces(side, Board::piece_type::rook) & back;
  const bitboard kings = pos.pieces(side, Board::piece_type::king) & back;
  bitboard resolved = 0;
  std::array<const char*, 4> resolved_at{};  // the letter of each resolved rook, in order
  std::array<square, 4> resolved_square{};
  std::size_t resolved_count = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const castling_letter& letter = letters[i];
    if (letter.side != side) continue;
    if (kings == 0) {
      mark_stale(letter.at);
      continue;
    }
    const bitboard king = square_bb(Board::lsb(kings));
    const bitboard far_side_of_king = back & ~((king << 1) - 1);
    const bitboard a_side_of_king = back & (king - 1);
    square rook = Board::no_square;
    if (letter.file_order == Board::files + 1) {
      if ((rooks & far_side_of_king) != 0) rook = Board::msb(rooks & far_side_of_king);
    } else if (letter.file_order == 0) {
      if ((rooks & a_side_of_king) != 0) rook = Board::lsb(rooks & a_side_of_king);
    } else {
      const square named = Board::make_square(letter.file_order - 1, back_rank(side));
      if ((rooks & square_bb(named)) != 0) rook = named;
    }
    if (rook == Board::no_square) {
      mark_stale(letter.at);
      continue;
    }
    if ((resolved & square_bb(rook)) != 0) return {fen_errc::castling_syntax, letter.at};
    resolved |= square_bb(rook);
    resolved_at[resolved_count] = letter.at;
    resolved_square[resolved_count] = rook;
    ++resolved_count;
  }
  // One right per side of the king: the outermost rook on each side (python-chess
  // clean_castling_rights); any other resolved right is stale.
  if (resolved != 0) {
    const square king = Board::lsb(kings);
    const square a_side = Board::lsb(resolved);
    const square far_side = Board::msb(resolved);
    bitboard side_kept = 0;
    if (to_index(a_side) < to_index(king)) side_kept |= square_bb(a_side);
    if (to_index(far_side) > to_index(king)) side_kept |= square_bb(far_side);
    for (std::size_t i = 0; i < resolved_count; ++i) {
      if ((side_kept & square_bb(resolved_square[i])) == 0) mark_stale(resolved_at[i]);
    }
    kept |= side_kept;
  }
  return {};
}

}  // namespace castling_detail

// Any field but "-": letters in any order (strict mode rejects a wrong order, repair mode
// reorders), resolved into rec.pos.castling_rooks; a stale letter's column (the line begins at
// line_begin) goes to rec.stale_castling_column, and repair mode notes its repairs in rec.
template <class Board>
castling_problem resolve_castling_letters(const char* field, const char* field_end,
                                          const char* line_begin, bool repair,
                                          typename Board::record& rec) noexcept {
  castling_detail::castling_letters_read letters{};
  std::size_t count = 0;
  if (const castling_problem problem = castling_detail::read_letters<Board::files>(
          field, field_end, repair, letters, count, rec.repairs);
      problem.at != nullptr) {
    return problem;
  }
  const char* stale = nullptr;  // the first letter (in field order) that names no right
  for (const color side : {color::white, color::black}) {
    if (const castling_problem problem = castling_detail::resolve_side<Board>(
            letters, count, side, rec.pos, rec.pos.castling_rooks, stale);
        problem.at != nullptr) {
      return problem;
    }
  }
  if (stale != nullptr) {
    rec.stale_castling_column = static_cast<std::uint32_t>(stale - line_begin + 1);
    if (repair) rec.repairs |= repair_bit(repair_kind::castling_dropped);
  }
  return {};
}

}  // namespace fenbatch::core::decoder
