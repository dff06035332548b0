// The scalar decoder: the reference every other decoder implementation must match bit for bit.
//
// Accepted input, one line (the terminator LF and one CR before it already removed):
//
//   line       = blanks | blanks "#" anything | blanks record blanks
//   blanks     = { " " | TAB }                      (any run separates fields)
//   record     = placement sep side sep castling sep ep [ counters ] [ sep operations ]
//   counters   = sep halfmove sep fullmove         (6-field FEN; absent = EPD: 0 1)
//   placement  = rank "/" rank "/" ... rank         (exactly 8 ranks, rank 8 first)
//   rank       = { piece | digit }                  covering exactly 8 squares; no two digits
//                                                   in a row (repair mode merges them)
//   piece      = "p" | "n" | "b" | "r" | "q" | "k" | upper-case for white
//   digit      = "1" .. "8"
//   side       = "w" | "b"
//   castling   = "-" | white-rights black-rights    (at most two letters per colour, h-side
//                                                   right first; repair mode takes any order)
//   white      = "K" (outermost rook right of the king on rank 1) | "Q" (outermost left)
//              | "A" .. "H" (the rook on that file: Shredder-FEN, or an X-FEN inner rook)
//   black      = the same in lower case, rank 8
//   ep         = "-" | ("a" .. "h") ("3" | "6")
//   halfmove   = fullmove = ASCII digits, value <= 2^32-1 (leading zeros allowed);
//                fullmove 0 is read as 1
//   operations = EPD operations, see epd_operations.hpp; "hmvc N;" and "fmvn N;" supply the
//                counters of a 4-field record and must agree with counter fields if present.
//
// Anything else is invalid: 5 fields, a 7th field that is not an operation (no ';' in the rest
// of the line), NUL, control, non-ASCII bytes, and variant syntax ('[', ']', '~', '+').
// Deliberate differences from other parsers (see tests/core/fen_vectors_test.cpp):
// python-chess accepts a last EPD operation without ';', a lone '-' before operations, and
// "a;b" key-value suffixes; shakmaty and chessops accept '_' separators and castling letters in
// any order. fenbatch rejects all of these with a reason; repair mode takes the castling order.
//
// Castling letters are resolved to rook squares here, with the board known. A letter whose rook
// or king is missing, or two rights of one colour not on either side of the king, is "stale":
// validate() rejects it in strict mode; repair mode drops it here.

#include <cstring>

#include "../char_class.hpp"
#include "../epd_operations.hpp"
#include "kernels.hpp"

namespace fenbatch::core::simd::scalar {
namespace {

using detail::byte_error;
using detail::is_blank;
using detail::is_digit;

// Placement byte classes: 1..12 a piece (colour * 6 + type + 1), digit_flag | n a digit,
// slash, 0 anything else.
constexpr std::uint8_t digit_flag = 0x10;
constexpr std::uint8_t slash = 0x20;

constexpr auto make_placement_table() {
  std::array<std::uint8_t, 256> t{};
  constexpr std::string_view pieces = "PNBRQKpnbrqk";
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    t[static_cast<std::uint8_t>(pieces[i])] = static_cast<std::uint8_t>(i + 1);
  }
  for (int d = 1; d <= 8; ++d)
    t[static_cast<std::size_t>('0' + d)] = static_cast<std::uint8_t>(digit_flag | d);
  t['/'] = slash;
  return t;
}
constexpr auto placement_table = make_placement_table();

// The branch-free placement scan: one table entry per byte. A FEN's placement mixes pieces,
// digits and slashes unpredictably, so branching per byte costs a misprediction every few
// bytes; this loop instead accumulates error flags and leaves any problem to the precise
// parser, which then finds the reason and column.
//   bits 0-7    piece slot 0..11 (colour * 6 + type), 12 for a byte that places no piece
//   bits 8-15   signed change of the next square: +1 piece, +n digit, -16 slash (the next
//               rank starts 16 squares below the square after a full rank)
//   bits 16-23  flags: digit, slash, invalid in a placement, end of the field
constexpr std::uint32_t fast_no_piece = 12;
constexpr std::uint32_t fast_digit = 1U << 16;
constexpr std::uint32_t fast_slash = 1U << 17;
constexpr std::uint32_t fast_invalid = 1U << 18;
constexpr std::uint32_t fast_end = 1U << 19;

constexpr std::uint32_t fast_entry(std::uint32_t slot, int delta, std::uint32_t flags) {
  return slot | (static_cast<std::uint32_t>(static_cast<std::uint8_t>(delta)) << 8) | flags;
}

constexpr auto make_fast_placement_table() {
  std::array<std::uint32_t, 256> t{};
  for (auto& e : t) e = fast_entry(fast_no_piece, 0, fast_invalid);
  constexpr std::string_view pieces = "PNBRQKpnbrqk";
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    t[static_cast<std::uint8_t>(pieces[i])] = fast_entry(static_cast<std::uint32_t>(i), 1, 0);
  }
  for (int d = 1; d <= 8; ++d) {
    t[static_cast<std::size_t>('0' + d)] = fast_entry(fast_no_piece, d, fast_digit);
  }
  t['/'] = fast_entry(fast_no_piece, -16, fast_slash);
  t[' '] = fast_entry(fast_no_piece, 0, fast_end);
  t['\t'] = fast_entry(fast_no_piece, 0, fast_end);
  return t;
}
constexpr auto fast_placement_table = make_fast_placement_table();

