// The fields after a 10x8 placement in one pass, for the spelling nearly every line has:
// " w KQkq - 0 1" or " b - e3" (single spaces, castling "-" or outermost_rights' letters, an
// ep square or "-", counters of 1 to 9 digits or none). Anything else returns false having
// changed nothing, and the precise steps (../decoder/record_fields.hpp) read the tail and find
// the reason and column of any problem. What it sets is what they set for such a tail, and
// plain_tail (basic_record.hpp) where the tail is spelled as the writer writes it.
// (callgrind: the field-by-field steps cost about 500 instructions a line.)

#include "../decoder/fast_tail.hpp"
#include "line_reader.hpp"

namespace fenbatch::core::ten_by_eight::detail {
namespace {

const char* find_space(const char* p, const char* end) noexcept {
  while (p != end && *p != ' ') ++p;
  return p;
}

}  // namespace

bool line_reader::fast_tail() noexcept {
  const char* p = p_;
  if (end_ - p < 6 || p[0] != ' ' || p[2] != ' ' || (p[1] != 'w' && p[1] != 'b')) return false;
  const char* const side_at = p + 1;
  const char* const castling_at = p + 3;
  const char* const castling_end = find_space(castling_at, end_);
  if (castling_end == castling_at || end_ - castling_end < 2) return false;
  const char* const ep_at = castling_end + 1;
  square ep = no_square;
  const char* after_ep = ep_at + 1;
  if (*ep_at != '-') {
    if (*ep_at < 'a' || *ep_at >= 'a' + file_count || end_ - ep_at < 2 ||
        (ep_at[1] != '3' && ep_at[1] != '6')) {
      return false;
    }
    ep = make_square(*ep_at - 'a', ep_at[1] - '1');
    ++after_ep;
  }
  std::uint32_t halfmove = 0;
  std::uint32_t fullmove = 1;
  bool plain = true;
  const bool epd_form = after_ep == end_;
  if (!epd_form) {
    if (*after_ep != ' ') return false;
    const char* const halfmove_end = find_space(after_ep + 1, end_);
    if (halfmove_end == end_ || !decoder::read_short_number(after_ep + 1, halfmove_end, halfmove) ||
        !decoder::read_short_number(halfmove_end + 1, end_, fullmove)) {
      return false;
    }
    // The writer copies a line whose tail is spelled as it would write it (plain_tail).
    const auto leading_zero = [](const char* digits, const char* stop) {
      return stop - digits > 1 && *digits == '0';
    };
    plain = !leading_zero(after_ep + 1, halfmove_end) && !leading_zero(halfmove_end + 1, end_);
  }
  position& pos = rec_.pos;
  const bool no_castling = castling_end - castling_at == 1 && *castling_at == '-';
  if (!no_castling && !outermost_rights(castling_at, castling_end, pos)) return false;
  rec_.side_column = column(side_at);
  pos.side_to_move = *side_at == 'w' ? color::white : color::black;
  rec_.ep_column = column(ep_at);
  pos.ep_square = ep;
  if (epd_form) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::epd_form);
  } else {
    pos.halfmove_clock = halfmove;
    if (fullmove == 0) {
      fullmove = 1;
      rec_.notes |= static_cast<std::uint8_t>(record_note::fullmove_zero);
    }
    pos.fullmove_number = fullmove;
  }
  rec_.plain_tail = plain;
  p_ = end_;
  return true;
}

}  // namespace fenbatch::core::ten_by_eight::detail
