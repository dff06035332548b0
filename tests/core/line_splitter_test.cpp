#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "fenbatch/core/line_splitter.hpp"

namespace fenbatch::core {
namespace {

std::vector<std::pair<std::string, bool>> split(std::string_view input) {
  std::vector<std::pair<std::string, bool>> out;
  line_splitter lines(input);
  for (line_span line; lines.next(line);) out.emplace_back(std::string(line.text), line.crlf);
  return out;
}

using lines_t = std::vector<std::pair<std::string, bool>>;

TEST(LineSplitter, EmptyInputHasNoLines) {
  EXPECT_EQ(split(""), lines_t{});
}

TEST(LineSplitter, OnlyANewlineIsOneEmptyLine) {
  EXPECT_EQ(split("\n"), (lines_t{{"", false}}));
}

TEST(LineSplitter, LastLineWithoutNewlineIsKept) {
  EXPECT_EQ(split("a\nb"), (lines_t{{"a", false}, {"b", false}}));
  EXPECT_EQ(split("a\nb\n"), (lines_t{{"a", false}, {"b", false}}));
}

TEST(LineSplitter, OneCarriageReturnBeforeNewlineIsDropped) {
  EXPECT_EQ(split("a\r\nb\n"), (lines_t{{"a", true}, {"b", false}}));
  // Only one: the second CR stays and the decoder rejects it.
  EXPECT_EQ(split("a\r\r\n"), (lines_t{{"a\r", true}}));
  // The end of the input counts as a line end.
  EXPECT_EQ(split("a\r"), (lines_t{{"a", true}}));
}

TEST(LineSplitter, LoneCarriageReturnDoesNotEndALine) {
  EXPECT_EQ(split("a\rb\n"), (lines_t{{"a\rb", false}}));
}

TEST(LineSplitter, EmbeddedNulIsPartOfTheLine) {
  const std::string input("a\0b\nc", 5);
  EXPECT_EQ(split(input), (lines_t{{std::string("a\0b", 3), false}, {"c", false}}));
}

TEST(LineSplitter, ByteOrderMarkIsRecognizedOnlyAtTheStart) {
  EXPECT_EQ(bom_length("\xEF\xBB\xBFx"), 3U);
  EXPECT_EQ(bom_length("x\xEF\xBB\xBF"), 0U);
  EXPECT_EQ(bom_length("\xEF\xBB"), 0U);
}

}  // namespace
}  // namespace fenbatch::core