// Decodes a well-formed strict placement at p into pos and returns the end of the field, or
// nullptr if anything is off (pos is then untouched).
const char* scalar_placement(const char* p, const char* end, position& pos) noexcept {
  std::array<bitboard, 13> boards{};  // 12 piece slots; slot 12 absorbs digits and slashes
  int square = 56;                    // next square to fill: a8, b8, ..., h8, a7, ...
  int rank_shift = 0;                 // 8 * slashes seen
  std::uint32_t seen = 0;             // OR of all entries: any invalid byte
  std::uint32_t digit_runs = 0;       // a digit right after a digit
  int bad_width = 0;                  // nonzero: a slash after a rank of other than 8 squares
  std::uint32_t previous = 0;
  for (; p != end; ++p) {
    const std::uint32_t e = fast_placement_table[static_cast<std::uint8_t>(*p)];
    if ((e & fast_end) != 0) break;
    boards[e & 0xFF] |= bitboard{1} << (square & 63);
    // A full rank leaves `square` at 64 - rank_shift; anything else there is a width error.
    const int slash_mask = -static_cast<int>((e >> 17) & 1);
    bad_width |= slash_mask & ((square + rank_shift) ^ 64);
    rank_shift += slash_mask & 8;
    square += static_cast<std::int8_t>(e >> 8);
    digit_runs |= e & previous;
    previous = e;
    seen |= e;
  }
  if (((seen & fast_invalid) | (digit_runs & fast_digit)) != 0 || bad_width != 0 ||
      rank_shift != 56 || square != 8) {
    return nullptr;
  }
  for (std::size_t t = 0; t < piece_type_count; ++t) {
    pos.by_color[0] |= boards[t];
    pos.by_color[1] |= boards[t + 6];
    pos.by_type[t] = boards[t] | boards[t + 6];
  }
  return p;
}

// Three-check counters: "3+3" (remaining checks) or "+1+0" (checks given, lichess).
bool looks_like_check_counts(const char* first, const char* last) noexcept {
  if (first != last && *first == '+') ++first;
  const char* digits = first;
  while (first != last && is_digit(*first)) ++first;
  return first != digits && first != last && *first == '+';
}

class decoder {
 public:
  decoder(std::string_view line, const decode_options& options, record& out,
          placement_kernel kernel, bool fast_paths) noexcept
      : begin_(line.data()),
        end_(line.data() + line.size()),
        options_(options),
        rec_(out),
        kernel_(kernel),
        fast_paths_(fast_paths) {}

  fen_status run() noexcept;

 private:
  [[nodiscard]] std::uint32_t column(const char* at) const noexcept {
    return static_cast<std::uint32_t>(at - begin_ + 1);
  }
  // The error at `at`: a byte-level reason if the byte can never appear, else `reason`.
  [[nodiscard]] fen_status fail(const char* at, fen_errc reason) const noexcept {
    if (at != end_) {
      const fen_errc byte = byte_error(at, end_);
      if (byte != fen_errc::ok) reason = byte;
    }
    return {reason, column(at)};
  }
  [[nodiscard]] const char* token_end(const char* at) const noexcept {
    while (at != end_ && !is_blank(*at)) ++at;
    return at;
  }
  void skip_blanks() noexcept {
    const char* const start = p_;
    while (p_ != end_ && is_blank(*p_)) ++p_;
    // Canonical output separates fields by exactly one space (no run at all: end of line).
    if (p_ != start && (p_ - start != 1 || *start != ' ')) {
      rec_.notes |= static_cast<std::uint8_t>(record_note::whitespace_normalized);
    }
  }

