// The castling field of a 10x8 line resolved to rook squares, with the board known: first the
// common spelling (outermost_rights), else the general resolver shared with 8x8
// (../decoder/castling_resolver.hpp) on ten files, letters A..J (a..j).

#include "line_reader.hpp"

namespace fenbatch::core::ten_by_eight::detail {

// The general resolver cost about 160 instructions a line (callgrind); nearly every line is
// spelled as outermost_rights takes it.
bool outermost_rights(const char* field, const char* field_end, position& pos) noexcept {
  if (field_end - field > 4) return false;
  std::size_t next = 0;  // letters of "KQkq" before it are used up
  bitboard rights = 0;
  for (const char* q = field; q != field_end; ++q) {
    const char c = *q;
    const std::size_t at = c == 'K' ? 0 : c == 'Q' ? 1 : c == 'k' ? 2 : c == 'q' ? 3 : 4;
    if (at < next || at == 4) return false;
    next = at + 1;
    const color side = at < 2 ? color::white : color::black;
    const bitboard back = rank_bb(core::back_rank(side));
    const bitboard kings = pos.pieces(side, piece_type::king) & back;
    if (kings == 0) return false;
    const bitboard king = square_bb(lsb(kings));
    const bitboard rooks = pos.pieces(side, piece_type::rook) & back;
    const bool king_side = at % 2 == 0;
    const bitboard candidates = rooks & (king_side ? ~((king << 1) - 1) : king - 1);
    if (candidates == 0) return false;
    rights |= square_bb(king_side ? msb(candidates) : lsb(candidates));
  }
  pos.castling_rooks |= rights;
  return true;
}

decoder::castling_problem line_reader::resolve_letters(const char* field_end) noexcept {
  if (fast_paths_ && outermost_rights(p_, field_end, rec_.pos)) return {};
  return decoder::resolve_castling_letters<core::detail::ten_by_eight_board>(p_, field_end, begin_,
                                                                             options_.repair, rec_);
}

}  // namespace fenbatch::core::ten_by_eight::detail
