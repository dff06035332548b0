// Chess960 start positions by Scharnagl number. Expected back ranks come from published tables
// (the 960-entry list in the Minic engine's positionTools.cpp, which also gives the Shredder-FEN
// strings below; 960.chriswijnia.com for #494; 0, 518 and 959 as every source states them);
// the other checks are the rules of Chess960 themselves.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "fenbatch/core/chess960.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::core {
namespace {

std::string letters(const back_rank_pieces& rank) {
  constexpr std::string_view names = "PNBRQK";
  std::string text;
  for (const piece_type t : rank) text += names[static_cast<std::size_t>(to_index(t))];
  return text;
}

TEST(Chess960, BackRanksOfThePublishedTable) {
  EXPECT_EQ(letters(chess960_back_rank(0)), "BBQNNRKR");
  EXPECT_EQ(letters(chess960_back_rank(1)), "BQNBNRKR");
  EXPECT_EQ(letters(chess960_back_rank(4)), "QBBNNRKR");
  EXPECT_EQ(letters(chess960_back_rank(16)), "BBNQNRKR");
  EXPECT_EQ(letters(chess960_back_rank(63)), "NNRQKRBB");
  EXPECT_EQ(letters(chess960_back_rank(80)), "BBNNRKRQ");
  EXPECT_EQ(letters(chess960_back_rank(494)), "QRNKNBBR");
  EXPECT_EQ(letters(chess960_back_rank(standard_start_number)), "RNBQKBNR");
  EXPECT_EQ(letters(chess960_back_rank(959)), "RKRNNQBB");
}

TEST(Chess960, NumbersWrapAround) {
  EXPECT_EQ(chess960_back_rank(chess960_start_count), chess960_back_rank(0));
  EXPECT_EQ(chess960_back_rank(chess960_start_count + standard_start_number),
            chess960_back_rank(standard_start_number));
}

TEST(Chess960, StartPositionsAsFen) {
  EXPECT_EQ(to_canonical(chess960_start_position(standard_start_number)),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const write_options shredder{output_format::fen, castling_notation::shredder, ep_policy::legal};
  EXPECT_EQ(to_canonical(chess960_start_position(3), shredder),
            "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1");
  EXPECT_EQ(to_canonical(chess960_start_position(959), shredder),
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
}

TEST(Chess960, EveryStartPositionFollowsTheRulesAndIsDistinct) {
  std::set<std::string> seen;
  for (std::uint32_t n = 0; n < chess960_start_count; ++n) {
    const std::string rank = letters(chess960_back_rank(n));
    SCOPED_TRACE("start position " + std::to_string(n) + ": " + rank);
    // Bishops on squares of both colours (a1 is dark: even files), the king between the rooks.
    const std::size_t first_bishop = rank.find('B');
    const std::size_t second_bishop = rank.rfind('B');
    EXPECT_NE(first_bishop % 2, second_bishop % 2);
    EXPECT_LT(rank.find('R'), rank.find('K'));
    EXPECT_LT(rank.find('K'), rank.rfind('R'));
    std::string sorted = rank;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, "BBKNNQRR");
    EXPECT_TRUE(seen.insert(rank).second);
    // Its FEN (X-FEN: the outermost rooks are K and Q) reads back as a valid position.
    const position pos = chess960_start_position(n);
    const std::string fen = to_canonical(pos);
    record rec;
    ASSERT_TRUE(parse_record(fen, {}, rec).ok()) << fen;
    EXPECT_EQ(rec.pos, pos);
    EXPECT_NE(fen.find(" w KQkq - 0 1"), std::string::npos) << fen;
  }
  EXPECT_EQ(seen.size(), chess960_start_count);
}

}  // namespace
}  // namespace fenbatch::core