  fen_status placement() noexcept;
  fen_status side() noexcept;
  fen_status castling() noexcept;
  fen_status en_passant() noexcept;
  fen_status counter(fen_errc reason, std::uint32_t& value) noexcept;
  fen_status counters_and_operations() noexcept;
  fen_status operations(bool have_counter_fields) noexcept;
  bool fast_tail() noexcept;

  const char* const begin_;
  const char* end_;
  const char* p_ = nullptr;
  const decode_options& options_;
  record& rec_;
  placement_kernel kernel_;
  bool fast_paths_;  // off: the precise parser alone, the reference for differential tests
};

fen_status decoder::placement() noexcept {
  position& pos = rec_.pos;
  int rank = 7;
  int file = 0;
  bool previous_was_digit = false;
  for (; p_ != end_ && !is_blank(*p_); ++p_) {
    const std::uint8_t code = placement_table[static_cast<std::uint8_t>(*p_)];
    if (code != 0 && code <= 12) {
      if (file >= 8) return fail(p_, fen_errc::rank_width);
      const auto kind = static_cast<unsigned>(code - 1);
      const bitboard b = square_bb(make_square(file, rank));
      pos.by_color[kind / 6] |= b;
      pos.by_type[kind % 6] |= b;
      ++file;
      previous_was_digit = false;
    } else if ((code & digit_flag) != 0) {
      if (previous_was_digit) {
        if (!options_.repair) return fail(p_, fen_errc::rank_syntax);
        rec_.repairs |= repair_bit(repair_kind::digit_run);
      }
      file += code & 0x0F;
      if (file > 8) return fail(p_, fen_errc::rank_width);
      previous_was_digit = true;
    } else if (code == slash) {
      if (file != 8) return fail(p_, fen_errc::rank_width);
      if (rank == 0) return fail(p_, fen_errc::rank_count);
      --rank;
      file = 0;
      previous_was_digit = false;
    } else {
      switch (*p_) {
        case '[':
        case ']':
        case '~':
        case '+': return fail(p_, fen_errc::variant_syntax);
        case '9': return fail(p_, fen_errc::rank_width);
        default: return fail(p_, fen_errc::bad_piece_char);
      }
    }
  }
  if (file != 8) return fail(p_, fen_errc::rank_width);
  if (rank != 0) return fail(p_, fen_errc::rank_count);
  return {};
}

fen_status decoder::side() noexcept {
  rec_.side_column = column(p_);
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char c = *p_;
  if (c != 'w' && c != 'b') return fail(p_, fen_errc::bad_side);
  ++p_;
  if (p_ != end_ && !is_blank(*p_)) return fail(p_, fen_errc::bad_side);
  rec_.pos.side_to_move = c == 'w' ? color::white : color::black;
  return {};
}

// One castling letter as written, before it is resolved to a rook.
struct castling_letter {
  color side;
  int file_order;  // Q = 0, files a..h = 1..8, K = 9: the canonical order is descending
  const char* at;
};

// The common case, in one pass: letters in canonical order (white first, h-side first), each
// naming a rook that exists (K/Q: the outermost on that side of the king; a file letter: the
// rook on that file), at most one right on each side of a king on the back rank. Returns the
// field end, or nullptr to leave the field to the general resolver below (which also finds
// the reason and column of any problem).
// The commonest rights: only K, Q, k, q, in that order, each with one king on its back rank
// and a rook beyond it on that side (the outermost one is the right). Returns the rights, or 0
// for anything else (file letters included). Without a loop or a branch per letter: the field
// (1 to 4 bytes, read as one word when the line has 4 bytes from p) must equal the canonical
// spelling of the set of letters it holds, and the four candidate rooks are found at once.
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

