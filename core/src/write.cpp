#include "fenbatch/core/write.hpp"

#include <array>
#include <charconv>
#include <cstring>

#include "epd_operations.hpp"
#include "fenbatch/core/attacks.hpp"
#include "fenbatch/core/movegen.hpp"

namespace fenbatch::core {
namespace {

constexpr std::array<std::array<char, piece_type_count>, color_count> piece_chars{
    {{'P', 'N', 'B', 'R', 'Q', 'K'}, {'p', 'n', 'b', 'r', 'q', 'k'}}};

char* write_placement(const position& pos, char* o) noexcept {
  std::array<char, 64> board{};
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
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char ch = board[static_cast<std::size_t>(rank * 8 + file)];
      if (ch == 0) {
        ++empty;
        continue;
      }
      if (empty != 0) *o++ = static_cast<char>('0' + empty);
      empty = 0;
      *o++ = ch;
    }
    if (empty != 0) *o++ = static_cast<char>('0' + empty);
    if (rank != 0) *o++ = '/';
  }
  return o;
}

// python-chess castling_xfen(): white then black, rook files from h down to a; K/Q when the
// rook is the outermost rook of its colour on that side of the king, else the file letter.
char* write_castling(const position& pos, castling_notation notation, char* o) noexcept {
  char* const start = o;
  for (const color c : {color::white, color::black}) {
    bitboard rights = pos.castling_rooks_of(c);
    if (rights == 0) continue;
    const bitboard back = rank_bb(back_rank(c));
    const bitboard rooks = pos.pieces(c, piece_type::rook) & back;
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

char* write_number(std::uint32_t value, char* o) noexcept {
  // 10 digits hold any uint32_t; to_chars cannot fail here.
  return std::to_chars(o, o + 10, value).ptr;
}

// The fields between the placement and the counters: " side castling ep". Shared by both
// writers; inline so that write_record, on the hot path, keeps it in its own body.
inline char* write_side_castling_ep(const position& pos, castling_notation castling, square ep,
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

inline char* write_counters(const position& pos, char* o) noexcept {
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

// The line is already what write_record would write: copy it. Needs the decoder's plain tail,
// nothing repaired or renormalized, the same ep square written as read, K/Q letters meaning
// the same in the chosen notation, and the line's own format.
bool line_is_canonical(const record& rec, const write_options& options) noexcept {
  constexpr auto renormalized =
      static_cast<std::uint8_t>(static_cast<unsigned>(record_note::fullmove_zero) |
                                static_cast<unsigned>(record_note::whitespace_normalized));
  return rec.plain_tail && rec.repairs == 0 && (rec.notes & renormalized) == 0 &&
         rec.placement_length != 0 && written_ep(rec, options.ep) == rec.pos.ep_square &&
         (options.castling == castling_notation::xfen || rec.pos.castling_rooks == 0) &&
         ((options.format == output_format::fen) != rec.has(record_note::epd_form) ||
          options.format == output_format::keep);
}

}  // namespace

std::size_t write_record(const record& rec, std::string_view line, const write_options& options,
                         char* out) noexcept {
  if (line_is_canonical(rec, options)) {
    std::memcpy(out, line.data(), line.size());
    return line.size();
  }
  const position& pos = rec.pos;
  char* o = out;
  if (rec.placement_length != 0 && !rec.repaired(repair_kind::digit_run)) {
    std::memcpy(o, line.data() + rec.placement_column - 1, rec.placement_length);
    o += rec.placement_length;
  } else {
    o = write_placement(pos, o);
  }
  o = write_side_castling_ep(pos, options.castling, written_ep(rec, options.ep), o);
  const bool as_fen = options.format == output_format::fen ||
                      (options.format == output_format::keep && !rec.has(record_note::epd_form));
  if (as_fen) o = write_counters(pos, o);
  if ((!as_fen || options.format == output_format::keep) &&
      rec.operations_end > rec.operations_begin) {
    operation_writer writer(o);
    const std::string_view ops = rec.operations(line);
    (void)detail::scan_operations(line.data(), ops.data(), ops.data() + ops.size(), writer);
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

}  // namespace fenbatch::core
