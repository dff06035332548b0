// Shared by the 10x8 perft tests: reads ../shared/vectors/perft-10x8.epd ("FEN ;D1 n ;D2 n
// ...", counts from Fairy-Stockfish) and checks the depths whose node counts lie in a range.
#pragma once

#include <gtest/gtest.h>

#include <charconv>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "fenbatch/core/ten_by_eight/movegen.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "shared_data.hpp"

namespace fenbatch::test {

struct ten_by_eight_perft_case {
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> depths;  // (depth, nodes) from the suite
};

inline ten_by_eight_perft_case parse_ten_by_eight_perft_line(const std::string& line) {
  ten_by_eight_perft_case c;
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

// Checks every depth of every line whose node count is in [min_nodes, max_nodes]; returns how
// many depths it checked.
inline int check_ten_by_eight_perft(const std::filesystem::path& file, std::uint64_t min_nodes,
                                    std::uint64_t max_nodes) {
  int checked = 0;
  for (const std::string& line : read_lines(file)) {
    if (line.empty()) continue;
    const ten_by_eight_perft_case c = parse_ten_by_eight_perft_line(line);
    core::ten_by_eight::record rec;
    const core::fen_status status = core::ten_by_eight::parse_record(c.fen, {}, rec);
    EXPECT_TRUE(status.ok()) << c.fen << ": " << core::to_string(status.code);
    if (!status.ok()) continue;
    for (const auto& [depth, nodes] : c.depths) {
      if (nodes < min_nodes || nodes > max_nodes) continue;
      EXPECT_EQ(core::ten_by_eight::perft(rec.pos, depth), nodes) << c.fen << " depth " << depth;
      ++checked;
    }
  }
  return checked;
}

}  // namespace fenbatch::test