fen_status decoder::castling() noexcept {
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char* const field_end = token_end(p_);
  if (*p_ == '-') {
    if (field_end - p_ != 1) return fail(p_ + 1, fen_errc::castling_syntax);
    p_ = field_end;
    return {};
  }
  if (const char* fast_end_at =
          fast_paths_ ? fast_castling(p_, field_end, end_, rec_.pos) : nullptr;
      fast_end_at != nullptr) {
    p_ = fast_end_at;
    return {};
  }
  std::array<castling_letter, 4> letters{};
  std::size_t count = 0;
  std::array<int, 2> per_side{};
  bool out_of_order = false;
  const char* first_out_of_order = nullptr;
  for (const char* q = p_; q != field_end; ++q) {
    const char c = *q;
    castling_letter letter{};
    letter.at = q;
    if (c == 'K' || c == 'Q' || (c >= 'A' && c <= 'H')) {
      letter.side = color::white;
    } else if (c == 'k' || c == 'q' || (c >= 'a' && c <= 'h')) {
      letter.side = color::black;
    } else {
      return fail(q, fen_errc::castling_syntax);
    }
    const char lower = static_cast<char>(c | 0x20);
    letter.file_order = lower == 'q' ? 0 : lower == 'k' ? 9 : lower - 'a' + 1;
    if (++per_side[static_cast<std::size_t>(letter.side)] > 2) {
      return fail(q, fen_errc::castling_syntax);
    }
    for (std::size_t i = 0; i < count; ++i) {
      if (letters[i].side == letter.side && letters[i].file_order == letter.file_order) {
        return fail(q, fen_errc::castling_syntax);  // the same letter twice
      }
    }
    if (count > 0) {
      const castling_letter& prev = letters[count - 1];
      const bool in_order = prev.side < letter.side ||
                            (prev.side == letter.side && prev.file_order > letter.file_order);
      if (!in_order && !out_of_order) {
        out_of_order = true;
        first_out_of_order = q;
      }
    }
    letters[count++] = letter;
  }
  if (out_of_order) {
    if (!options_.repair) return fail(first_out_of_order, fen_errc::castling_order);
    rec_.repairs |= repair_bit(repair_kind::castling_order);
  }

  // Resolve letters to rooks on each colour's back rank.
  position& pos = rec_.pos;
  const char* stale = nullptr;  // first letter (in field order) that names no castling rook
  const auto mark_stale = [&stale](const char* at) {
    if (stale == nullptr || at < stale) stale = at;
  };
  for (const color side : {color::white, color::black}) {
    const bitboard back = rank_bb(back_rank(side));
    const bitboard rooks = pos.pieces(side, piece_type::rook) & back;
    const bitboard kings = pos.pieces(side, piece_type::king) & back;
    bitboard resolved = 0;
    std::array<const char*, 4> resolved_at{};  // letter position per resolved rook, by order
    std::array<square, 4> resolved_square{};
    std::size_t resolved_count = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const castling_letter& letter = letters[i];
      if (letter.side != side) continue;
      if (kings == 0) {
        mark_stale(letter.at);
        continue;
      }
      const bitboard right_of_king = back & ~((square_bb(lsb(kings)) << 1) - 1);
      const bitboard left_of_king = back & (square_bb(lsb(kings)) - 1);
      square rook = no_square;
      if (letter.file_order == 9) {
        if ((rooks & right_of_king) != 0) rook = msb(rooks & right_of_king);
      } else if (letter.file_order == 0) {
        if ((rooks & left_of_king) != 0) rook = lsb(rooks & left_of_king);
      } else {
        const square named = make_square(letter.file_order - 1, back_rank(side));
        if ((rooks & square_bb(named)) != 0) rook = named;
      }
      if (rook == no_square) {
        mark_stale(letter.at);
        continue;
      }
      if ((resolved & square_bb(rook)) != 0) {
        return fail(letter.at, fen_errc::castling_syntax);  // K and H naming the same rook
      }
      resolved |= square_bb(rook);
      resolved_at[resolved_count] = letter.at;
      resolved_square[resolved_count] = rook;
      ++resolved_count;
    }
    // One right per side of the king: keep the outermost rook on each side (as python-chess
    // clean_castling_rights does); any other resolved right is stale.
    if (resolved != 0) {
      const square king = lsb(kings);
      const square a_side = lsb(resolved);
      const square h_side = msb(resolved);
      bitboard kept = 0;
      if (to_index(a_side) < to_index(king)) kept |= square_bb(a_side);
      if (to_index(h_side) > to_index(king)) kept |= square_bb(h_side);
      for (std::size_t i = 0; i < resolved_count; ++i) {
        if ((kept & square_bb(resolved_square[i])) == 0) mark_stale(resolved_at[i]);
      }
      pos.castling_rooks |= kept;
    }
  }
  if (stale != nullptr) {
    rec_.stale_castling_column = column(stale);
    if (options_.repair) rec_.repairs |= repair_bit(repair_kind::castling_dropped);
  }
  p_ = field_end;
  return {};
}

