// The fast castling resolvers (decoder/castling.cpp) against the letter-by-letter ones they
// replaced (kept below as the reference) and against the general resolver: on random fields
// over random back ranks, the same answer (the rights, or none), and where a fast resolver
// answers, the general one finds the same rights with nothing stale.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include "decoder/castling.hpp"
#include "fenbatch/core/record.hpp"

namespace fenbatch::core {
namespace {

namespace reference {

// Per colour: the king if it is alone on its back rank (else 0), and the rooks there.
struct back_rank_pieces {
  std::array<bitboard, 2> kings;
  std::array<bitboard, 2> rooks;
};
back_rank_pieces castling_pieces(const position& pos) {
  back_rank_pieces out{};
  for (const color side : {color::white, color::black}) {
    const bitboard back = rank_bb(back_rank(side));
    const bitboard k = pos.pieces(side, piece_type::king) & back;
    out.kings[static_cast<std::size_t>(side)] = more_than_one(k) ? 0 : k;
    out.rooks[static_cast<std::size_t>(side)] = pos.pieces(side, piece_type::rook) & back;
  }
  return out;
}

// K, Q, k, q in that order, each the outermost rook beyond a lone king: the rights, or 0.
bitboard outermost_rights(const char* p, const char* field_end, const position& pos) {
  static constexpr std::string_view order = "KQkq";
  if (p == field_end || field_end - p > 4) return 0;
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

// Any letters in canonical order, each naming a rook, one right per side of the king: the
// rights, or nothing.
std::optional<bitboard> castling_letters(const char* p, const char* field_end,
                                         const position& pos) {
  if (field_end - p > 4) return std::nullopt;
  const auto [kings, rooks] = castling_pieces(pos);
  int last_key = -1;
  std::array<unsigned, 2> sides_used{};
  bitboard rights = 0;
  for (; p != field_end; ++p) {
    const char lower = static_cast<char>(*p | 0x20);
    int order = 0;
    if (lower == 'k') {
      order = 9;
    } else if (lower >= 'a' && lower <= 'h') {
      order = lower - 'a' + 1;
    } else if (lower != 'q') {
      return std::nullopt;
    }
    const color side = *p >= 'a' ? color::black : color::white;
    const int key = 16 * to_index(side) + 9 - order;
    if (key <= last_key) return std::nullopt;
    last_key = key;
    const bitboard king = kings[static_cast<std::size_t>(side)];
    const bitboard own_rooks = rooks[static_cast<std::size_t>(side)];
    if (king == 0) return std::nullopt;
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
    if (rook == 0) return std::nullopt;
    const unsigned which = rook > king ? 2 : 1;
    unsigned& used = sides_used[static_cast<std::size_t>(side)];
    if ((used & which) != 0) return std::nullopt;
    used |= which;
    rights |= rook;
  }
  return rights;
}

}  // namespace reference

std::mt19937_64 engine(960);

int uniform(int below) {
  return static_cast<int>(engine() % static_cast<std::uint64_t>(below));
}

// Back ranks as castling sees them: a king (now and then none or two), up to four rooks, and
// other pieces, one on a square as the decoder makes them; the rest of the board empty.
position random_back_ranks() {
  position pos;
  for (const color c : {color::white, color::black}) {
    const int back = back_rank(c);
    const int kings = uniform(12) == 0 ? uniform(3) : 1;
    for (int k = 0; k < kings; ++k) {
      const square s = make_square(uniform(8), back);
      if (!pos.piece_on(s)) pos.put(piece{{c, piece_type::king}}, s);
    }
    for (int r = uniform(5); r > 0; --r) {
      const square s = make_square(uniform(8), back);
      if (!pos.piece_on(s)) pos.put(piece{{c, piece_type::rook}}, s);
    }
    for (int n = uniform(4); n > 0; --n) {
      const square s = make_square(uniform(8), uniform(4) == 0 ? 7 - back : back);
      const auto type = static_cast<piece_type>(1 + uniform(3));
      if (!pos.piece_on(s)) pos.put(piece{{static_cast<color>(uniform(2)), type}}, s);
    }
  }
  return pos;
}

// A field of up to 5 bytes, mostly castling letters in canonical order or nearly.
std::string random_field() {
  static constexpr std::string_view letters = "KQkqKQkqABCDEFGHabcdefgh-x";
  std::string field;
  for (int n = uniform(6); n > 0; --n) field += letters[static_cast<std::size_t>(uniform(26))];
  if (uniform(3) == 0) {
    // Canonical order: sort white before black, K, files h..a, Q.
    const auto key = [](char c) {
      const char lower = static_cast<char>(c | 0x20);
      const int order = lower == 'k' ? 9 : lower == 'q' ? 0 : lower - 'a' + 1;
      return 16 * (c >= 'a' ? 1 : 0) + 9 - order;
    };
    std::sort(field.begin(), field.end(), [&](char a, char b) { return key(a) < key(b); });
  }
  return field;
}

TEST(CastlingFast, MatchesTheLetterByLetterResolvers) {
  int outermost_answers = 0;
  int letters_answers = 0;
  for (int i = 0; i < 300000; ++i) {
    const position pos = random_back_ranks();
    const std::string field = random_field();
    // The field inside a line, with (long) and without (short) 4 bytes after its start.
    for (const bool long_line : {true, false}) {
      const std::string line = " w " + field + (long_line ? " - 0 1" : "");
      const char* p = line.data() + 3;
      const char* field_end = p + field.size();
      const bitboard expected = reference::outermost_rights(p, field_end, pos);
      ASSERT_EQ(decoder::outermost_rights(p, field_end, line.data() + line.size(), pos), expected)
          << "outermost_rights \"" << field << "\" #" << i;
      outermost_answers += expected != 0 ? 1 : 0;
    }
    const std::optional<bitboard> expected =
        reference::castling_letters(field.data(), field.data() + field.size(), pos);
    position resolved = pos;
    const char* answer =
        decoder::castling_letters(field.data(), field.data() + field.size(), resolved);
    ASSERT_EQ(answer != nullptr, expected.has_value()) << "castling_letters \"" << field << "\"";
    if (!expected) continue;
    ++letters_answers;
    ASSERT_EQ(resolved.castling_rooks, *expected) << "castling_letters \"" << field << "\"";
    // The general resolver reads the same rights and finds nothing stale or wrong.
    record rec;
    rec.pos = pos;
    const std::string line = "x " + field;
    if (field.empty()) continue;  // (the general resolver reads a field that is not "-")
    const decoder::castling_problem problem = decoder::resolve_castling(
        line.data() + 2, line.data() + line.size(), line.data(), false, rec);
    ASSERT_EQ(problem.at, nullptr) << "\"" << field << "\"";
    ASSERT_EQ(rec.stale_castling_column, 0U)
        << "\"" << field << "\" " << pos.by_color[0] << " " << pos.by_color[1] << " k"
        << pos.by_type[5] << " r" << pos.by_type[3];
    ASSERT_EQ(rec.pos.castling_rooks, *expected) << "\"" << field << "\"";
  }
  // Both answer often enough for the comparison to mean something.
  EXPECT_GT(outermost_answers, 10000);
  EXPECT_GT(letters_answers, 20000);
}

}  // namespace
}  // namespace fenbatch::core
