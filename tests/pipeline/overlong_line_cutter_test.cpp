// The stream side of the overlong-line rule (core/line_limits.hpp): a line over the cap is cut
// two bytes over it plus an LF, its tail is dropped up to its own LF, and every dropped byte and
// CRLF ending is accounted for as if the whole line had been read.
#include "input/overlong_line_cutter.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace fenbatch::pipeline::detail {
namespace {

constexpr std::size_t cap = core::max_line_length;
const std::string bom = "\xEF\xBB\xBF";

std::vector<char> bytes(std::string_view s) {
  return {s.begin(), s.end()};
}
std::string text(const std::vector<char>& v) {
  return {v.begin(), v.end()};
}

TEST(OverlongLineCutter, LeavesALineThatMayStillEndWithinTheCap) {
  // cap + 1 bytes: a CR last and an LF next would make it a CRLF line of cap bytes.
  std::vector<char> buffer(cap + 1, 'a');
  overlong_line_cutter cutter;
  EXPECT_FALSE(cutter.cut(buffer, 0));
  EXPECT_EQ(buffer.size(), cap + 1);
  EXPECT_FALSE(cutter.skipping());
  EXPECT_TRUE(cutter.take_dropped().empty());
}

TEST(OverlongLineCutter, CutsALongerLineTwoBytesOverTheCapAndEndsItWithAnLf) {
  std::vector<char> buffer(cap + 100, 'a');
  overlong_line_cutter cutter;
  ASSERT_TRUE(cutter.cut(buffer, 0));
  EXPECT_EQ(text(buffer), std::string(cap + 2, 'a') + "\n");
  EXPECT_TRUE(cutter.skipping());
  const auto dropped = cutter.take_dropped();
  EXPECT_EQ(dropped.after_kept, 98U);
  EXPECT_EQ(dropped.tail, 0U);
  EXPECT_EQ(dropped.crlf_lines, 0U);
  EXPECT_TRUE(cutter.take_dropped().empty()) << "what was dropped is handed out once";
}

TEST(OverlongLineCutter, AByteOrderMarkInFrontIsNotPartOfTheLine) {
  std::vector<char> fits = bytes(bom + std::string(cap + 1, 'a'));
  overlong_line_cutter cutter;
  EXPECT_FALSE(cutter.cut(fits, bom.size()));
  std::vector<char> over = bytes(bom + std::string(cap + 3, 'a'));
  ASSERT_TRUE(cutter.cut(over, bom.size()));
  EXPECT_EQ(text(over), bom + std::string(cap + 2, 'a') + "\n");
  EXPECT_EQ(cutter.take_dropped().after_kept, 1U);
}

TEST(OverlongLineCutter, AKeptCrIsNotTakenForTheLineEndAndTheRejectsPrefixStaysIntact) {
  std::vector<char> buffer = bytes(std::string(cap + 1, 'a') + "\rbbb");
  overlong_line_cutter cutter;
  ASSERT_TRUE(cutter.cut(buffer, 0));
  const std::string cut = text(buffer);
  EXPECT_EQ(cut.size(), cap + 3);
  EXPECT_NE(cut[cap + 1], '\r') << "a CR before the synthetic LF would read as CRLF";
  EXPECT_EQ(cut.back(), '\n');
  EXPECT_EQ(core::overlong_line_prefix(cut), std::string(cap + 1, 'a'));
}

TEST(OverlongLineCutter, DropsTheTailUpToItsLfAcrossReads) {
  std::vector<char> buffer(cap + 2, 'a');
  overlong_line_cutter cutter;
  ASSERT_TRUE(cutter.cut(buffer, 0));
  std::vector<char> more = bytes("xxxx");
  cutter.skip_tail(more);
  EXPECT_TRUE(more.empty());
  EXPECT_TRUE(cutter.skipping());
  std::vector<char> last = bytes("yy\nnext\n");
  cutter.skip_tail(last);
  EXPECT_EQ(text(last), "next\n");
  EXPECT_FALSE(cutter.skipping());
  const auto dropped = cutter.take_dropped();
  EXPECT_EQ(dropped.tail, 7U);  // "xxxx" and "yy\n"
  EXPECT_EQ(dropped.crlf_lines, 0U);
}

TEST(OverlongLineCutter, CountsACrlfEndingWhereverItsCrWasRead) {
  const auto crlf_lines = [](const std::string& first, const std::vector<std::string>& reads) {
    std::vector<char> buffer = bytes(first);
    overlong_line_cutter cutter;
    EXPECT_TRUE(cutter.cut(buffer, 0));
    for (const std::string& r : reads) {
      std::vector<char> b = bytes(r);
      cutter.skip_tail(b);
    }
    EXPECT_FALSE(cutter.skipping());
    return cutter.take_dropped().crlf_lines;
  };
  const std::string line(cap + 10, 'a');
  EXPECT_EQ(crlf_lines(line, {"b\r\n"}), 1U);      // CR and LF in one read
  EXPECT_EQ(crlf_lines(line, {"b\r", "\n"}), 1U);  // LF first in the next read
  EXPECT_EQ(crlf_lines(line + "\r", {"\n"}), 1U);  // CR cut with the kept part's read
  EXPECT_EQ(crlf_lines(line.substr(0, cap + 1) + "\r", {"\n"}), 1U);  // CR kept (stand-in)
  EXPECT_EQ(crlf_lines(line, {"b\n"}), 0U);
  EXPECT_EQ(crlf_lines(line + "\r", {"b", "\n"}), 0U);  // a CR inside the line is no ending
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
