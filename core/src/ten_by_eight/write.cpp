// Canonical output of 10x8 records and positions (TENBYEIGHT.md, "Canonical output"): core's
// writer (core/src/write.cpp) on ten files: only the placement is this board's own, the rest
// is core/src/write_tail.hpp. A canonical placement is copied from the line; any other is
// re-encoded from the board, counts merged and "10" for an empty rank.

#include "fenbatch/core/ten_by_eight/write.hpp"

#include <array>
#include <cstring>

#include "../write_placement.hpp"
#include "../write_tail.hpp"
#include "en_passant.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

using core::detail::ten_by_eight_board;

constexpr core::detail::piece_letters<ten_by_eight_board> piece_chars{
    {{'P', 'N', 'B', 'R', 'Q', 'K', 'A', 'C'}, {'p', 'n', 'b', 'r', 'q', 'k', 'a', 'c'}}};

// For a position alone, what validate() records for a record of it.
square written_ep(const position& pos, ep_policy policy) noexcept {
  if (pos.ep_square == no_square || policy == ep_policy::always) return pos.ep_square;
  const bitboard capturers = detail::ep_capturers(pos);
  if (capturers == 0) return no_square;
  if (policy == ep_policy::pseudo) return pos.ep_square;
  return detail::has_legal_ep_capture(pos, capturers) ? pos.ep_square : no_square;
}

// Whether write_record would write the line itself (as on 8x8, core/src/write.cpp): a plain
// tail (the decoder's fast path), a placement copied, nothing repaired or renormalized, the
// ep square written as read, K/Q meaning the same in the chosen notation, the line's form.
bool copies_line(const record& rec, const write_options& options) noexcept {
  const bool renormalized =
      rec.has(record_note::fullmove_zero) || rec.has(record_note::whitespace_normalized);
  const bool same_form = options.format == output_format::keep ||
                         (options.format == output_format::fen) != rec.has(record_note::epd_form);
  const bool same_castling =
      options.castling == castling_notation::xfen || rec.pos.castling_rooks == 0;
  return rec.plain_tail && rec.repairs == 0 && !renormalized && rec.placement_length != 0 &&
         same_form && same_castling &&
         core::detail::written_ep<ten_by_eight_board>(rec, options.ep) == rec.pos.ep_square;
}

}  // namespace

std::size_t write_record(const record& rec, std::string_view line, const write_options& options,
                         char* out) noexcept {
  if (copies_line(rec, options)) {
    std::memcpy(out, line.data(), line.size());
    return line.size();
  }
  // A placement already canonical is copied (as on 8x8), else re-encoded from the board.
  char* o = out;
  if (rec.placement_length != 0) {
    std::memcpy(o, line.data() + rec.placement_column - 1, rec.placement_length);
    o += rec.placement_length;
  } else {
    o = core::detail::write_placement<ten_by_eight_board>(rec.pos, piece_chars, o);
  }
  o = core::detail::write_record_tail<ten_by_eight_board>(rec, line, options, o);
  return static_cast<std::size_t>(o - out);
}

std::string to_canonical(const record& rec, std::string_view line, const write_options& options) {
  return core::detail::written_text(max_written_size(line.size()), [&](char* out) {
    return write_record(rec, line, options, out);
  });
}

std::size_t write_position(const position& pos, const write_options& options, char* out) noexcept {
  char* o = core::detail::write_placement<ten_by_eight_board>(pos, piece_chars, out);
  o = core::detail::write_position_tail<ten_by_eight_board>(pos, options,
                                                            written_ep(pos, options.ep), o);
  return static_cast<std::size_t>(o - out);
}

std::string to_canonical(const position& pos, const write_options& options) {
  return core::detail::written_text(max_position_size,
                                    [&](char* out) { return write_position(pos, options, out); });
}

}  // namespace fenbatch::core::ten_by_eight
