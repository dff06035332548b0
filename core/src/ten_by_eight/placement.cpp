// The placement field of a 10x8 line: ten squares a rank, counts "1".."9" and "10". The table,
// the rank walk and the unknown-byte reasons are shared with 8x8 (../decoder/placement_walk.hpp).

#include "../decoder/placement_walk.hpp"
#include "line_reader.hpp"

namespace fenbatch::core::ten_by_eight::detail {
namespace {

using core::detail::is_blank;

// Placement byte classes: 1..16 a piece (colour * 8 + type + 1: piece_type order, white then
// black), digit_flag | n the digit n (0..9), slash, 0 anything else.
constexpr std::uint8_t digit_flag = 0x20;
constexpr std::uint8_t slash = 0x40;

constexpr auto placement_table =
    decoder::make_placement_table("PNBRQKACpnbrqkac", 0, 9, digit_flag, slash);

// One load instead of a 128-bit shift per piece (the shift is the bulk of a naive reader).
constexpr auto square_bits = [] {
  std::array<bitboard, square_count> t{};
  for (int s = 0; s < square_count; ++s) t[static_cast<std::size_t>(s)] = square_bb(square_at(s));
  return t;
}();

}  // namespace

fen_status line_reader::placement() noexcept {
  position& pos = rec_.pos;
  decoder::rank_walk<file_count> at;
  while (p_ != end_ && !is_blank(*p_)) {
    const std::uint8_t code = placement_table[static_cast<std::uint8_t>(*p_)];
    if (code != 0 && code <= 16) {
      if (at.file >= file_count) return fail(p_, fen_errc::rank_width);
      const auto kind = static_cast<unsigned>(code - 1);
      const bitboard b = square_bits[static_cast<std::size_t>(at.rank * file_count + at.file)];
      pos.by_color[kind / 8] |= b;
      pos.by_type[kind % 8] |= b;
      ++at.file;
      at.previous_was_count = false;
      ++p_;
    } else if ((code & digit_flag) != 0) {
      // One count token: "10", or one digit 1..9. A '0' that does not end a "10" counts
      // nothing: no repair can give it a meaning.
      int count = code & 0x0F;
      const char* const token = p_;
      if (count == 0) return fail(p_, fen_errc::rank_syntax);
      if (count == 1 && end_ - p_ > 1 && p_[1] == '0') {
        count = 10;
        ++p_;
      }
      ++p_;
      if (at.previous_was_count) {
        if (!options_.repair) return fail(token, fen_errc::rank_syntax);
        rec_.repairs |= repair_bit(repair_kind::digit_run);
      }
      at.file += count;
      if (at.file > file_count) return fail(token, fen_errc::rank_width);
      at.previous_was_count = true;
    } else if (code == slash) {
      if (const fen_errc e = at.next_rank(); e != fen_errc::ok) return fail(p_, e);
      ++p_;
    } else {
      return fail(p_, decoder::unknown_placement_byte(*p_));
    }
  }
  if (const fen_errc e = at.end(); e != fen_errc::ok) return fail(p_, e);
  return {};
}

}  // namespace fenbatch::core::ten_by_eight::detail
