// The castling field of a 10x8 line resolved to rook squares, with the board known: the 8x8
// general resolver (core/src/decoder/castling.cpp, resolve_castling) on ten files. K and Q name
// the outermost own rook on that side of the king, A..J (a..j) the rook on that file. A letter
// whose king or rook is missing, or a second right on one side of the king, is stale: its
// column goes to stale_castling_column (validate() rejects it in strict mode) and repair mode
// drops it here.

#include <array>

#include "line_reader.hpp"

namespace fenbatch::core::ten_by_eight::detail {
namespace {

// The canonical order is descending: K = 11, files j..a = 10..1, Q = 0.
constexpr int king_side_order = file_count + 1;

struct castling_letter {
  color side;
  int file_order;
  const char* at;
};

// What is wrong with the field: the reason and the byte it is at (nullptr: nothing).
struct castling_problem {
  fen_errc reason = fen_errc::ok;
  const char* at = nullptr;
};

// The letters of the field, checked for syntax and order (repair mode takes any order).
castling_problem read_letters(const char* field, const char* field_end, bool repair,
                              std::array<castling_letter, 4>& letters, std::size_t& count,
                              record& rec) noexcept {
  std::array<int, 2> per_side{};
  const char* first_out_of_order = nullptr;
  for (const char* q = field; q != field_end; ++q) {
    const char c = *q;
    castling_letter letter{};
    letter.at = q;
    if (c == 'K' || c == 'Q' || (c >= 'A' && c <= 'J')) {
      letter.side = color::white;
    } else if (c == 'k' || c == 'q' || (c >= 'a' && c <= 'j')) {
      letter.side = color::black;
    } else {
      return {fen_errc::castling_syntax, q};
    }
    const char lower = static_cast<char>(c | 0x20);
    letter.file_order = lower == 'q' ? 0 : lower == 'k' ? king_side_order : lower - 'a' + 1;
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
    rec.repairs |= repair_bit(repair_kind::castling_order);
  }
  return {};
}

// Resolves one colour's letters into rook squares on its back rank; returns the rights kept,
// marks the stale letters, or names the second letter that resolves to a rook already named.
castling_problem resolve_side(const std::array<castling_letter, 4>& letters, std::size_t count,
                              color side, const position& pos, bitboard& kept,
                              const char*& stale) noexcept {
  const auto mark_stale = [&stale](const char* at) {
    if (stale == nullptr || at < stale) stale = at;
  };
  const bitboard back = rank_bb(back_rank(side));
  const bitboard rooks = pos.pieces(side, piece_type::rook) & back;
  const bitboard kings = pos.pieces(side, piece_type::king) & back;
  bitboard resolved = 0;
  std::array<const char*, 4> resolved_at{};
  std::array<square, 4> resolved_square{};
  std::size_t resolved_count = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const castling_letter& letter = letters[i];
    if (letter.side != side) continue;
    if (kings == 0) {
      mark_stale(letter.at);
      continue;
    }
    const bitboard king = square_bb(lsb(kings));
    const bitboard j_side_of_king = back & ~((king << 1) - 1);
    const bitboard a_side_of_king = back & (king - 1);
    square rook = no_square;
    if (letter.file_order == king_side_order) {
      if ((rooks & j_side_of_king) != 0) rook = msb(rooks & j_side_of_king);
    } else if (letter.file_order == 0) {
      if ((rooks & a_side_of_king) != 0) rook = lsb(rooks & a_side_of_king);
    } else {
      const square named = make_square(letter.file_order - 1, back_rank(side));
      if ((rooks & square_bb(named)) != 0) rook = named;
    }
    if (rook == no_square) {
      mark_stale(letter.at);
      continue;
    }
    if ((resolved & square_bb(rook)) != 0) {
      return {fen_errc::castling_syntax, letter.at};  // K and J naming the same rook
    }
    resolved |= square_bb(rook);
    resolved_at[resolved_count] = letter.at;
    resolved_square[resolved_count] = rook;
    ++resolved_count;
  }
  // One right per side of the king: the outermost rook on each side (python-chess
  // clean_castling_rights); any other resolved right is stale.
  if (resolved != 0) {
    const square king = lsb(kings);
    const square a_side = lsb(resolved);
    const square j_side = msb(resolved);
    bitboard side_kept = 0;
    if (to_index(a_side) < to_index(king)) side_kept |= square_bb(a_side);
    if (to_index(j_side) > to_index(king)) side_kept |= square_bb(j_side);
    for (std::size_t i = 0; i < resolved_count; ++i) {
      if ((side_kept & square_bb(resolved_square[i])) == 0) mark_stale(resolved_at[i]);
    }
    kept |= side_kept;
  }
  return {};
}

}  // namespace

fen_status line_reader::castling() noexcept {
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char* const field_end = token_end(p_);
  if (*p_ == '-') {
    if (field_end - p_ != 1) return fail(p_ + 1, fen_errc::castling_syntax);
    p_ = field_end;
    return {};
  }
  std::array<castling_letter, 4> letters{};
  std::size_t count = 0;
  if (const castling_problem problem =
          read_letters(p_, field_end, options_.repair, letters, count, rec_);
      problem.at != nullptr) {
    return fail(problem.at, problem.reason);
  }
  const char* stale = nullptr;  // the first letter (in field order) that names no right
  bitboard rights = 0;
  for (const color side : {color::white, color::black}) {
    if (const castling_problem problem =
            resolve_side(letters, count, side, rec_.pos, rights, stale);
        problem.at != nullptr) {
      return fail(problem.at, problem.reason);
    }
  }
  rec_.pos.castling_rooks = rights;
  if (stale != nullptr) {
    rec_.stale_castling_column = column(stale);
    if (options_.repair) rec_.repairs |= repair_bit(repair_kind::castling_dropped);
  }
  p_ = field_end;
  return {};
}

}  // namespace fenbatch::core::ten_by_eight::detail
