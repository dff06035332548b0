// The canonical line after the placement, for either board (write.cpp, ten_by_eight/write.cpp):
// " side castling ep", then the counters, the EPD operations and the payload as the output
// format says. Board is detail::eight_by_eight_board or ten_by_eight_board (board_traits.hpp);
// write.cpp passes a type of its own derived from it, in an anonymous namespace, so that the
// instantiations have internal linkage and GCC inlines them into the 8x8 hot path (write_record)
// exactly as it did the file's own static functions before they were shared.
#pragma once

#include <charconv>
#include <cstring>
#include <string>
#include <string_view>

#include "board_traits.hpp"
#include "epd_operations.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::core::detail {

// One colour's rights as python-chess castling_xfen() writes them, on any width: rook files
// from the last file down to a; K/Q when no other own rook stands further out on that side of
// the king on the back rank, else the file letter. Shredder notation: the file letter for
// every right. `rights` (not empty) are the colour's.
template <class Board>
inline char* write_castling_letters(const typename Board::position& pos, color c,
                                    typename Board::bitboard rights, castling_notation notation,
                                    char* o) noexcept {
  using bitboard = typename Board::bitboard;
  using square = typename Board::square;
  const bitboard back = Board::rank_bb(back_rank(c));
  const bitboard rooks = pos.pieces(c, Board::piece_type::rook) & back;
  const int king_file = file_of(pos.king_square(c));
  const char case_bit = c == color::white ? 0 : 0x20;
  while (rights != 0) {
    const square rook = Board::msb(rights);
    rights ^= square_bb(rook);
    const int file = file_of(rook);
    const bool a_side = file < king_file;
    const bitboard below = square_bb(rook) - 1;
    const bitboard further_out = rooks & (a_side ? below : ~(below | square_bb(rook)));
    char ch = static_cast<char>('A' + file);
    if (notation == castling_notation::xfen && further_out == 0) ch = a_side ? 'Q' : 'K';
    *o++ = static_cast<char>(ch | case_bit);
  }
  return o;
}

// What write_castling_letters writes in X-FEN where it is only K and Q: the rights are the
// outermost rooks of their sides (the highest one, not left of the king: K; the lowest one,
// left of it: Q; both, distinct: KQ). Else nullptr, having written nothing.
template <class Board>
inline char* write_outermost_letters(const typename Board::position& pos, color c,
                                     typename Board::bitboard rights, char* o) noexcept {
  using bitboard = typename Board::bitboard;
  const bitboard rooks = pos.pieces(c, Board::piece_type::rook) & Board::rank_bb(back_rank(c));
  if (rooks == 0) return nullptr;
  const int king_file = file_of(pos.king_square(c));
  const bitboard highest = square_bb(Board::msb(rooks));
  const bitboard lowest = square_bb(Board::lsb(rooks));
  const bool k_side = file_of(Board::msb(rooks)) >= king_file;
  const bool q_side = file_of(Board::lsb(rooks)) < king_file;
  const char case_bit = c == color::white ? 0 : 0x20;
  if (rights == (highest | lowest) && highest != lowest && k_side && q_side) {
    *o++ = static_cast<char>('K' | case_bit);
    *o++ = static_cast<char>('Q' | case_bit);
  } else if (rights == highest && k_side) {
    *o++ = static_cast<char>('K' | case_bit);
  } else if (rights == lowest && q_side) {
    *o++ = static_cast<char>('Q' | case_bit);
  } else {
    return nullptr;
  }
  return o;
}

// The castling field: white then black (write_castling_letters), "-" without rights. X-FEN's
// commonest case, K and Q alone, by write_outermost_letters.
template <class Board>
inline char* write_castling(const typename Board::position& pos, castling_notation notation,
                            char* o) noexcept {
  using bitboard = typename Board::bitboard;
  char* const start = o;
  for (const color c : {color::white, color::black}) {
    const bitboard rights = pos.castling_rooks_of(c);
    if (rights == 0) continue;
    if (notation == castling_notation::xfen) {
      if (char* const after = write_outermost_letters<Board>(pos, c, rights, o); after != nullptr) {
        o = after;
        continue;
      }
    }
    o = write_castling_letters<Board>(pos, c, rights, notation, o);
  }
  if (o == start) *o++ = '-';
  return o;
}

