#include "fenbatch/core/write.hpp"

#include <array>
#include <cstring>

#include "fenbatch/core/attacks.hpp"
#include "fenbatch/core/movegen.hpp"
#include "write_placement.hpp"
#include "write_tail.hpp"

namespace fenbatch::core {
namespace {

// Internal linkage for every write_tail.hpp instantiation (see there): inlined as before.
struct eight_by_eight : detail::eight_by_eight_board {};

constexpr detail::piece_letters<eight_by_eight> piece_chars{
    {{'P', 'N', 'B', 'R', 'Q', 'K'}, {'p', 'n', 'b', 'r', 'q', 'k'}}};

// For a position alone, what validate() records: a legal capture is a legal move, found the
// way the move generator finds it (rare enough off the hot path to generate them all).
square written_ep(const position& pos, ep_policy policy) noexcept {
  if (pos.ep_square == no_square || policy == ep_policy::always) return pos.ep_square;
  const color us = pos.side_to_move;
  if ((pos.pieces(us, piece_type::pawn) & pawn_attacks(~us, pos.ep_square)) == 0) return no_square;
  if (policy == ep_policy::pseudo) return pos.ep_square;
  move_list legal;
  generate_legal_moves(pos, legal);
  for (const move m : legal) {
    if (m.kind() == move_kind::en_passant) return pos.ep_square;
  }
  return no_square;
}

// The line is already what write_record would write: copy it. Needs the decoder's plain tail,
// nothing repaired or renormalized, the same ep square written as read, K/Q letters meaning
// the same in the chosen notation, and the line's own format.
bool line_is_canonical(const record& rec, const write_options& options) noexcept {
  constexpr auto renormalized =
      static_cast<std::uint8_t>(static_cast<unsigned>(record_note::fullmove_zero) |
                                static_cast<unsigned>(record_note::whitespace_normalized));
  return rec.plain_tail && rec.repairs == 0 && (rec.notes & renormalized) == 0 &&
         rec.placement_length != 0 &&
         detail::written_ep<eight_by_eight>(rec, options.ep) == rec.pos.ep_square &&
         (options.castling == castling_notation::xfen || rec.pos.castling_rooks == 0) &&
         ((options.format == output_format::fen) != rec.has(record_note::epd_form) ||
          options.format == output_format::keep);
}

// The record written field by field (its placement still copied where it can be): whatever
// line_is_canonical declines. Out of line, so that the copy needs no registers saved.
[[gnu::noinline]] std::size_t write_fields(const record& rec, std::string_view line,
                                           const write_options& options, char* out) noexcept {
  const position& pos = rec.pos;
  char* o = out;
  if (rec.placement_length != 0 && !rec.repaired(repair_kind::digit_run)) {
    std::memcpy(o, line.data() + rec.placement_column - 1, rec.placement_length);
    o += rec.placement_length;
  } else {
    o = detail::write_placement<eight_by_eight>(pos, piece_chars, o);
  }
  o = detail::write_record_tail<eight_by_eight>(rec, line, options, o);
  return static_cast<std::size_t>(o - out);
}

}  // namespace

std::size_t write_record(const record& rec, std::string_view line, const write_options& options,
                         char* out) noexcept {
  if (line_is_canonical(rec, options)) {
    std::memcpy(out, line.data(), line.size());
    return line.size();
  }
  return write_fields(rec, line, options, out);
}

std::string to_canonical(const record& rec, std::string_view line, const write_options& options) {
  return detail::written_text(max_written_size(line.size()),
                              [&](char* out) { return write_record(rec, line, options, out); });
}

std::size_t write_position(const position& pos, const write_options& options, char* out) noexcept {
  char* o = detail::write_placement<eight_by_eight>(pos, piece_chars, out);
  o = detail::write_position_tail<eight_by_eight>(pos, options, written_ep(pos, options.ep), o);
  return static_cast<std::size_t>(o - out);
}

std::string to_canonical(const position& pos, const write_options& options) {
  return detail::written_text(max_position_size,
                              [&](char* out) { return write_position(pos, options, out); });
}

}  // namespace fenbatch::core
