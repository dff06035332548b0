#include "ten_by_eight_start.hpp"

#include <cstdint>

namespace fenbatch::gen {
namespace {

namespace t = core::ten_by_eight;

constexpr back_rank_array make_array(std::string_view letters) noexcept {
  back_rank_array a{};
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = letters[i];
  return a;
}

// On rank 1, a1 is dark: the even files (a c e g i) are dark, the odd ones light.
constexpr bool is_light_file(int file) noexcept {
  return file % 2 == 1;
}

// Puts `piece` on the n-th (from the a file) free square that `fits`.
template <typename Fits>
void place(back_rank_array& a, char piece, std::uint32_t n, Fits fits) noexcept {
  for (std::size_t file = 0; file < a.size(); ++file) {
    if (a[file] != '\0' || !fits(static_cast<int>(file))) continue;
    if (n-- == 0) {
      a[file] = piece;
      return;
    }
  }
}

t::piece_type type_of(char letter) noexcept {
  switch (letter) {
    case 'n': return t::piece_type::knight;
    case 'b': return t::piece_type::bishop;
    case 'r': return t::piece_type::rook;
    case 'q': return t::piece_type::queen;
    case 'k': return t::piece_type::king;
    case 'a': return t::piece_type::archbishop;
    default: return t::piece_type::chancellor;
  }
}

}  // namespace

back_rank_array fixed_start_array(variant v) noexcept {
  switch (v) {
    case variant::gothic: return make_array("rnbqckabnr");
    case variant::embassy: return make_array("rnbqkcabnr");
    case variant::janus: return make_array("ranbkqbnar");
    default: return make_array("rnabqkbcnr");
  }
}

back_rank_array capablanca_random_array(rng& random) noexcept {
  back_rank_array a{};
  const auto any = [](int) { return true; };
  place(a, 'b', random.below(5), is_light_file);
  place(a, 'b', random.below(5), [](int f) { return !is_light_file(f); });
  // Of the 8 free squares 4 are light and 4 dark; the queen takes one, and the archbishop one
  // of the 4 free squares of the other colour.
  place(a, 'q', random.below(8), any);
  bool queen_light = false;
  for (std::size_t f = 0; f < a.size(); ++f) {
    if (a[f] == 'q') queen_light = is_light_file(static_cast<int>(f));
  }
  place(a, 'a', random.below(4), [&](int f) { return is_light_file(f) != queen_light; });
  place(a, 'c', random.below(6), any);
  place(a, 'n', random.below(5), any);
  place(a, 'n', random.below(4), any);
  // The last three free squares, left to right: rook, king, rook.
  place(a, 'r', 0, any);
  place(a, 'k', 0, any);
  place(a, 'r', 0, any);
  return a;
}

t::position start_position(const back_rank_array& array) noexcept {
  t::position pos;
  for (int file = 0; file < t::file_count; ++file) {
    const t::piece_type type = type_of(array[static_cast<std::size_t>(file)]);
    pos.put({core::color::white, type}, t::make_square(file, 0));
    pos.put({core::color::black, type}, t::make_square(file, 7));
    pos.put({core::color::white, t::piece_type::pawn}, t::make_square(file, 1));
    pos.put({core::color::black, t::piece_type::pawn}, t::make_square(file, 6));
  }
  pos.castling_rooks = pos.pieces(t::piece_type::rook);
  return pos;
}

}  // namespace fenbatch::gen