fen_status decoder::en_passant() noexcept {
  rec_.ep_column = column(p_);
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  const char* const field_end = token_end(p_);
  if (*p_ == '-') {
    if (field_end - p_ != 1) return fail(p_ + 1, fen_errc::ep_syntax);
  } else {
    if (*p_ < 'a' || *p_ > 'h') return fail(p_, fen_errc::ep_syntax);
    if (field_end - p_ < 2 || (p_[1] != '3' && p_[1] != '6')) {
      return fail(p_ + 1, fen_errc::ep_syntax);
    }
    if (field_end - p_ != 2) return fail(p_ + 2, fen_errc::ep_syntax);
    rec_.pos.ep_square = make_square(*p_ - 'a', p_[1] - '1');
  }
  p_ = field_end;
  return {};
}

// One counter token at p_: ASCII digits, value <= 2^32-1.
fen_status decoder::counter(fen_errc reason, std::uint32_t& value) noexcept {
  const char* const field_end = token_end(p_);
  std::uint64_t v = 0;
  for (const char* q = p_; q != field_end; ++q) {
    if (!is_digit(*q)) {
      if (looks_like_check_counts(p_, field_end)) return fail(p_, fen_errc::variant_syntax);
      return fail(q, reason);
    }
    v = v * 10 + static_cast<std::uint64_t>(*q - '0');
    if (v > 0xFFFF'FFFFULL) return fail(p_, reason);
  }
  value = static_cast<std::uint32_t>(v);
  p_ = field_end;
  return {};
}

fen_status decoder::counters_and_operations() noexcept {
  skip_blanks();
  if (p_ == end_) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::epd_form);
    return {};
  }
  const bool has_semicolon = std::memchr(p_, ';', static_cast<std::size_t>(end_ - p_)) != nullptr;
  bool fifth_is_number = true;
  for (const char* q = p_; q != end_ && !is_blank(*q); ++q) fifth_is_number &= is_digit(*q);
  if (has_semicolon && !fifth_is_number) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::epd_form);
    return operations(false);
  }
  position& pos = rec_.pos;
  if (fen_status s = counter(fen_errc::bad_halfmove, pos.halfmove_clock); !s.ok()) return s;
  skip_blanks();
  if (p_ == end_) return fail(p_, fen_errc::field_count);
  if (fen_status s = counter(fen_errc::bad_fullmove, pos.fullmove_number); !s.ok()) return s;
  if (pos.fullmove_number == 0) {
    pos.fullmove_number = 1;
    rec_.notes |= static_cast<std::uint8_t>(record_note::fullmove_zero);
  }
  skip_blanks();
  if (p_ == end_) return {};
  if (!has_semicolon) {
    return fail(p_, looks_like_check_counts(p_, token_end(p_)) ? fen_errc::variant_syntax
                                                               : fen_errc::trailing_garbage);
  }
  return operations(true);
}

// Validates nothing itself (scan_operations does); reads hmvc/fmvn into the counters.
class counter_visitor {
 public:
  counter_visitor(record& rec, bool have_counter_fields) noexcept
      : rec_(rec), have_counter_fields_(have_counter_fields) {}

  fen_status opcode(std::string_view op, std::uint32_t column) noexcept {
    target_ = op == "hmvc" ? target::halfmove : op == "fmvn" ? target::fullmove : target::none;
    operands_ = 0;
    if (target_ == target::none) return {};
    bool& seen = target_ == target::halfmove ? seen_halfmove_ : seen_fullmove_;
    if (seen) return {fen_errc::bad_epd_operation, column};  // a second hmvc or fmvn
    seen = true;
    return {};
  }

