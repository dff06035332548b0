// The castling resolvers (see castling.hpp). The fast ones take the spellings almost every
// corpus uses without a loop per letter; the general one (castling_resolver.hpp, shared with
// the 10x8 reader) reads anything and says what is wrong.

#include "castling.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fenbatch::core::decoder {
namespace {

// outermost_rights without a loop or a branch per letter: the field (1 to 4 bytes, read as one
// word when the line has 4 bytes from p) must equal the canonical spelling of the set of
// letters it holds, and the four candidate rooks are found at once. The bit of each letter:
constexpr auto make_right_bits() {
  std::array<std::uint8_t, 256> t{};
  t.fill(16);  // not a K/Q/k/q letter
  t[0] = 0;    // past the field
  t['K'] = 1;
  t['Q'] = 2;
  t['k'] = 4;
  t['q'] = 8;
  return t;
}
constexpr auto right_bits = make_right_bits();

// The canonical spelling of each set of rights (bit 0 K, 1 Q, 2 k, 3 q), little-endian packed.
constexpr auto make_canonical_rights() {
  std::array<std::uint32_t, 16> t{};
  for (unsigned set = 0; set < 16; ++set) {
    unsigned shift = 0;
    for (unsigned i = 0; i < 4; ++i) {
      if ((set >> i & 1U) == 0) continue;
      t[set] |= static_cast<std::uint32_t>(static_cast<unsigned char>("KQkq"[i])) << shift;
      shift += 8;
    }
  }
  return t;
}
constexpr auto canonical_rights = make_canonical_rights();

// A castling letter's place in canonical order (white before black; K, files h to a, Q),
// counted from 1 so that 0 means any other byte, with the colour in bit 4:
// 16 * colour + 10 - order, order Q = 0, files a..h = 1..8, K = 9.
constexpr auto make_letter_keys() {
  std::array<std::uint8_t, 256> t{};
  for (unsigned black = 0; black < 2; ++black) {
    const char offset = black != 0 ? 'a' - 'A' : 0;
    const auto key = [black](unsigned order) {
      return static_cast<std::uint8_t>(16 * black + 10 - order);
    };
    t[static_cast<unsigned char>('Q' + offset)] = key(0);
    for (unsigned file = 0; file < 8; ++file)
      t[static_cast<unsigned char>('A' + offset + file)] = key(file + 1);
    t[static_cast<unsigned char>('K' + offset)] = key(9);
  }
  return t;
}
constexpr auto letter_keys = make_letter_keys();

// What a castling letter (an ASCII byte) can name, as masks over the castling_board below: the
// square of a file letter, or its colour's back rank for K (h_side) or Q (a_side).
struct letter_target {
  bitboard file_square;
  bitboard h_side;
  bitboard a_side;
};
constexpr auto make_letter_targets() {
  std::array<letter_target, 128> t{};
  for (unsigned black = 0; black < 2; ++black) {
    const char offset = black != 0 ? 'a' - 'A' : 0;
    const bitboard rank = bitboard{0xFF} << (56 * black);
    t[static_cast<std::size_t>('K' + offset)] = {0, rank, 0};
    t[static_cast<std::size_t>('Q' + offset)] = {0, 0, rank};
    for (unsigned file = 0; file < 8; ++file) {
      t[static_cast<std::size_t>('A' + offset + file)] = {bitboard{1} << (file + 56 * black), 0, 0};
    }
  }
  return t;
}
constexpr auto letter_targets = make_letter_targets();

// What castling letters can name, both colours at once: the kings that stand alone on their
// back ranks (no letter of a colour without one resolves), the own rooks on the back rank of
// such a king, and the outermost of them on each side of it (the h-side one is the highest
// rook, when that is above the king; the a-side one the lowest, when below).
struct castling_board {
  bitboard kings = 0;
  bitboard rooks = 0;
  bitboard h_rooks = 0;
  bitboard a_rooks = 0;
};
// The kings and rooks of castling_board; the outermost rooks left 0.
castling_board castling_homes(const position& pos) noexcept {
  const bitboard kings = pos.pieces(piece_type::king);
  const bitboard rooks = pos.pieces(piece_type::rook);
  const bitboard white_king = pos.pieces(color::white) & kings & rank_bb(0);
  const bitboard black_king = pos.pieces(color::black) & kings & rank_bb(7);
  const bitboard white_home = popcount(white_king) == 1 ? rank_bb(0) : 0;
  const bitboard black_home = popcount(black_king) == 1 ? rank_bb(7) : 0;
  return {(white_king & white_home) | (black_king & black_home),
          (pos.pieces(color::white) & rooks & white_home) |
              (pos.pieces(color::black) & rooks & black_home),
          0, 0};
}

// Adds the outermost rooks to castling_homes' answer.
void add_outermost_rooks(castling_board& board) noexcept {
  for (const int rank : {0, 7}) {
    const bitboard rooks = board.rooks & rank_bb(rank);
    const bitboard king = board.kings & rank_bb(rank);  // (not 0 where there are rooks)
    const bitboard highest = std::bit_floor(rooks);
    const bitboard lowest = rooks & (0 - rooks);
    board.h_rooks |= highest > king ? highest : 0;
    board.a_rooks |= lowest < king ? lowest : 0;
  }
}

castling_board castling_board_of(const position& pos) noexcept {
  castling_board board = castling_homes(pos);
  add_outermost_rooks(board);
  return board;
}

// The rank masks of the rights in a set (bit 0 K, 1 Q, 2 k, 3 q): on which back ranks an
// h-side and an a-side right is wanted.
constexpr auto make_wanted_sides() {
  std::array<std::array<bitboard, 2>, 16> t{};
  for (unsigned set = 0; set < 16; ++set) {
    t[set][0] = ((set & 1) != 0 ? rank_bb(0) : 0) | ((set & 4) != 0 ? rank_bb(7) : 0);
    t[set][1] = ((set & 2) != 0 ? rank_bb(0) : 0) | ((set & 8) != 0 ? rank_bb(7) : 0);
  }
  return t;
}
constexpr auto wanted_sides = make_wanted_sides();

// The corner rook each set of rights names when every rook stands in its corner (bit 0 K: h1,
// 1 Q: a1, 2 k: h8, 3 q: a8).
constexpr auto make_corner_rooks() {
  std::array<bitboard, 16> t{};
  constexpr std::array<bitboard, 4> corners = {bitboard{1} << 7, bitboard{1}, bitboard{1} << 63,
                                               bitboard{1} << 56};
  for (unsigned set = 0; set < 16; ++set) {
    for (unsigned i = 0; i < 4; ++i) t[set] |= (set >> i & 1U) != 0 ? corners[i] : 0;
  }
  return t;
}
constexpr auto corner_rooks = make_corner_rooks();

// The rights of a set of K/Q/k/q letters: the outermost rook on each wanted side, or 0 where
// one is missing (then the field is not outermost_rights').
bitboard rights_of_set(unsigned set, const position& pos) noexcept {
  // The commonest case by far: each wanted right's rook in its corner, where it is the
  // outermost one whatever the king's file, with a lone king of each colour concerned on its
  // back rank.
  const bitboard named_corners = corner_rooks[set];
  const bitboard rooks = pos.pieces(piece_type::rook);
  const bitboard kings = pos.pieces(piece_type::king);
  const bitboard own_corner_rooks = (pos.pieces(color::white) & rooks & corner_rooks[3]) |
                                    (pos.pieces(color::black) & rooks & corner_rooks[12]);
  const bool white_king_alone = popcount(pos.pieces(color::white) & kings & rank_bb(0)) == 1;
  const bool black_king_alone = popcount(pos.pieces(color::black) & kings & rank_bb(7)) == 1;
  if ((own_corner_rooks & named_corners) == named_corners &&
      ((named_corners & rank_bb(0)) == 0 || white_king_alone) &&
      ((named_corners & rank_bb(7)) == 0 || black_king_alone)) {
    return named_corners;
  }
  // Each wanted side gives at most one rook, each on its own square: all are there when the
  // rooks found are as many as the rights.
  const castling_board board = castling_board_of(pos);
  const bitboard rights =
      (board.h_rooks & wanted_sides[set][0]) | (board.a_rooks & wanted_sides[set][1]);
  return popcount(rights) == std::popcount(set) ? rights : 0;
}

// outermost_rights letter by letter, where the line is too short to read the field as a word.
bitboard outermost_rights_loop(const char* p, const char* field_end, const position& pos) noexcept {
  static constexpr std::string_view order = "KQkq";  // bit 0 K, 1 Q, 2 k, 3 q
  unsigned set = 0;
  std::size_t next = 0;
  for (; p != field_end; ++p, ++next) {
    while (next != order.size() && order[next] != *p) ++next;
    if (next == order.size()) return 0;
    set |= 1U << next;
  }
  return rights_of_set(set, pos);
}

}  // namespace

