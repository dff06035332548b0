// One line of a perft suite in ../shared/vectors, "FEN ;D1 20 ;D2 400 ...": the position and
// its (depth, nodes) pairs, for the 8x8 and the 10x8 perft tests alike.
#pragma once

#include <gtest/gtest.h>

#include <charconv>
#include <cstdint>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace fenbatch::test {

struct perft_suite_line {
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> depths;  // (depth, nodes) from the suite
};

inline perft_suite_line parse_perft_suite_line(const std::string& line) {
  perft_suite_line c;
  const std::size_t first = line.find(';');
  c.fen = line.substr(0, first);
  for (std::size_t at = first; at != std::string::npos; at = line.find(';', at + 1)) {
    int depth = 0;
    std::uint64_t nodes = 0;
    const char* end = line.data() + line.size();
    auto r = std::from_chars(line.data() + at + 2, end, depth);  // skip ";D"
    r = std::from_chars(r.ptr + 1, end, nodes);
    EXPECT_EQ(r.ec, std::errc()) << line;
    c.depths.emplace_back(depth, nodes);
  }
  return c;
}

}  // namespace fenbatch::test