// The ep square a record is written with under `policy` (validate() found legal_ep and
// pseudo_legal_ep).
template <class Board>
typename Board::square written_ep(const typename Board::record& rec, ep_policy policy) noexcept {
  switch (policy) {
    case ep_policy::legal: return rec.legal_ep;
    case ep_policy::pseudo: return rec.pseudo_legal_ep ? rec.pos.ep_square : Board::no_square;
    case ep_policy::always: return rec.pos.ep_square;
  }
  return Board::no_square;
}

inline char* write_number(std::uint32_t value, char* o) noexcept {
  // 10 digits hold any uint32_t; to_chars cannot fail here.
  return std::to_chars(o, o + 10, value).ptr;
}

// The fields between the placement and the counters: " side castling ep". Inline so that
// write_record, on the 8x8 hot path, keeps it in its own body.
template <class Board>
inline char* write_side_castling_ep(const typename Board::position& pos, castling_notation castling,
                                    typename Board::square ep, char* o) noexcept {
  *o++ = ' ';
  *o++ = pos.side_to_move == color::white ? 'w' : 'b';
  *o++ = ' ';
  o = write_castling<Board>(pos, castling, o);
  *o++ = ' ';
  if (ep == Board::no_square) {
    *o++ = '-';
  } else {
    *o++ = static_cast<char>('a' + file_of(ep));
    *o++ = static_cast<char>('1' + rank_of(ep));
  }
  return o;
}

template <class Position>
inline char* write_counters(const Position& pos, char* o) noexcept {
  *o++ = ' ';
  o = write_number(pos.halfmove_clock, o);
  *o++ = ' ';
  return write_number(pos.fullmove_number, o);
}

// Re-emits validated EPD operations as "opcode operand ...;" joined by single spaces. A
// template on the board only so that each writer gets its own scan_operations instantiation:
// with the internal Board of write.cpp GCC inlines it into write_record, as it did when this
// class was that file's own.
template <class Board>
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

// Everything of a record after its placement: " side castling ep", the counters unless the
// format drops them, the operations unless it drops them, then the payload.
template <class Board>
[[gnu::always_inline]] inline char* write_record_tail(const typename Board::record& rec,
                                                      std::string_view line,
                                                      const write_options& options,
                                                      char* o) noexcept {
  o = write_side_castling_ep<Board>(rec.pos, options.castling, written_ep<Board>(rec, options.ep),
                                    o);
  const bool as_fen = options.format == output_format::fen ||
                      (options.format == output_format::keep && !rec.has(record_note::epd_form));
  if (as_fen) o = write_counters(rec.pos, o);
  if ((!as_fen || options.format == output_format::keep) &&
      rec.operations_end > rec.operations_begin) {
    operation_writer<Board> writer(o);
    const std::string_view ops = rec.operations(line);
    (void)scan_operations(line.data(), ops.data(), ops.data() + ops.size(), writer);
    o = writer.end();
  }
  if (rec.payload_end > rec.payload_begin) {
    const std::string_view payload = rec.payload(line);
    *o++ = ' ';
    std::memcpy(o, payload.data(), payload.size());
    o += payload.size();
  }
  return o;
}

// A position alone after its placement, its ep square already chosen: as write_record_tail
// without operations or payload; the epd format drops the counters.
template <class Board>
char* write_position_tail(const typename Board::position& pos, const write_options& options,
                          typename Board::square ep, char* o) noexcept {
  o = write_side_castling_ep<Board>(pos, options.castling, ep, o);
  if (options.format != output_format::epd) o = write_counters(pos, o);
  return o;
}

// The convenience writers' text (to_canonical; allocates): `capacity` bytes, of which `write`
// (char* out -> bytes written) fills the start.
template <class Write>
std::string written_text(std::size_t capacity, Write write) {
  std::string text(capacity, '\0');
  text.resize(write(text.data()));
  return text;
}

}  // namespace fenbatch::core::detail
