// line_splitter's two ways through a buffer: blocks wholly inside it, scanned inline by next(),
// and the last, partial block and the end (next_in_later_block). Random buffers of every
// size up to a few blocks, with lines from empty to longer than three blocks, CRs before and
// away from the LF, and an unterminated last line, against a reference split written here
// (std::string_view::find, line by line).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/line_splitter.hpp"

namespace fenbatch::core {
namespace {

struct expected_line {
  std::string_view text;
  bool crlf;
};

std::vector<expected_line> reference_split(std::string_view buffer) {
  std::vector<expected_line> out;
  std::size_t start = 0;
  while (start < buffer.size()) {
    const std::size_t lf = buffer.find('\n', start);
    const std::size_t end = lf == std::string_view::npos ? buffer.size() : lf;
    std::string_view text = buffer.substr(start, end - start);
    const bool crlf = !text.empty() && text.back() == '\r';
    if (crlf) text.remove_suffix(1);
    out.push_back({text, crlf});
    if (lf == std::string_view::npos) break;
    start = lf + 1;
  }
  return out;
}

std::string random_buffer(std::mt19937& rng) {
  std::string buffer;
  const std::size_t target = rng() % 400;
  while (buffer.size() < target) {
    const std::size_t length = rng() % 8 == 0 ? rng() % 220 : rng() % 90;
    for (std::size_t i = 0; i < length; ++i) {
      buffer += rng() % 20 == 0 ? '\r' : static_cast<char>('a' + rng() % 26);
    }
    if (rng() % 4 == 0) buffer += '\r';
    buffer += '\n';
  }
  buffer.resize(target);  // often cut inside a line: an unterminated last line
  return buffer;
}

TEST(LineSplitterBlocks, AsTheReferenceOnRandomBuffersOfEverySize) {
  std::mt19937 rng(20261128);
  std::size_t lines = 0;
  std::size_t long_buffers = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::string buffer = random_buffer(rng);
    long_buffers += buffer.size() >= 256 ? 1 : 0;
    const std::vector<expected_line> expected = reference_split(buffer);
    line_splitter splitter(buffer);
    std::size_t i = 0;
    for (line_span line; splitter.next(line); ++i) {
      ASSERT_LT(i, expected.size()) << "round " << round;
      EXPECT_EQ(line.text.data(), expected[i].text.data()) << "round " << round << " line " << i;
      EXPECT_EQ(line.text.size(), expected[i].text.size()) << "round " << round << " line " << i;
      EXPECT_EQ(line.crlf, expected[i].crlf) << "round " << round << " line " << i;
    }
    EXPECT_EQ(i, expected.size()) << "round " << round;
    EXPECT_TRUE(splitter.rest().empty());
    lines += i;
  }
  EXPECT_GT(lines, 10000U);
  EXPECT_GT(long_buffers, 1000U);  // several full blocks before the last one
}

}  // namespace
}  // namespace fenbatch::core
