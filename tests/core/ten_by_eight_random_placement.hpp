// Random 10x8 placements for the differential tests: pieces, counts, "10", now and then a
// byte of another kind, each rank near ten squares wide and near eight ranks, so that most
// are well formed and the rest fail in every way a fast path must decline.
#pragma once

#include <cstddef>
#include <random>
#include <string>
#include <string_view>

namespace fenbatch::test {

inline std::size_t pick_below(std::mt19937_64& rng, std::size_t n) {
  return static_cast<std::size_t>(rng() % n);
}

inline std::string random_ten_by_eight_placement(std::mt19937_64& rng) {
  static constexpr std::string_view pieces = "PNBRQKACpnbrqkac";
  static constexpr std::string_view others = "0xX@[`{~.-+\x80\xff";
  const auto near = [&rng](int usual) {  // one time in twenty, one less or one more
    return pick_below(rng, 20) != 0 ? usual : usual - 1 + 2 * static_cast<int>(pick_below(rng, 2));
  };
  std::string line;
  const int ranks = near(8);
  for (int rank = 0; rank < ranks; ++rank) {
    if (rank != 0) line += '/';
    const int width = near(10);
    bool after_count = false;
    for (int file = 0; file < width;) {
      const std::size_t kind = pick_below(rng, 1000);
      if (kind < 4) {
        line += others[pick_below(rng, others.size())];
        ++file;
      } else if (kind < 600 || (after_count && kind < 995)) {
        line += pieces[pick_below(rng, pieces.size())];
        ++file;
        after_count = false;
      } else {
        const int run =
            1 + static_cast<int>(pick_below(rng, static_cast<std::size_t>(width - file)));
        line += std::to_string(run);
        file += run;
        after_count = true;
      }
    }
  }
  return line;
}

}  // namespace fenbatch::test