bitboard outermost_rights(const char* p, const char* field_end, const char* line_end,
                          const position& pos) noexcept {
  const auto length = static_cast<std::size_t>(field_end - p);
  if (length == 0 || length > 4) return 0;
  if (line_end - p < 4) return outermost_rights_loop(p, field_end, pos);  // (rare: a short line)
  // Little-endian by construction (the canonical spellings are packed so), on any host.
  const auto byte = [p](int i) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(p[i]));
  };
  std::uint32_t word = byte(0) | byte(1) << 8 | byte(2) << 16 | byte(3) << 24;
  word &= static_cast<std::uint32_t>((std::uint64_t{1} << (8 * length)) - 1);
  unsigned set = 15;  // the commonest field by far, "KQkq", needs no look-ups
  if (word != canonical_rights[set]) {
    set = right_bits[word & 0xFF] | right_bits[word >> 8 & 0xFF] | right_bits[word >> 16 & 0xFF] |
          right_bits[word >> 24];
    // (The length check: a NUL inside the field would otherwise pass as the padding.)
    if (set >= 16 || word != canonical_rights[set] ||
        static_cast<std::size_t>(std::popcount(set)) != length) {
      return 0;
    }
  }
  return rights_of_set(set, pos);
}

// Any letters (K/Q/k/q and file letters) one by one; nullptr where the precise parser must
// decide.
const char* castling_letters(const char* p, const char* field_end, position& pos) noexcept {
  const auto count = static_cast<int>(field_end - p);
  if (count > 4) return nullptr;
  // File letters resolve by their square; K and Q by the outermost rooks, found only when one
  // comes (Shredder letters name files only).
  castling_board board = castling_homes(pos);
  unsigned last_key = 0;  // strictly increasing in canonical order
  bitboard rights = 0;
  bitboard h_sides = 0;  // the back ranks of the K letters
  bitboard a_sides = 0;  // and of the Q letters
  for (; p != field_end; ++p) {
    const auto byte = static_cast<unsigned char>(*p);
    const unsigned key = letter_keys[byte];
    if (key <= last_key) return nullptr;  // (0: not a castling letter)
    last_key = key;
    const letter_target& target = letter_targets[byte];  // (an ASCII letter: key is not 0)
    rights |= target.file_square & board.rooks;
    h_sides |= target.h_side;
    a_sides |= target.a_side;
  }
  if ((h_sides | a_sides) != 0) {
    add_outermost_rooks(board);
    rights |= (board.h_rooks & h_sides) | (board.a_rooks & a_sides);
  }
  // Each letter gave at most one rook: one missing, or two letters naming one rook, leaves
  // fewer. Then at most one right on each side of each king.
  if (popcount(rights) != count) return nullptr;
  const auto second = [](bitboard b) { return b & (b - 1); };
  bitboard seconds = 0;
  for (const int rank : {0, 7}) {
    const bitboard own = rights & rank_bb(rank);
    const bitboard king = board.kings & rank_bb(rank);  // (not 0 where there are rights)
    const bitboard up_to_king = (king << 1) - 1;
    seconds |= second(own & up_to_king) | second(own & ~up_to_king);
  }
  if (seconds != 0) return nullptr;
  pos.castling_rooks = rights;
  return field_end;
}

const char* fast_castling(const char* p, const char* field_end, const char* line_end,
                          position& pos) noexcept {
  if (field_end - p > 4) return nullptr;
  if (const bitboard rights = outermost_rights(p, field_end, line_end, pos); rights != 0) {
    pos.castling_rooks = rights;
    return field_end;
  }
  return castling_letters(p, field_end, pos);
}

castling_problem resolve_castling(const char* field, const char* field_end, const char* line_begin,
                                  bool repair, record& rec) noexcept {
  return resolve_castling_letters<detail::eight_by_eight_board>(field, field_end, line_begin,
                                                                repair, rec);
}

}  // namespace fenbatch::core::decoder
