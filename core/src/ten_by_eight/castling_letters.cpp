// The castling field of a 10x8 line resolved to rook squares, with the board known: the
// general resolver shared with 8x8 (../decoder/castling_resolver.hpp) on ten files, letters
// A..J (a..j). No fast path: 10x8 lines are the rare ones.

#include "line_reader.hpp"

namespace fenbatch::core::ten_by_eight::detail {

decoder::castling_problem line_reader::resolve_letters(const char* field_end) noexcept {
  return decoder::resolve_castling_letters<core::detail::ten_by_eight_board>(p_, field_end, begin_,
                                                                             options_.repair, rec_);
}

}  // namespace fenbatch::core::ten_by_eight::detail
