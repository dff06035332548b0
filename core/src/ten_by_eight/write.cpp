// Canonical output of 10x8 records and positions (TENBYEIGHT.md, "Canonical output"): core's
// writer (core/src/write.cpp) on ten files: only the placement is this board's own, the rest
// is core/src/write_tail.hpp. The placement is always re-encoded from the board
// (no copy of the line's text: this is the rare path), counts merged and "10" for an empty
// rank.

#include "fenbatch/core/ten_by_eight/write.hpp"

#include <array>

#include "../write_tail.hpp"
#include "en_passant.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

using core::detail::ten_by_eight_board;

constexpr std::array<std::array<char, piece_type_count>, color_count> piece_chars{
    {{'P', 'N', 'B', 'R', 'Q', 'K', 'A', 'C'}, {'p', 'n', 'b', 'r', 'q', 'k', 'a', 'c'}}};

char* write_count(int empty, char* o) noexcept {
  if (empty == 10) {
    *o++ = '1';
    *o++ = '0';
  } else {
    *o++ = static_cast<char>('0' + empty);
  }
  return o;
}

char* write_placement(const position& pos, char* o) noexcept {
  std::array<char, square_count> board{};
  for (int c = 0; c < color_count; ++c) {
    for (int t = 0; t < piece_type_count; ++t) {
      bitboard b =
          pos.by_color[static_cast<std::size_t>(c)] & pos.by_type[static_cast<std::size_t>(t)];
      while (b != 0) {
        board[static_cast<std::size_t>(to_index(pop_lsb(b)))] =
            piece_chars[static_cast<std::size_t>(c)][static_cast<std::size_t>(t)];
      }
    }
  }
  for (int rank = rank_count - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < file_count; ++file) {
      const char ch = board[static_cast<std::size_t>(to_index(make_square(file, rank)))];
      if (ch == 0) {
        ++empty;
        continue;
      }
      if (empty != 0) o = write_count(empty, o);
      empty = 0;
      *o++ = ch;
    }
    if (empty != 0) o = write_count(empty, o);
    if (rank != 0) *o++ = '/';
  }
  return o;
}

// For a position alone, what validate() records for a record of it.
square written_ep(const position& pos, ep_policy policy) noexcept {
  if (pos.ep_square == no_square || policy == ep_policy::always) return pos.ep_square;
  const bitboard capturers = detail::ep_capturers(pos);
  if (capturers == 0) return no_square;
  if (policy == ep_policy::pseudo) return pos.ep_square;
  return detail::has_legal_ep_capture(pos, capturers) ? pos.ep_square : no_square;
}

}  // namespace

std::size_t write_record(const record& rec, std::string_view line, const write_options& options,
                         char* out) noexcept {
  char* o = write_placement(rec.pos, out);
  o = core::detail::write_record_tail<ten_by_eight_board>(rec, line, options, o);
  return static_cast<std::size_t>(o - out);
}

std::string to_canonical(const record& rec, std::string_view line, const write_options& options) {
  std::string text(max_written_size(line.size()), '\0');
  text.resize(write_record(rec, line, options, text.data()));
  return text;
}

std::size_t write_position(const position& pos, const write_options& options, char* out) noexcept {
  char* o = write_placement(pos, out);
  o = core::detail::write_position_tail<ten_by_eight_board>(pos, options,
                                                            written_ep(pos, options.ep), o);
  return static_cast<std::size_t>(o - out);
}

std::string to_canonical(const position& pos, const write_options& options) {
  std::string text(max_position_size, '\0');
  text.resize(write_position(pos, options, text.data()));
  return text;
}

}  // namespace fenbatch::core::ten_by_eight
