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

// Per colour: the king if it is alone on its back rank (else 0), and the rooks there.
struct back_rank_pieces {
  std::array<bitboard, 2> kings;
  std::array<bitboard, 2> rooks;
};
back_rank_pieces castling_pieces(const position& pos) noexcept {
  back_rank_pieces out{};
  for (const color side : {color::white, color::black}) {
    const bitboard back = rank_bb(back_rank(side));
    const bitboard k = pos.pieces(side, piece_type::king) & back;
    out.kings[static_cast<std::size_t>(side)] = more_than_one(k) ? 0 : k;
    out.rooks[static_cast<std::size_t>(side)] = pos.pieces(side, piece_type::rook) & back;
  }
  return out;
}

// outermost_rights letter by letter, where the line is too short to read the field as a word.
bitboard outermost_rights_loop(const char* p, const char* field_end, const position& pos) noexcept {
  static constexpr std::string_view order = "KQkq";  // white h-side, a-side; black the same
  const auto [kings, rooks] = castling_pieces(pos);
  bitboard rights = 0;
  std::size_t next = 0;
  for (; p != field_end; ++p, ++next) {
    while (next != order.size() && order[next] != *p) ++next;
    if (next == order.size()) return 0;
    const bitboard king = kings[next / 2];
    const bitboard own_rooks = rooks[next / 2];
    const bool a_side = (next & 1) != 0;
    const bitboard beyond = a_side ? own_rooks & (king - 1) : own_rooks & ~(king | (king - 1));
    if (king == 0 || beyond == 0) return 0;
    rights |= square_bb(a_side ? lsb(beyond) : msb(beyond));
  }
  return rights;
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
  const unsigned set = right_bits[word & 0xFF] | right_bits[word >> 8 & 0xFF] |
                       right_bits[word >> 16 & 0xFF] | right_bits[word >> 24];
  // (The length check: a NUL inside the field would otherwise pass as the padding.)
  if (set >= 16 || word != canonical_rights[set] ||
      static_cast<std::size_t>(std::popcount(set)) != length) {
    return 0;
  }

  // The commonest case by far: each wanted right's rook in its corner, where it is the
  // outermost one whatever the king's file, and one king of each colour concerned on its back
  // rank. Equal to the general answer below, without its per-colour bit scans.
  const bitboard corners_named = corner_rooks[set];
  const bitboard rooks_in_corners = (pos.pieces(color::white, piece_type::rook) & corner_rooks[3]) |
                                    (pos.pieces(color::black, piece_type::rook) & corner_rooks[12]);
  if ((rooks_in_corners & corners_named) == corners_named) {
    const bitboard white_kings = pos.pieces(color::white, piece_type::king) & rank_bb(0);
    const bitboard black_kings = pos.pieces(color::black, piece_type::king) & rank_bb(7);
    const bool white_ok =
        (corners_named & rank_bb(0)) == 0 || (white_kings != 0 && !more_than_one(white_kings));
    const bool black_ok =
        (corners_named & rank_bb(7)) == 0 || (black_kings != 0 && !more_than_one(black_kings));
    if (white_ok && black_ok) return corners_named;
  }

  // Per colour: the king (if it is alone on its back rank) and the outermost rook beyond it on
  // each side; a wanted right without its rook fails the whole field.
  const auto [kings, rooks_of] = castling_pieces(pos);
  bitboard rights = 0;
  bool missing = false;
  for (const color side : {color::white, color::black}) {
    const bitboard king = kings[static_cast<std::size_t>(side)];
    const bitboard rooks = rooks_of[static_cast<std::size_t>(side)];
    const bitboard h_side = rooks & ~(king | (king - 1));  // none without a king
    const bitboard a_side = king != 0 ? rooks & (king - 1) : 0;
    const bitboard h_rook = h_side != 0 ? square_bb(msb(h_side)) : 0;
    const bitboard a_rook = a_side & (0 - a_side);  // the lowest
    const unsigned wanted = set >> (2 * to_index(side)) & 3U;
    missing |= ((wanted & 1U) != 0 && h_rook == 0) | ((wanted & 2U) != 0 && a_rook == 0);
    rights |= ((wanted & 1U) != 0 ? h_rook : 0) | ((wanted & 2U) != 0 ? a_rook : 0);
  }
  return missing ? 0 : rights;
}

// Any letters (K/Q/k/q and file letters) one by one; nullptr where the precise parser must
// decide.
const char* castling_letters(const char* p, const char* field_end, position& pos) noexcept {
  if (field_end - p > 4) return nullptr;
  const auto [kings, rooks] = castling_pieces(pos);
  int last_key = -1;                     // strictly increasing in canonical order
  std::array<unsigned, 2> sides_used{};  // bit 0: a-side right, bit 1: h-side right
  bitboard rights = 0;
  for (; p != field_end; ++p) {
    const char lower = static_cast<char>(*p | 0x20);
    int order = 0;  // Q = 0, files a..h = 1..8, K = 9
    if (lower == 'k') {
      order = 9;
    } else if (lower >= 'a' && lower <= 'h') {
      order = lower - 'a' + 1;
    } else if (lower != 'q') {
      return nullptr;
    }
    const color side = *p >= 'a' ? color::black : color::white;
    const int key = 16 * to_index(side) + 9 - order;
    if (key <= last_key) return nullptr;
    last_key = key;
    const bitboard king = kings[static_cast<std::size_t>(side)];
    const bitboard own_rooks = rooks[static_cast<std::size_t>(side)];
    if (king == 0) return nullptr;
    bitboard rook = 0;
    if (order == 9) {
      const bitboard beyond = own_rooks & ~(king | (king - 1));
      if (beyond != 0) rook = square_bb(msb(beyond));
    } else if (order == 0) {
      const bitboard below = own_rooks & (king - 1);
      if (below != 0) rook = square_bb(lsb(below));
    } else {
      rook = own_rooks & square_bb(make_square(order - 1, back_rank(side)));
    }
    if (rook == 0) return nullptr;
    const unsigned which = rook > king ? 2 : 1;
    unsigned& used = sides_used[static_cast<std::size_t>(side)];
    if ((used & which) != 0) return nullptr;
    used |= which;
    rights |= rook;
  }
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