  fen_status operand(std::string_view text, std::uint32_t column) noexcept {
    if (target_ == target::none) return {};
    if (++operands_ > 1) return {fen_errc::bad_epd_operation, column};
    const fen_errc reason =
        target_ == target::halfmove ? fen_errc::bad_halfmove : fen_errc::bad_fullmove;
    std::uint64_t v = 0;
    for (const char c : text) {
      if (!is_digit(c)) return {reason, column};
      v = v * 10 + static_cast<std::uint64_t>(c - '0');
      if (v > 0xFFFF'FFFFULL) return {reason, column};
    }
    auto value = static_cast<std::uint32_t>(v);
    if (target_ == target::fullmove && value == 0) {
      value = 1;
      rec_.notes |= static_cast<std::uint8_t>(record_note::fullmove_zero);
    }
    position& pos = rec_.pos;
    std::uint32_t& field = target_ == target::halfmove ? pos.halfmove_clock : pos.fullmove_number;
    if (have_counter_fields_) {
      if (field != value) return {fen_errc::counter_conflict, column};
    } else {
      field = value;
      rec_.notes |= static_cast<std::uint8_t>(record_note::counters_from_operations);
    }
    return {};
  }

  fen_status end_operation(std::uint32_t column) const noexcept {
    if (target_ != target::none && operands_ == 0) return {fen_errc::bad_epd_operation, column};
    return {};
  }

 private:
  enum class target : std::uint8_t { none, halfmove, fullmove };
  record& rec_;
  bool have_counter_fields_;
  target target_ = target::none;
  int operands_ = 0;
  bool seen_halfmove_ = false;
  bool seen_fullmove_ = false;
};

fen_status decoder::operations(bool have_counter_fields) noexcept {
  rec_.notes |= static_cast<std::uint8_t>(record_note::has_operations);
  rec_.operations_begin = static_cast<std::uint32_t>(p_ - begin_);
  rec_.operations_end = static_cast<std::uint32_t>(end_ - begin_);
  counter_visitor visitor(rec_, have_counter_fields);
  return detail::scan_operations(begin_, p_, end_, visitor);
}

// Reads `digits` (1 to 9 ASCII digits, so no overflow) from p up to `stop`; false otherwise.
bool read_short_number(const char* p, const char* stop, std::uint32_t& value) noexcept {
  if (stop - p < 1 || stop - p > 9) return false;
  std::uint32_t v = 0;
  for (; p != stop; ++p) {
    if (!is_digit(*p)) return false;
    v = v * 10 + static_cast<std::uint32_t>(*p - '0');
  }
  value = v;
  return true;
}

// The common tail after the placement in one pass, without the field-by-field machinery:
// " w KQkq - 0 1", " b - e3" (single spaces, castling as fast_castling takes it, short
// counters, no operations). Anything else returns false having changed nothing, and the
// precise parser reads the tail instead (and finds the reason and column of any problem).
bool decoder::fast_tail() noexcept {
  const char* const p = p_;
  const char* const e = end_;
  if (e - p < 6 || p[0] != ' ' || p[2] != ' ' || (p[1] != 'w' && p[1] != 'b')) return false;
  const char* const castling_at = p + 3;
  const char* castling_end = castling_at;
  while (castling_end != e && *castling_end != ' ') ++castling_end;
  if (castling_end == castling_at || e - castling_end < 2) return false;
  position& pos = rec_.pos;
  bool plain = true;  // see record::plain_tail
  if (castling_end - castling_at != 1 || *castling_at != '-') {
    // Rights from K/Q/k/q letters alone keep the tail plain; file letters do not.
    if (const bitboard rights = outermost_rights(castling_at, castling_end, e, pos); rights != 0) {
      pos.castling_rooks = rights;
    } else if (castling_letters(castling_at, castling_end, pos) != nullptr) {
      plain = false;
    } else {
      return false;
    }
  }
  const char* const ep_at = castling_end + 1;
  const char* after_ep = ep_at + 1;
  square ep = no_square;
  if (*ep_at != '-') {
    if (*ep_at < 'a' || *ep_at > 'h' || e - ep_at < 2 || (ep_at[1] != '3' && ep_at[1] != '6')) {
      pos.castling_rooks = 0;
      return false;
    }
    ep = make_square(*ep_at - 'a', ep_at[1] - '1');
    ++after_ep;
  }
  std::uint32_t halfmove = 0;
  std::uint32_t fullmove = 1;
  std::uint8_t notes = 0;
  if (after_ep == e) {
    notes |= static_cast<std::uint8_t>(record_note::epd_form);
  } else {
    const char* const halfmove_at = after_ep + 1;
    const char* halfmove_end = halfmove_at;
    while (halfmove_end != e && *halfmove_end != ' ') ++halfmove_end;
    if (*after_ep != ' ' || halfmove_end == e ||
        !read_short_number(halfmove_at, halfmove_end, halfmove) ||
        !read_short_number(halfmove_end + 1, e, fullmove)) {
      pos.castling_rooks = 0;
      return false;
    }
    if (fullmove == 0) {
      fullmove = 1;
      notes |= static_cast<std::uint8_t>(record_note::fullmove_zero);
    }
    const auto leading_zero = [](const char* digits, const char* stop) {
      return stop - digits > 1 && *digits == '0';
    };
    plain &= !leading_zero(halfmove_at, halfmove_end) && !leading_zero(halfmove_end + 1, e);
  }
  rec_.side_column = column(p + 1);
  rec_.ep_column = column(ep_at);
  rec_.notes |= notes;
  pos.side_to_move = p[1] == 'w' ? color::white : color::black;
  pos.ep_square = ep;
  pos.halfmove_clock = halfmove;
  pos.fullmove_number = fullmove;
  rec_.plain_tail = plain;
  p_ = e;
  return true;
}

fen_status decoder::run() noexcept {
  if (static_cast<std::size_t>(end_ - begin_) > max_line_length) {
    return {fen_errc::line_too_long, static_cast<std::uint32_t>(max_line_length + 1)};
  }
  p_ = begin_;
  const char* const line_end = end_;
  while (p_ != end_ && is_blank(*p_)) ++p_;
  while (end_ != p_ && is_blank(end_[-1])) --end_;
  if (p_ == end_) return {fen_errc::skipped_blank, 0};
  if (*p_ == '#') return {fen_errc::skipped_comment, 0};
  if (p_ != begin_ || end_ != line_end) {
    rec_.notes |= static_cast<std::uint8_t>(record_note::whitespace_normalized);
  }

  const char* const placement_begin = p_;
  rec_.placement_column = column(p_);
  if (const char* field_end = fast_paths_ ? kernel_(p_, end_, rec_.pos) : nullptr;
      field_end != nullptr) {
    p_ = field_end;
  } else if (fen_status s = placement(); !s.ok()) {
    return s;
  }
  rec_.placement_length = static_cast<std::uint32_t>(p_ - placement_begin);
  if (fast_paths_ && fast_tail()) return {};
  skip_blanks();
  if (fen_status s = side(); !s.ok()) return s;
  skip_blanks();
  if (fen_status s = castling(); !s.ok()) return s;
  skip_blanks();
  if (fen_status s = en_passant(); !s.ok()) return s;
  return counters_and_operations();
}

}  // namespace

fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept {
  return decode_with(line, options, out, &scalar_placement);
}

const char* fast_placement(const char* p, const char* end, position& pos) noexcept {
  return scalar_placement(p, end, pos);
}

fen_status decode_with(std::string_view line, const decode_options& options, record& out,
                       placement_kernel placement) noexcept {
  // Field by field: `out = record{}` compiled to a memset call that cost more than the fields.
  out.pos.by_color = {};
  out.pos.by_type = {};
  out.pos.castling_rooks = 0;
  out.pos.ep_square = no_square;
  out.pos.side_to_move = color::white;
  out.pos.halfmove_clock = 0;
  out.pos.fullmove_number = 1;
  out.legal_ep = no_square;
  out.pseudo_legal_ep = false;
  out.in_check = false;
  out.repairs = 0;
  out.notes = 0;
  out.operations_begin = 0;
  out.operations_end = 0;
  out.placement_column = 0;
  out.placement_length = 0;
  out.side_column = 0;
  out.ep_column = 0;
  out.stale_castling_column = 0;
  out.plain_tail = false;
  return decoder(line, options, out, placement, placement != nullptr).run();
}

fen_status decode_precise(std::string_view line, const decode_options& options,
                          record& out) noexcept {
  return decode_with(line, options, out, nullptr);
}

}  // namespace fenbatch::core::simd::scalar
