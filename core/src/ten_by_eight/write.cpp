// Canonical output of 10x8 records and positions (TENBYEIGHT.md, "Canonical output"): core's
// writer (core/src/write.cpp) on ten files. The placement is always re-encoded from the board
// (no copy of the line's text: this is the rare path), counts merged and "10" for an empty
// rank.

#include "fenbatch/core/ten_by_eight/write.hpp"

#include <array>
#include <charconv>
#include <cstring>

#include "../epd_operations.hpp"
#include "en_passant.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

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

// python-chess castling_xfen() widened to ten files: white then black, rook files from j down
// to a; K/Q when no other own rook stands further out on that side of the king on the back
// rank, else the file letter. Shredder notation: the file letter for every right.
char* write_castling(const position& pos, castling_notation notation, char* o) noexcept {
  char* const start = o;
  for (const color c : {color::white, color::black}) {
    bitboard rights = pos.castling_rooks_of(c);
    if (rights == 0) continue;
    const bitboard rooks = pos.pieces(c, piece_type::rook) & rank_bb(back_rank(c));
    const int king_file = file_of(pos.king_square(c));
    const char case_bit = c == color::white ? 0 : 0x20;
    while (rights != 0) {
      const square rook = msb(rights);
      rights ^= square_bb(rook);
      const int file = file_of(rook);
      const bool a_side = file < king_file;
      const bitboard below = square_bb(rook) - 1;
      const bitboard further_out = rooks & (a_side ? below : ~(below | square_bb(rook)));
      char ch = static_cast<char>('A' + file);
      if (notation == castling_notation::xfen && further_out == 0) ch = a_side ? 'Q' : 'K';
      *o++ = static_cast<char>(ch | case_bit);
    }
  }
  if (o == start) *o++ = '-';
  return o;
}

square written_ep(const record& rec, ep_policy policy) noexcept {
  switch (policy) {
    case ep_policy::legal: return rec.legal_ep;
    case ep_policy::pseudo: return rec.pseudo_legal_ep ? rec.pos.ep_square : no_square;
    case ep_policy::always: return rec.pos.ep_square;
  }
  return no_square;
}

// For a position alone, what validate() records for a record of it.
square written_ep(const position& pos, ep_policy policy) noexcept {
  if (pos.ep_square == no_square || policy == ep_policy::always) return pos.ep_square;
  const bitboard capturers = detail::ep_capturers(pos);
  if (capturers == 0) return no_square;
  if (policy == ep_policy::pseudo) return pos.ep_square;
  return detail::has_legal_ep_capture(pos, capturers) ? pos.ep_square : no_square;
}

char* write_number(std::uint32_t value, char* o) noexcept {
  // 10 digits hold any uint32_t; to_chars cannot fail here.
  return std::to_chars(o, o + 10, value).ptr;
}

char* write_side_castling_ep(const position& pos, castling_notation castling, square ep,
                             char* o) noexcept {
  *o++ = ' ';
  *o++ = pos.side_to_move == color::white ? 'w' : 'b';
  *o++ = ' ';
  o = write_castling(pos, castling, o);
  *o++ = ' ';
  if (ep == no_square) {
    *o++ = '-';
  } else {
    *o++ = static_cast<char>('a' + file_of(ep));
    *o++ = static_cast<char>('1' + rank_of(ep));
  }
  return o;
}

char* write_counters(const position& pos, char* o) noexcept {
  *o++ = ' ';
  o = write_number(pos.halfmove_clock, o);
  *o++ = ' ';
  return write_number(pos.fullmove_number, o);
}

// Re-emits validated EPD operations as "opcode operand ...;" joined by single spaces.
class operation_writer {
 public:
  explicit operation_writer(char* out) noexcept : o_(out) {}
  fen_status opcode(std::string_view text, std::uint32_t /*column*/) noexcept {
    *o_++ = ' ';
    append(text);
    return {};
  }
  fen_status operand(std::string_view text, std::uint32_t /*column*/) noexcept {
    *o_++ = ' ';
    append(text);
    return {};
  }
  fen_status end_operation(std::uint32_t /*column*/) noexcept {
    *o_++ = ';';
    return {};
  }
  [[nodiscard]] char* end() const noexcept { return o_; }

 private:
  void append(std::string_view text) noexcept {
    std::memcpy(o_, text.data(), text.size());
    o_ += text.size();
  }
  char* o_;
};

}  // namespace

std::size_t write_record(const record& rec, std::string_view line, const write_options& options,
                         char* out) noexcept {
  const position& pos = rec.pos;
  char* o = write_placement(pos, out);
  o = write_side_castling_ep(pos, options.castling, written_ep(rec, options.ep), o);
  const bool as_fen = options.format == output_format::fen ||
                      (options.format == output_format::keep && !rec.has(record_note::epd_form));
  if (as_fen) o = write_counters(pos, o);
  if ((!as_fen || options.format == output_format::keep) &&
      rec.operations_end > rec.operations_begin) {
    operation_writer writer(o);
    const std::string_view ops = rec.operations(line);
    (void)core::detail::scan_operations(line.data(), ops.data(), ops.data() + ops.size(), writer);
    o = writer.end();
  }
  if (rec.payload_end > rec.payload_begin) {
    const std::string_view payload = rec.payload(line);
    *o++ = ' ';
    std::memcpy(o, payload.data(), payload.size());
    o += payload.size();
  }
  return static_cast<std::size_t>(o - out);
}

std::string to_canonical(const record& rec, std::string_view line, const write_options& options) {
  std::string text(max_written_size(line.size()), '\0');
  text.resize(write_record(rec, line, options, text.data()));
  return text;
}

std::size_t write_position(const position& pos, const write_options& options, char* out) noexcept {
  char* o = write_placement(pos, out);
  o = write_side_castling_ep(pos, options.castling, written_ep(pos, options.ep), o);
  if (options.format != output_format::epd) o = write_counters(pos, o);
  return static_cast<std::size_t>(o - out);
}

std::string to_canonical(const position& pos, const write_options& options) {
  std::string text(max_position_size, '\0');
  text.resize(write_position(pos, options, text.data()));
  return text;
}

}  // namespace fenbatch::core::ten_by_eight
