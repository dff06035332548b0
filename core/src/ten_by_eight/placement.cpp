// The placement field of a 10x8 line: ten squares a rank, counts "1".."9" and "10".

#include <array>
#include <string_view>

#include "line_reader.hpp"

namespace fenbatch::core::ten_by_eight::detail {
namespace {

using core::detail::is_blank;

// Placement byte classes: 1..16 a piece (colour * 8 + type + 1), digit_flag | n the digit n
// (0..9), slash, 0 anything else.
constexpr std::uint8_t digit_flag = 0x20;
constexpr std::uint8_t slash = 0x40;

constexpr auto make_placement_table() {
  std::array<std::uint8_t, 256> t{};
  constexpr std::string_view pieces = "PNBRQKACpnbrqkac";  // piece_type order, white then black
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    t[static_cast<std::uint8_t>(pieces[i])] = static_cast<std::uint8_t>(i + 1);
  }
  for (int d = 0; d <= 9; ++d)
    t[static_cast<std::size_t>('0' + d)] = static_cast<std::uint8_t>(digit_flag | d);
  t['/'] = slash;
  return t;
}
constexpr auto placement_table = make_placement_table();

}  // namespace

fen_status line_reader::placement() noexcept {
  position& pos = rec_.pos;
  int rank = 7;
  int file = 0;
  bool previous_was_count = false;
  while (p_ != end_ && !is_blank(*p_)) {
    const std::uint8_t code = placement_table[static_cast<std::uint8_t>(*p_)];
    if (code != 0 && code <= 16) {
      if (file >= file_count) return fail(p_, fen_errc::rank_width);
      const auto kind = static_cast<unsigned>(code - 1);
      pos.put({static_cast<color>(kind / 8), static_cast<piece_type>(kind % 8)},
              make_square(file, rank));
      ++file;
      previous_was_count = false;
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
      if (previous_was_count) {
        if (!options_.repair) return fail(token, fen_errc::rank_syntax);
        rec_.repairs |= repair_bit(repair_kind::digit_run);
      }
      file += count;
      if (file > file_count) return fail(token, fen_errc::rank_width);
      previous_was_count = true;
    } else if (code == slash) {
      if (file != file_count) return fail(p_, fen_errc::rank_width);
      if (rank == 0) return fail(p_, fen_errc::rank_count);
      --rank;
      file = 0;
      previous_was_count = false;
      ++p_;
    } else {
      switch (*p_) {
        case '[':
        case ']':
        case '~':
        case '+': return fail(p_, fen_errc::variant_syntax);
        default: return fail(p_, fen_errc::bad_piece_char);
      }
    }
  }
  if (file != file_count) return fail(p_, fen_errc::rank_width);
  if (rank != 0) return fail(p_, fen_errc::rank_count);
  return {};
}

}  // namespace fenbatch::core::ten_by_eight::detail
